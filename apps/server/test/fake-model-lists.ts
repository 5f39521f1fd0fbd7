import { FakeJsonServer, type FakeRequest } from './fake-json-server.js';

/**
 * Vendors' model lists as the channel form's model fetch reads them, each refusing a wrong key the way
 * its vendor does: OpenAI's `GET /v1/models`, Anthropic's paginated `GET /v1/models` (`after_id`) and
 * the Gemini API's paginated `GET /v1beta/models` (`pageToken`). Started by the server's tests and the
 * browser test alike.
 */

/** A Gemini model entry: its name without `models/` and what it can be asked to do. */
export interface GeminiListed {
  name: string;
  methods: string[];
}

const bearer = (request: FakeRequest) => String(request.headers.authorization ?? '').replace(/^Bearer /, '');

/** OpenAI and every vendor copying it; `prefix` is where the vendor keeps `/models` (`/v1`, or none for strip-v1 types). */
export function fakeOpenAIModels(key: string, models: readonly string[], prefix = '/v1'): FakeJsonServer {
  return new FakeJsonServer().on('GET', `${prefix}/models`, (request) => {
    if (bearer(request) !== key) return { status: 401, body: { error: { message: 'Incorrect API key provided: sk-wro**key.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } };
    return { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) };
  });
}

/** Anthropic's list, served `pageSize` models a page (newest first in the real one; as given here). */
export function fakeAnthropicModels(key: string, models: readonly string[], pageSize: number): FakeJsonServer {
  return new FakeJsonServer().on('GET', '/v1/models', (request) => {
    if (request.headers['x-api-key'] !== key) return { status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } };
    if (request.headers['anthropic-version'] !== '2023-06-01') return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } } };
    const after = request.query.get('after_id');
    const start = after ? models.indexOf(after) + 1 : 0;
    const page = models.slice(start, start + Math.min(pageSize, Number(request.query.get('limit') ?? 20)));
    const data = page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
    return { data, has_more: start + page.length < models.length, first_id: page[0] ?? null, last_id: page.at(-1) ?? null };
  });
}

/** The Gemini API's list, `pageSize` models a page, the key in `x-goog-api-key` (or `?key=`, which Google also takes). */
export function fakeGeminiModels(key: string, models: readonly GeminiListed[], pageSize: number): FakeJsonServer {
  return new FakeJsonServer().on('GET', '/v1beta/models', (request) => {
    if ((request.headers['x-goog-api-key'] ?? request.query.get('key')) !== key) {
      return { status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } } };
    }
    const start = Number(request.query.get('pageToken') ?? 0);
    const end = start + Math.min(pageSize, Number(request.query.get('pageSize') ?? 50));
    const page = models.slice(start, end).map((model) => ({ name: `models/${model.name}`, displayName: model.name, supportedGenerationMethods: model.methods }));
    return end < models.length ? { models: page, nextPageToken: String(end) } : { models: page };
  });
}
