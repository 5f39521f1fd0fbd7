/**
 * Valid requests of the routes that take a JSON body, for the malformed-input test to break one field at
 * a time (so a wrong type is met past the first check). Routes not named here still get every malformed
 * body, query and path parameter; naming a route here only adds its field-by-field cases.
 */

export interface FuzzIds {
  /** A user, token, channel and redemption code that the admin routes may change freely. */
  userId: number;
  tokenId: number;
  channelId: number;
  redemptionId: number;
  upstreamUrl: string;
}

export interface Target {
  /** The route as Fastify registered it, e.g. `POST /v1beta/models/*`. */
  route: string;
  /** The concrete URL to send (parameters filled in). */
  url: string;
  base: Record<string, unknown>;
}

const CHAT_MODEL = 'gpt-4o-mini';
const EMBEDDING_MODEL = 'text-embedding-3-small';
const RERANK_MODEL = 'jina-reranker-v2-base-multilingual';
/**
 * Every model the fuzz channel serves, so well-formed requests reach the (fake) upstream; with the default
 * models the relay takes when a request names none (moderations, images).
 */
export const FUZZ_MODELS = [CHAT_MODEL, EMBEDDING_MODEL, 'gpt-3.5-turbo-instruct', 'text-davinci-edit-001', 'omni-moderation-latest', 'text-moderation-stable', 'dall-e-3', 'dall-e-2', 'tts-1', 'whisper-1', RERANK_MODEL];

const PASSKEY_ASSERTION = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'dXNlcg' },
};
const PASSKEY_REGISTRATION = { ...PASSKEY_ASSERTION, response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] } };
const messages = [{ role: 'user', content: 'hi' }];
const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];

export const apiTargets = (ids: FuzzIds): Target[] => [
  { route: 'POST /api/user/login', url: '/api/user/login', base: { username: 'fuzz-user', password: 'password123' } },
  { route: 'POST /api/user/register', url: '/api/user/register', base: { username: 'fuzzreg', password: 'password123', password2: 'password123', email: '', verification_code: '', aff_code: '' } },
  { route: 'POST /api/user/reset', url: '/api/user/reset', base: { email: 'root@example.com', token: 'abc' } },
  { route: 'POST /api/user', url: '/api/user/', base: { username: 'fuzzmade', password: 'password123', display_name: 'Fuzz' } },
  { route: 'PUT /api/user', url: '/api/user/', base: { id: ids.userId, username: 'fuzz-user', display_name: 'Fuzz', password: '', group: 'default', quota: 100 } },
  { route: 'POST /api/user/manage', url: '/api/user/manage', base: { username: 'fuzz-user', action: 'enable' } },
  // No username or password: a wrong-typed field must not rename root or change the password the test signs in with.
  { route: 'PUT /api/user/self', url: '/api/user/self', base: { display_name: 'Root' } },
  { route: 'POST /api/user/topup', url: '/api/user/topup', base: { key: 'no-such-code' } },
  { route: 'POST /api/topup', url: '/api/topup/', base: { user_id: ids.userId, quota: 10, remark: 'fuzz' } },
  { route: 'POST /api/token', url: '/api/token/', base: { name: 'fuzz', remain_quota: 100, expired_time: -1, unlimited_quota: false, models: '', subnet: '' } },
  { route: 'PUT /api/token', url: '/api/token/', base: { id: ids.tokenId, name: 'fuzz', remain_quota: 100, expired_time: -1, unlimited_quota: false, models: '', subnet: '', status: 1 } },
  { route: 'PUT /api/token', url: '/api/token/?status_only=true', base: { id: ids.tokenId, status: 1 } },
  { route: 'POST /api/redemption', url: '/api/redemption/', base: { name: 'fuzz', quota: 100, count: 1 } },
  { route: 'PUT /api/redemption', url: '/api/redemption/', base: { id: ids.redemptionId, name: 'fuzz', quota: 100 } },
  { route: 'PUT /api/redemption', url: '/api/redemption/?status_only=true', base: { id: ids.redemptionId, status: 1 } },
  {
    route: 'POST /api/channel',
    url: '/api/channel/',
    base: { type: 1, key: 'k', name: 'fuzz', base_url: ids.upstreamUrl, models: CHAT_MODEL, group: 'default', model_mapping: '', priority: 0, weight: 0, config: '{}' },
  },
  {
    route: 'PUT /api/channel',
    url: '/api/channel/',
    base: { id: ids.channelId, type: 1, key: 'k', name: 'fuzz', base_url: ids.upstreamUrl, models: CHAT_MODEL, group: 'default', model_mapping: '{}', priority: 0, weight: 0, status: 1 },
  },
  // A custom channel (no default address): a field left out never sends the fetch to a vendor's real host.
  { route: 'POST /api/channel/fetch_models', url: '/api/channel/fetch_models', base: { id: ids.channelId, type: 8, key: 'k', base_url: ids.upstreamUrl, other: '', config: '{}' } },
  { route: 'POST /api/channel/unpriced_models', url: '/api/channel/unpriced_models', base: { models: [CHAT_MODEL, 'no-such-model'] } },
  { route: 'PUT /api/option', url: '/api/option/', base: { key: 'Notice', value: 'hello' } },
  // Passkeys: well-shaped WebAuthn answers whose bytes prove nothing, so each broken field meets the checks past the schema.
  { route: 'POST /api/user/login/passkey', url: '/api/user/login/passkey', base: { credential: PASSKEY_ASSERTION } },
  { route: 'POST /api/user/passkeys/registration', url: '/api/user/passkeys/registration', base: { name: 'Fuzz', credential: PASSKEY_REGISTRATION } },
  { route: 'PUT /api/user/passkeys/:id', url: '/api/user/passkeys/1', base: { name: 'Fuzz' } },
];

const gemini = (prefix: string, method: string, base: Record<string, unknown>, model = CHAT_MODEL): Target => ({ route: `POST ${prefix}/models/*`, url: `${prefix}/models/${model}:${method}`, base });

export const relayTargets = (): Target[] => [
  { route: 'POST /v1/chat/completions', url: '/v1/chat/completions', base: { model: CHAT_MODEL, messages, max_tokens: 5, stream: false } },
  { route: 'POST /v1/chat/completions', url: '/v1/chat/completions', base: { model: CHAT_MODEL, messages, stream: true, stream_options: { include_usage: true } } },
  { route: 'POST /v1/completions', url: '/v1/completions', base: { model: 'gpt-3.5-turbo-instruct', prompt: 'hi', max_tokens: 5 } },
  { route: 'POST /v1/edits', url: '/v1/edits', base: { model: 'text-davinci-edit-001', input: 'hi', instruction: 'fix' } },
  { route: 'POST /v1/embeddings', url: '/v1/embeddings', base: { model: EMBEDDING_MODEL, input: ['hi', 'there'] } },
  { route: 'POST /v1/engines/:model/embeddings', url: `/v1/engines/${EMBEDDING_MODEL}/embeddings`, base: { input: 'hi' } },
  { route: 'POST /v1/moderations', url: '/v1/moderations', base: { model: 'omni-moderation-latest', input: 'hi' } },
  { route: 'POST /v1/images/generations', url: '/v1/images/generations', base: { model: 'dall-e-3', prompt: 'a cat', n: 1, size: '1024x1024' } },
  { route: 'POST /v1/audio/speech', url: '/v1/audio/speech', base: { model: 'tts-1', input: 'hi', voice: 'alloy' } },
  { route: 'POST /v1/rerank', url: '/v1/rerank', base: { model: RERANK_MODEL, query: 'hi', documents: ['hi', { text: 'there' }], top_n: 1, return_documents: true, max_tokens_per_doc: 16 } },
  { route: 'POST /v2/rerank', url: '/v2/rerank', base: { model: RERANK_MODEL, query: 'hi', documents: ['hi', 'there'] } },
  { route: 'POST /v1/messages', url: '/v1/messages', base: { model: CHAT_MODEL, max_tokens: 5, messages, system: 'be brief' } },
  { route: 'POST /v1/messages', url: '/v1/messages', base: { model: CHAT_MODEL, max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: true } },
  { route: 'POST /v1/messages/count_tokens', url: '/v1/messages/count_tokens', base: { model: CHAT_MODEL, messages } },
  { route: 'POST /v1/responses', url: '/v1/responses', base: { model: CHAT_MODEL, input: 'hi', max_output_tokens: 16 } },
  { route: 'POST /v1/responses', url: '/v1/responses', base: { model: CHAT_MODEL, input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], stream: true } },
  gemini('/v1beta', 'generateContent', { contents, generationConfig: { maxOutputTokens: 5 } }),
  gemini('/v1beta', 'streamGenerateContent', { contents }),
  gemini('/v1beta', 'countTokens', { contents }),
  gemini('/v1beta', 'embedContent', { content: { parts: [{ text: 'hi' }] } }, EMBEDDING_MODEL),
  gemini('/v1beta', 'batchEmbedContents', { requests: [{ model: `models/${EMBEDDING_MODEL}`, content: { parts: [{ text: 'hi' }] } }] }, EMBEDDING_MODEL),
  gemini('/v1', 'generateContent', { contents }),
];
