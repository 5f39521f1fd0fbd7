/**
 * The Lua scripts that count rate limits in Redis, atomically, so several nodes share one count. Per scope
 * (a key or a user) five keys: `r` the requests of the last minute (sorted set, scored by time), `t` the
 * settled token counts of the last minute (members `<request id>:<tokens>`) and `ts` their sum, `f` the
 * running requests (members `<request id>:<reserved tokens>`, scored by start) and `fs` the tokens they
 * reserved. A running entry older than the lease is dropped, so a node that died never holds a slot for long.
 *
 * Time is Redis's own clock (TIME), so nodes whose clocks differ still share one window; ARGV[1] is unused.
 *
 * ADMIT  ARGV: now, window, lease, request id, scope count, then per scope rpm, tpm, concurrency, estimate.
 *        Returns {1, now, per scope: requests, oldest request, tokens, oldest settled} or {0, retry ms, dimension, scope index}.
 * FINISH ARGV: now, window, lease, request id, scope count, then per scope rpm, tpm, concurrency, reserved, tokens.
 * RENEW  ARGV: as FINISH (tokens unused): restarts the lease of a request still running (a Realtime session).
 */
const COMMON = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local win, lease, id, n = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
local function num(key) return math.max(0, tonumber(redis.call('GET', key) or '0')) end
local function purge(set, sum, before)
  local old = redis.call('ZRANGEBYSCORE', set, '-inf', before)
  if #old == 0 then return end
  local drop = 0
  for _, member in ipairs(old) do drop = drop + tonumber(string.match(member, ':(%d+)$') or '0') end
  redis.call('ZREMRANGEBYSCORE', set, '-inf', before)
  redis.call('DECRBY', sum, drop)
end
local function oldest(set)
  local first = redis.call('ZRANGE', set, 0, 0, 'WITHSCORES')
  return first[2] and tonumber(first[2]) or 0
end
`;

export const ADMIT_SCRIPT = `${COMMON}
local stats = {}
for i = 0, n - 1 do
  local k, a = i * 5, 5 + i * 4
  local rpm, tpm, conc, est = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
  local requests, tokens = 0, 0
  if rpm > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 1], '-inf', now - win)
    requests = redis.call('ZCARD', KEYS[k + 1])
    if requests >= rpm then return {0, oldest(KEYS[k + 1]) + win - now, 'requests', i} end
  end
  if conc > 0 or tpm > 0 then purge(KEYS[k + 4], KEYS[k + 5], now - lease) end
  if conc > 0 and redis.call('ZCARD', KEYS[k + 4]) >= conc then return {0, 1000, 'concurrency', i} end
  if tpm > 0 then
    purge(KEYS[k + 2], KEYS[k + 3], now - win)
    tokens = num(KEYS[k + 3]) + num(KEYS[k + 5])
    if tokens >= tpm or (tokens > 0 and tokens + est > tpm) then
      local reset = oldest(KEYS[k + 2])
      return {0, reset > 0 and reset + win - now or 1000, 'tokens', i}
    end
  end
  stats[#stats + 1] = {requests, tokens}
end
local out = {1, now}
for i = 0, n - 1 do
  local k, a = i * 5, 5 + i * 4
  local rpm, tpm, conc, est = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
  if rpm > 0 then
    redis.call('ZADD', KEYS[k + 1], now, id)
    redis.call('PEXPIRE', KEYS[k + 1], win)
  end
  if conc > 0 or tpm > 0 then
    local reserved = tpm > 0 and est or 0
    redis.call('ZADD', KEYS[k + 4], now, id .. ':' .. reserved)
    redis.call('INCRBY', KEYS[k + 5], reserved)
    redis.call('PEXPIRE', KEYS[k + 4], lease)
    redis.call('PEXPIRE', KEYS[k + 5], lease)
  end
  local s = stats[i + 1]
  out[#out + 1] = rpm > 0 and s[1] + 1 or 0
  out[#out + 1] = rpm > 0 and oldest(KEYS[k + 1]) or 0
  out[#out + 1] = tpm > 0 and s[2] + est or 0
  out[#out + 1] = tpm > 0 and oldest(KEYS[k + 2]) or 0
end
return out
`;

export const FINISH_SCRIPT = `${COMMON}
for i = 0, n - 1 do
  local k, a = i * 5, 5 + i * 5
  local tpm, conc, reserved, tokens = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])
  if conc > 0 or tpm > 0 then
    if redis.call('ZREM', KEYS[k + 4], id .. ':' .. reserved) == 1 then redis.call('DECRBY', KEYS[k + 5], reserved) end
  end
  if tpm > 0 and tokens > 0 then
    redis.call('ZADD', KEYS[k + 2], now, id .. ':' .. tokens)
    redis.call('INCRBY', KEYS[k + 3], tokens)
    redis.call('PEXPIRE', KEYS[k + 2], win)
    redis.call('PEXPIRE', KEYS[k + 3], win)
  end
end
return 1
`;

export const RENEW_SCRIPT = `${COMMON}
local renewed = 0
for i = 0, n - 1 do
  local k, a = i * 5, 5 + i * 5
  local tpm, conc, reserved = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
  if conc > 0 or tpm > 0 then
    -- XX: a slot that already ran out (or was finished) is not taken again behind the limit's back.
    renewed = renewed + redis.call('ZADD', KEYS[k + 4], 'XX', 'CH', now, id .. ':' .. reserved)
    redis.call('PEXPIRE', KEYS[k + 4], lease)
    redis.call('PEXPIRE', KEYS[k + 5], lease)
  end
end
return renewed
`;

/** The usage of one scope: ARGV as above (id and count unused). Returns {requests, tokens, running}. */
export const USAGE_SCRIPT = `${COMMON}
purge(KEYS[2], KEYS[3], now - win)
local requests = redis.call('ZCOUNT', KEYS[1], now - win, '+inf')
local running = redis.call('ZCOUNT', KEYS[4], now - lease, '+inf')
return {requests, num(KEYS[3]) + num(KEYS[5]), running}
`;
