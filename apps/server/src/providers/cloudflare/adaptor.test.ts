import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { canonicalRequest } from '../../../test/canonical-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { cloudflareAdaptor } from './adaptor.js';
import { eventText } from '../../../test/event-text.js';

const MODEL = '@cf/meta/llama-3.2-11b-vision-instruct';

const request = (body: unknown, stream = false, config: Record<string, string> = { user_id: 'acc1' }): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: channelType(37)!, key: 'cf-token', config }), { model: MODEL, stream, body });

describe('Cloudflare Workers AI adaptor (OpenAI-compatible endpoints)', () => {
  it('sends the canonical request byte for byte, image and tool included, with the API token', () => {
    const built = cloudflareAdaptor.buildRequest(request(canonicalRequest(MODEL), true));
    expect(built.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc1/ai/v1/chat/completions');
    expect(built.headers).toMatchObject({ authorization: 'Bearer cf-token', accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(JSON.parse(built.body.toString('utf8'))).toEqual(canonicalRequest(MODEL));
  });

  it('refuses before any call when the channel has no account id and no gateway base', async () => {
    const refusal = await cloudflareAdaptor.prepare?.(request({}, false, {}).target, () => Promise.reject(new Error('no call')));
    expect(refusal).toMatchObject({ status: 500, error: { code: 'channel_config_missing' } });
    const gateway = { ...request({}).target, baseUrl: 'https://gateway.ai.cloudflare.com/v1/acc/gw', config: {} };
    expect(await cloudflareAdaptor.prepare?.(gateway, () => Promise.reject(new Error('no call')))).toBeUndefined();
  });

  it('reads the usage of a non-stream answer, and its text when there is no usage to bill by', () => {
    const body = { id: 'id-1', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } };
    const answer = cloudflareAdaptor.parseAnswer(request({}), Buffer.from(JSON.stringify(body)), 'application/json');
    expect(answer).toMatchObject({ usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 } });
    const { usage: _usage, ...withoutUsage } = body;
    expect(cloudflareAdaptor.parseAnswer(request({}), Buffer.from(JSON.stringify(withoutUsage)), 'application/json')).toMatchObject({ usage: undefined, text: 'A single white pixel.' });
  });

  it('relays stream chunks as they are and ends on [DONE]', () => {
    const parser = cloudflareAdaptor.streamParser?.(request({}, true));
    const chunk = JSON.stringify({ id: 'id-1', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: 'A single' }, finish_reason: null }] });
    const event = parser?.event(chunk);
    expect(event?.forward).toEqual([chunk]);
    expect(event?.usage).toBeUndefined();
    expect(eventText(event)).toBe('A single');
    expect(parser?.event('[DONE]')).toEqual({ forward: ['[DONE]'], text: '', done: true });
  });
});
