/**
 * The wire protocols clients speak to Tollgate. `openai` is OpenAI's Chat Completions family at /v1 (chat,
 * completions, embeddings, images, audio); the others are the vendors' own client APIs, each served at the
 * path its official SDK calls.
 */
export const CLIENT_PROTOCOLS = ['openai', 'anthropic', 'responses', 'gemini'] as const;

export type ClientProtocol = (typeof CLIENT_PROTOCOLS)[number];

/**
 * The protocols a channel may take natively besides its own conversion: a request in one of them goes
 * through to the upstream unconverted. OpenAI clients are always served (every adaptor converts from
 * OpenAI's shape), so `openai` is never listed.
 */
export type NativeProtocol = Exclude<ClientProtocol, 'openai'>;

export const NATIVE_PROTOCOLS: readonly NativeProtocol[] = ['anthropic', 'responses', 'gemini'];

/** How the console and the logs name each protocol. */
export const CLIENT_PROTOCOL_LABELS: Readonly<Record<ClientProtocol, string>> = {
  openai: 'OpenAI Chat',
  anthropic: 'Anthropic Messages',
  responses: 'OpenAI Responses',
  gemini: 'Gemini',
};

export const isNativeProtocol = (value: string): value is NativeProtocol => (NATIVE_PROTOCOLS as readonly string[]).includes(value);

/**
 * The native protocols a channel declares in its config (`native_protocols`, a comma list), or the
 * catalog's default for its type when it declares none. An empty declaration (`"none"`) turns them all off.
 */
export function channelNativeProtocols(config: Readonly<Record<string, unknown>>, typeDefaults: readonly NativeProtocol[]): NativeProtocol[] {
  const declared = config.native_protocols;
  if (typeof declared !== 'string' || declared.trim() === '') return [...typeDefaults];
  return [...new Set(declared.split(',').map((item) => item.trim()))].filter(isNativeProtocol);
}
