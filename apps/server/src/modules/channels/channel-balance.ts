import { channelType } from '@tollgate/contract';
import type { ChannelRow } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import type { UpstreamClient } from '../../relay/upstream-client.js';

/**
 * Where each vendor reports the balance of a key (reference 3.7), in US dollars except where the vendor
 * counts in yuan or points (the console converts by type). OpenAI, Custom and CloseAI answer under the
 * channel's base URL; every other vendor answers on a fixed host of its own, whatever the channel's base
 * URL says: that URL is where requests are relayed (a mirror, or AI Proxy's api.aiproxy.io), not where the
 * vendor keeps accounts (aiproxy.io).
 */
interface BalanceSource {
  /** The vendor's fixed balance host, or RELAY_BASE for the channel's base URL (else the catalog's). */
  host: string;
  fetch(get: (url: string, headers?: Record<string, string>) => Promise<unknown>, base: string, key: string): Promise<number>;
}

const RELAY_BASE = 'relay';

const num = (value: unknown) => {
  const n = Number(value);
  if (!Number.isFinite(n)) throw fail('channel.balance_missing');
  return n;
};
const field = (value: unknown, ...path: string[]) => path.reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined), value);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const creditGrants = (name: 'total_available' | 'total_remaining', host: string): BalanceSource => ({
  host,
  fetch: async (get, base, key) => num(field(await get(`${base}/dashboard/billing/credit_grants`, bearer(key)), name)),
});

const day = (date: Date) => date.toISOString().slice(0, 10);

/** OpenAI's subscription limit minus this month's usage (or the last 100 days' without a payment method). */
const openAI: BalanceSource = {
  host: RELAY_BASE,
  async fetch(get, base, key) {
    const subscription = await get(`${base}/v1/dashboard/billing/subscription`, bearer(key));
    const now = new Date();
    const start = field(subscription, 'has_payment_method') ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) : new Date(now.getTime() - 100 * 86400_000);
    const usage = await get(`${base}/v1/dashboard/billing/usage?start_date=${day(start)}&end_date=${day(now)}`, bearer(key));
    return num(field(subscription, 'hard_limit_usd')) - num(field(usage, 'total_usage')) / 100;
  },
};

export const BALANCE_SOURCES: Record<number, BalanceSource> = {
  1: openAI,
  8: openAI,
  4: creditGrants('total_available', RELAY_BASE),
  12: creditGrants('total_remaining', 'https://api.api2gpt.com'),
  13: creditGrants('total_available', 'https://api.aigc2d.com'),
  5: {
    host: 'https://api.openai-sb.com',
    fetch: async (get, base, key) => num(field(await get(`${base}/sb-api/user/status?api_key=${encodeURIComponent(key)}`), 'data', 'credit')),
  },
  10: {
    host: 'https://aiproxy.io',
    fetch: async (get, base, key) => num(field(await get(`${base}/api/report/getUserOverview`, { 'api-key': key }), 'data', 'totalPoints')),
  },
  44: {
    host: 'https://api.siliconflow.cn',
    async fetch(get, base, key) {
      const info = await get(`${base}/v1/user/info`, bearer(key));
      // Anything but code 20000 is SiliconFlow refusing, whatever else the answer carries.
      if (Number(field(info, 'code')) !== 20000) throw fail('channel.balance_vendor_code', { vendor: 'SiliconFlow', code: String(field(info, 'code')), detail: String(field(info, 'message') ?? '') });
      return num(field(info, 'data', 'totalBalance'));
    },
  },
  36: {
    host: 'https://api.deepseek.com',
    async fetch(get, base, key) {
      const infos = field(await get(`${base}/user/balance`, bearer(key)), 'balance_infos');
      const cny = Array.isArray(infos) ? infos.find((info) => field(info, 'currency') === 'CNY') : undefined;
      return num(field(cny, 'total_balance'));
    },
  },
  20: {
    host: 'https://openrouter.ai/api',
    async fetch(get, base, key) {
      const credits = await get(`${base}/v1/credits`, bearer(key));
      return num(field(credits, 'data', 'total_credits')) - num(field(credits, 'data', 'total_usage'));
    },
  },
};

export const balanceSupported = (type: number) => type in BALANCE_SOURCES;

/** The base URL a channel's balance is asked at. `fixedHosts` replaces vendors' own hosts (tests use fakes). */
export function balanceBase(channel: Pick<ChannelRow, 'type' | 'base_url'>, fixedHosts: Readonly<Record<number, string>> = {}): string {
  const source = BALANCE_SOURCES[channel.type];
  if (!source) throw fail('channel.balance_unsupported');
  const base = source.host === RELAY_BASE ? channel.base_url || channelType(channel.type)?.defaultBaseUrl : (fixedHosts[channel.type] ?? source.host);
  if (!base) throw fail('channel.balance_no_base_url');
  return base.replace(/\/+$/, '');
}

export async function fetchBalance(client: UpstreamClient, channel: Pick<ChannelRow, 'type' | 'key' | 'base_url'>, fixedHosts: Readonly<Record<number, string>> = {}): Promise<number> {
  // balanceBase refuses a type without a balance source, so the source exists past it.
  const base = balanceBase(channel, fixedHosts);
  const source = BALANCE_SOURCES[channel.type]!;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await client.send({ url, method: 'GET', headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(10_000) });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw fail('channel.balance_refused', { status: response.statusCode, detail: text.slice(0, 200) });
    return JSON.parse(text) as unknown;
  };
  return source.fetch(get, base, channel.key.split('\n')[0]?.trim() ?? '');
}
