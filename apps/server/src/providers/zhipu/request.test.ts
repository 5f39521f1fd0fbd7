import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@tollgate/contract';
import type { AdaptorRequest } from '../adaptor.js';
import { zhipuAdaptor } from './adaptor.js';
import { signZhipuToken } from './jwt.js';

const type = CHANNEL_TYPES.find((t) => t.id === 16);
if (!type) throw new Error('channel type 16 missing');

const request = (mode: 'chat' | 'embeddings', body: object, model = 'glm-4', baseUrl = ''): AdaptorRequest => ({
  target: { type, key: 'myid.mysecret', baseUrl, other: '', config: {}, settings: {} },
  mode,
  path: mode === 'chat' ? '/v1/chat/completions' : '/v1/embeddings',
  model,
  stream: (body as { stream?: boolean }).stream === true,
  body: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
});

describe('Zhipu requests (reference providers.md 10.2)', () => {
  it('sends chat to the v4 path with the mapped model and temperature/top_p clamped to [0, 1]', () => {
    const built = zhipuAdaptor.buildRequest(request('chat', { model: 'alias', messages: [{ role: 'user', content: 'hi' }], temperature: 1.6, top_p: -0.2, stream: true }));
    expect(built.url).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    expect(JSON.parse(built.body.toString())).toEqual({ model: 'glm-4', messages: [{ role: 'user', content: 'hi' }], temperature: 1, top_p: 0, stream: true });
    expect(built.headers.accept).toBe('text/event-stream');
  });

  it('authenticates with the bare JWT signed from the id.secret key', () => {
    const token = zhipuAdaptor.buildRequest(request('chat', { messages: [] })).headers.authorization ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { api_key: string; exp: number; timestamp: number };
    expect(claims.api_key).toBe('myid');
    expect(token).toBe(signZhipuToken('myid.mysecret', claims.timestamp, claims.exp));
  });

  it('sends one embedding input to the v4 embeddings path of the channel base URL', () => {
    const built = zhipuAdaptor.buildRequest(request('embeddings', { model: 'x', input: ['hello'] }, 'embedding-3', 'http://fake.test/'));
    expect(built.url).toBe('http://fake.test/api/paas/v4/embeddings');
    expect(JSON.parse(built.body.toString())).toEqual({ model: 'embedding-3', input: 'hello' });
  });

  it('refuses the legacy v3 models clearly', () => {
    expect(() => zhipuAdaptor.buildRequest(request('chat', { messages: [] }, 'chatglm_turbo'))).toThrow(/v3 model chatglm_turbo is not supported/);
  });
});
