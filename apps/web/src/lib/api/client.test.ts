import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, withQuery } from './client';
import { ApiFailure, HttpError } from './errors';

function answer(status: number, body: unknown): void {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('resolves with data of a successful envelope', async () => {
    answer(200, { success: true, message: '', data: { id: 1 } });
    await expect(api.get('/api/user/self')).resolves.toEqual({ id: 1 });
  });

  it('turns success:false into an ApiFailure carrying the server message', async () => {
    answer(200, { success: false, message: 'wrong password' });
    await expect(api.post('/api/user/login', {})).rejects.toEqual(new ApiFailure('wrong password'));
  });

  it('turns an HTTP error status into an HttpError', async () => {
    answer(429, { success: false, message: 'slow down' });
    const error = await api.get('/api/status').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
  });

  it('keeps the server message of an HTTP error: the envelope message, or a relay error message', async () => {
    answer(403, { success: false, message: 'this token has been disabled' });
    await expect(api.get('/api/token/1')).rejects.toEqual(new HttpError(403, 'this token has been disabled'));
    answer(400, { error: { message: 'model is required', type: 'invalid_request_error' } });
    await expect(api.post('/v1/chat/completions', {})).rejects.toEqual(new HttpError(400, 'model is required'));
  });

  it('keeps the field a 400 refused, for the form to mark', async () => {
    answer(400, { success: false, message: '剩余额度（remain_quota）必须是不小于 0 的整数', field: 'remain_quota' });
    const error = (await api.post('/api/token/', {}).catch((caught: unknown) => caught)) as HttpError;
    expect(error).toEqual(new HttpError(400, '剩余额度（remain_quota）必须是不小于 0 的整数', 'remain_quota'));
    expect(error.field).toBe('remain_quota');
  });

  it('falls back to the status when the error body says nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 }))));
    await expect(api.get('/api/status')).rejects.toEqual(new HttpError(502));
  });

  it('sends JSON bodies with the cookie session and no Authorization header', async () => {
    answer(200, { success: true, message: '' });
    await api.put('/api/user/self', { username: 'alice' });
    const [path, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(path).toBe('/api/user/self');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin', body: '{"username":"alice"}' });
    expect(init?.headers).toEqual({ 'Accept-Language': 'zh-CN', 'Content-Type': 'application/json' });
  });

  it('asks for server messages in the console language, not the browser language', async () => {
    answer(200, { success: true, message: '' });
    await api.get('/api/user/self');
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.headers).toEqual({ 'Accept-Language': 'zh-CN' });
    document.documentElement.lang = 'en';
    try {
      await api.get('/api/user/self');
      expect(vi.mocked(fetch).mock.calls[1]?.[1]?.headers).toEqual({ 'Accept-Language': 'en' });
    } finally {
      document.documentElement.lang = '';
    }
  });
});

describe('withQuery', () => {
  it('URL-encodes the values', () => {
    const url = withQuery('/api/verification', { email: 'a+b@x.io', turnstile: '' });
    expect(url).toBe('/api/verification?email=a%2Bb%40x.io&turnstile=');
  });
});
