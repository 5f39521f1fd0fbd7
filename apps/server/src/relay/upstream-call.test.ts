import { CHANNEL_TYPES } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { Adaptor, AdaptorRequest } from '../providers/adaptor.js';
import { bufferedResponse, type UpstreamResponse } from '../providers/upstream-response.js';
import { attemptOutcome } from './health/breaker/attempt-outcome.js';
import { callUpstream } from './upstream-call.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * The credential rule of `callUpstream`, with an adaptor that answers from a script instead of the
 * network: a refused cached credential is dropped and the same channel asked once more, never twice.
 */
const type = CHANNEL_TYPES.find((t) => t.id === 15);
if (!type) throw new Error('no Baidu channel type');

const request: AdaptorRequest = {
  target: { type, key: 'AK|SK', baseUrl: '', other: '', config: {}, settings: {} },
  mode: 'chat',
  path: '/v1/chat/completions',
  model: 'm',
  stream: false,
  body: Buffer.from('{}'),
  contentType: 'application/json',
};

const client = { timeoutMs: 0 } as UpstreamClient;
const json = (status: number, body: unknown) => bufferedResponse(status, 'application/json', Buffer.from(JSON.stringify(body)));
const refused = () => json(401, { error: { message: 'token expired', type: 'authentication_error', code: 'invalid_api_key' } });
const answer = () => json(200, { id: 'ok' });

/** An adaptor whose calls answer `script` in turn, counting calls and dropped credentials. */
function scripted(script: (() => UpstreamResponse)[], cached: boolean) {
  const seen = { calls: 0, forgotten: 0 };
  const adaptor: Adaptor = {
    buildRequest: () => ({ url: 'http://upstream.invalid', headers: {}, body: Buffer.alloc(0) }),
    parseAnswer: (_request, body, contentType) => ({ body, contentType, text: '' }),
    exchange: () => Promise.resolve((script[seen.calls++] ?? answer)()),
    forgetCredentials: () => {
      seen.forgotten += 1;
      return cached;
    },
  };
  return { adaptor, seen };
}

describe('callUpstream and refused credentials', () => {
  it('drops a refused cached credential and asks the same channel once more', async () => {
    const { adaptor, seen } = scripted([refused, answer], true);
    const result = await callUpstream(client, adaptor, request, new AbortController().signal);
    expect(result.ok).toBe(true);
    expect(seen).toEqual({ calls: 2, forgotten: 1 });
  });

  it('asks once more only: a second refusal drops the new credential too and counts as the failure', async () => {
    const { adaptor, seen } = scripted([refused, refused, answer], true);
    const result = await callUpstream(client, adaptor, request, new AbortController().signal);
    expect(result).toMatchObject({ ok: false, error: { status: 401, message: 'token expired' }, retryable: true, disableChannel: true });
    expect(seen).toEqual({ calls: 2, forgotten: 2 });
  });

  it('does not ask again when nothing was cached, or when the client has gone', async () => {
    const uncached = scripted([refused, answer], false);
    expect((await callUpstream(client, uncached.adaptor, request, new AbortController().signal)).ok).toBe(false);
    expect(uncached.seen).toEqual({ calls: 1, forgotten: 1 });

    const gone = new AbortController();
    gone.abort();
    const aborted = scripted([refused, answer], true);
    expect((await callUpstream(client, aborted.adaptor, request, gone.signal)).ok).toBe(false);
    expect(aborted.seen).toEqual({ calls: 1, forgotten: 1 });
  });

  it('leaves other failures alone', async () => {
    const { adaptor, seen } = scripted([() => json(429, { error: { message: 'slow down', type: 'rate_limit_error', code: 'rate_limit_exceeded' } }), answer], true);
    expect((await callUpstream(client, adaptor, request, new AbortController().signal)).ok).toBe(false);
    expect(seen).toEqual({ calls: 1, forgotten: 0 });
  });
});

describe('a request Tollgate cannot build for a channel', () => {
  it('is a 500 of its own, tried on another channel, and says nothing of this channel', async () => {
    let sent = 0;
    const adaptor: Adaptor = {
      buildRequest: () => {
        throw new TypeError("Cannot read properties of null (reading 'type')");
      },
      parseAnswer: (_request, body, contentType) => ({ body, contentType, text: '' }),
      exchange: () => {
        sent += 1;
        return Promise.resolve(answer());
      },
    };
    const result = await callUpstream(client, adaptor, request, new AbortController().signal);
    expect(result).toMatchObject({ ok: false, error: { status: 500, code: 'request_build_failed', message: expect.stringMatching(/could not build the request for this channel: Cannot read/) }, retryable: true, disableChannel: false });
    expect(sent).toBe(0);
    expect(attemptOutcome(result, false)).toBe('neutral');
  });
});
