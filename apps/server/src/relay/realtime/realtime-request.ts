import type { IncomingMessage } from 'node:http';
import { relayError } from '../relay-error.js';

/** The path the Realtime API is served at, as OpenAI serves it. */
export const REALTIME_PATH = '/v1/realtime';

/** The subprotocol a browser offers first, and the one answered (as OpenAI answers it). */
export const REALTIME_SUBPROTOCOL = 'realtime';
/** The browser form of the key: a subprotocol, since a browser's WebSocket cannot set Authorization. */
const KEY_SUBPROTOCOL = 'openai-insecure-api-key.';
/** The browser form of `OpenAI-Beta: realtime=v1`. */
const BETA_SUBPROTOCOL = 'openai-beta.';

/** A model name longer than this is no model: refused before anything is looked up. */
const MAX_MODEL_LENGTH = 256;

/** What a Realtime handshake asks for. */
export interface RealtimeRequest {
  model: string;
  /** The key as the relay's authentication reads it (`Bearer sk-…`), from the header or the subprotocol. */
  credential: string | undefined;
  /** OpenAI-Beta, from the header or the subprotocol, passed on upstream. */
  beta: string | undefined;
  /** The subprotocols the client offered, in order. */
  protocols: string[];
}

/** Whether a request is a WebSocket handshake for the Realtime API (anything else is HTTP as before). */
export function isRealtimeHandshake(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || req.headers.upgrade?.toLowerCase() !== 'websocket') return false;
  const url = req.url ?? '';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return path === REALTIME_PATH || path === `${REALTIME_PATH}/`;
}

/**
 * Reads the handshake: `?model=` (Azure's clients name it `deployment`), the key from `Authorization: Bearer`
 * or the subprotocol `openai-insecure-api-key.sk-…`, and OpenAI-Beta from its header or `openai-beta.realtime-v1`.
 * A missing or malformed model is a 400 naming `model`.
 */
export function readRealtimeRequest(req: IncomingMessage): RealtimeRequest {
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  const model = query.get('model') ?? query.get('deployment') ?? '';
  if (!model.trim()) throw relayError.invalidRequest('model is required: open /v1/realtime?model=<model>', 'missing_model', 'model');
  if (model.length > MAX_MODEL_LENGTH || hasControlCharacter(model)) {
    throw relayError.invalidRequest(`model must be a model name of at most ${MAX_MODEL_LENGTH} printable characters`, 'invalid_model', 'model');
  }
  // Checked before the upstream is opened: ws would refuse such a handshake only after that.
  const key = req.headers['sec-websocket-key'];
  if (!key || !/^[+/0-9A-Za-z]{22}==$/.test(key)) throw relayError.invalidRequest('Sec-WebSocket-Key must be 16 random bytes in base64', 'invalid_handshake', 'Sec-WebSocket-Key');
  if (req.headers['sec-websocket-version'] !== '13' && req.headers['sec-websocket-version'] !== '8') {
    throw relayError.invalidRequest('Sec-WebSocket-Version must be 13', 'invalid_handshake', 'Sec-WebSocket-Version');
  }
  const protocols = (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
  const keyProtocol = protocols.find((protocol) => protocol.startsWith(KEY_SUBPROTOCOL));
  const betaProtocol = protocols.find((protocol) => protocol.startsWith(BETA_SUBPROTOCOL));
  const authorization = req.headers.authorization;
  const credential = authorization ?? (keyProtocol ? `Bearer ${keyProtocol.slice(KEY_SUBPROTOCOL.length)}` : undefined);
  const betaHeader = req.headers['openai-beta'];
  // `openai-beta.realtime-v1` stands for `realtime=v1`: the subprotocol cannot carry an equals sign.
  const beta = (Array.isArray(betaHeader) ? betaHeader[0] : betaHeader) ?? betaProtocol?.slice(BETA_SUBPROTOCOL.length).replace(/-(?=v\d+$)/, '=');
  return { model, credential, beta, protocols };
}

/** The subprotocol answered: `realtime` when offered (a browser fails a handshake that answers none it offered). */
export function chosenSubprotocol(offered: ReadonlySet<string>): string | false {
  return offered.has(REALTIME_SUBPROTOCOL) ? REALTIME_SUBPROTOCOL : false;
}

/** A control character (below space, or DEL) has no place in a model name, and would break a log line or a header. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
