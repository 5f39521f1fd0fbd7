import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@tollgate/contract';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { zhipuAdaptor } from './adaptor.js';
import { signZhipuToken } from './jwt.js';

const type = CHANNEL_TYPES.find((t) => t.id === 16);
if (!type) throw new Error('channel type 16 missing');

const request = (mode: 'chat' | 'embeddings' | 'images', body: object, model = 'glm-4', baseUrl = ''): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type, key: 'myid.mysecret', baseUrl }), { mode, model, stream: (body as { stream?: boolean }).stream === true, body });

describe('Zhipu requests (reference providers.md 10.2)', () => {
  it('sends chat to the v4 path with the mapped model and temperature/top_p clamped to [0, 1]', () => {
    const built = zhipuAdaptor.buildRequest(request('chat', { model: 'alias', messages: [{ role: 'user', content: 'hi' }], temperature: 1.6, top_p: -0.2, stream: true }));
    expect(built.url).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    expect(JSON.parse(built.body.toString())).toEqual({ model: 'glm-4', messages: [{ role: 'user', content: 'hi' }], temperature: 1, top_p: 0, stream: true });
    expect(built.headers.accept).toBe('text/event-stream');
  });

  it('authenticates with the bare JWT signed (in prepare) from the id.secret key', async () => {
    const chat = request('chat', { messages: [] });
    expect(await zhipuAdaptor.prepare?.(chat.target, () => Promise.reject(new Error('no call expected')))).toBeUndefined();
    const token = zhipuAdaptor.buildRequest(chat).headers.authorization ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { api_key: string; exp: number; timestamp: number };
    expect(claims.api_key).toBe('myid');
    expect(token).toBe(await signZhipuToken('myid.mysecret', claims.timestamp, claims.exp));
  });

  it('sends a key that is not id.secret as a bearer key', () => {
    const chat = request('chat', { messages: [] });
    expect(zhipuAdaptor.buildRequest({ ...chat, target: { ...chat.target, key: 'plain-key' } }).headers.authorization).toBe('Bearer plain-key');
  });

  it('sends one embedding input to the v4 embeddings path of the channel base URL', () => {
    const built = zhipuAdaptor.buildRequest(request('embeddings', { model: 'x', input: ['hello'] }, 'embedding-3', 'http://fake.test/'));
    expect(built.url).toBe('http://fake.test/api/paas/v4/embeddings');
    expect(JSON.parse(built.body.toString())).toEqual({ model: 'embedding-3', input: 'hello' });
  });

  it('sends CogView image requests to the v4 images path, one image, OpenAI-only fields left out', () => {
    const built = zhipuAdaptor.buildRequest(request('images', { model: 'x', prompt: 'a cat', n: 1, size: '1024x1024', response_format: 'url', user: 'u1' }, 'cogview-3-plus', 'http://fake.test'));
    expect(built.url).toBe('http://fake.test/api/paas/v4/images/generations');
    expect(JSON.parse(built.body.toString())).toEqual({ model: 'cogview-3-plus', prompt: 'a cat', size: '1024x1024', user_id: 'u1' });
  });
});
