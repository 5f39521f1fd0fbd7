import type { ClientProtocol } from '@tollgate/contract';
import type { RelayMode } from '../providers/adaptor.js';
import type { JsonObject } from '../providers/openai/request-body.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from './json-depth.js';
import { boundaryOf, multipartField } from './multipart.js';
import { relayError } from './relay-error.js';

export interface RelayInput {
  /** The protocol the client spoke. */
  protocol: ClientProtocol;
  /**
   * The request in the hub shape (providers/hub.ts): what channels that do not take the client's protocol
   * natively are sent, and what prompts are counted on. An OpenAI client's request is its own hub.
   */
  hub(): RelayInput;
  raw: Buffer;
  /** The parsed JSON body; for multipart requests, only the model field. */
  json: JsonObject;
  model: string;
  stream: boolean;
  maxTokens: number;
  /** The client's content type, kept for multipart bodies whose boundary must not change. */
  contentType: string;
  multipartBoundary?: string;
  /**
   * Why the request can only pass through to a channel that takes its protocol natively (a built-in tool only
   * OpenAI runs, a stored response to continue): channels that would convert it are passed over, and when
   * only such channels serve the model, the client is told this.
   */
  nativeOnly?: string;
  /** What a conversion of the request leaves out, by name (providers/left-out.ts); passthrough keeps it all. */
  leftOut?: readonly string[];
  /**
   * The same request asked of another model (the next model of a fallback chain): the routing, the plan and the
   * price read `model`; a body that names its model (every protocol but Gemini's, whose model is in the path)
   * names the new one, so a request passed through asks the upstream for it; its hub form is the original's with
   * the model replaced too. Bytes are encoded only when read.
   */
  withModel(model: string): RelayInput;
}

const MAX_TOKENS_LIMIT = 2 ** 30;

/** Models one-api assumes when the client names none. */
const DEFAULT_MODELS: Partial<Record<RelayMode, string>> = {
  moderations: 'text-moderation-stable',
  images: 'dall-e-2',
  transcriptions: 'whisper-1',
  translations: 'whisper-1',
};

/**
 * The request body as bytes (kept for passthrough and retries; decoded if it came compressed: http/body-encoding.ts)
 * and parsed once, with one-api's checks.
 */
export function readJsonInput(mode: RelayMode, body: unknown, pathModel?: string): RelayInput {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8') || '{}');
  } catch {
    throw relayError.invalidRequest('the request body is not valid JSON', 'invalid_text_request');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw relayError.invalidRequest('the request body must be a JSON object', 'invalid_text_request');
  if (nestsDeeperThan(json, MAX_JSON_DEPTH, raw.length)) throw relayError.invalidRequest(TOO_DEEP, 'invalid_text_request');
  const object = json as JsonObject;
  // A model that is not a text is the client's mistake: serving the endpoint's default model instead would bill
  // a model the client never asked for. null is taken as absent, as one-api's Go decoding does.
  if (object.model !== undefined && object.model !== null && typeof object.model !== 'string') throw relayError.invalidRequest('model must be a string', 'invalid_text_request', 'model');
  const model = (typeof object.model === 'string' && object.model) || pathModel || DEFAULT_MODELS[mode] || '';
  if (!model) throw relayError.invalidRequest('model is required', 'invalid_text_request');
  const maxTokens = Number(object.max_completion_tokens ?? object.max_tokens ?? 0);
  if (!Number.isInteger(maxTokens) || maxTokens < 0 || maxTokens > MAX_TOKENS_LIMIT) throw relayError.invalidRequest('max_tokens is invalid', 'invalid_text_request');
  requireFields(mode, object);
  return openAIInput({ raw, json: object, model, stream: object.stream === true, maxTokens, contentType: 'application/json' });
}

/** `raw` may be given as how to make it: a hub form's bytes are needed only by a channel that converts. */
type InputFields = Omit<RelayInput, 'protocol' | 'hub' | 'raw' | 'withModel'> & { raw: Buffer | (() => Buffer) };

/**
 * A relay input as one class, so that every request's input has the same shape: the relay reads these
 * fields on every request, and inputs built by spreading objects of varying shapes made those reads (and
 * the spreads themselves) megamorphic, a measurable share of a request's CPU.
 */
class Input implements RelayInput {
  private bytes: Buffer | (() => Buffer);
  readonly json: JsonObject;
  readonly model: string;
  readonly stream: boolean;
  readonly maxTokens: number;
  readonly contentType: string;
  readonly multipartBoundary: string | undefined;
  readonly nativeOnly: string | undefined;
  readonly leftOut: readonly string[] | undefined;
  private hubInput: RelayInput | undefined;

  constructor(
    readonly protocol: ClientProtocol,
    fields: InputFields,
    private readonly toHub?: () => InputFields,
  ) {
    this.bytes = fields.raw;
    this.json = fields.json;
    this.model = fields.model;
    this.stream = fields.stream;
    this.maxTokens = fields.maxTokens;
    this.contentType = fields.contentType;
    this.multipartBoundary = fields.multipartBoundary;
    this.nativeOnly = fields.nativeOnly;
    this.leftOut = fields.leftOut;
  }

  get raw(): Buffer {
    if (typeof this.bytes === 'function') this.bytes = this.bytes();
    return this.bytes;
  }

  hub(): RelayInput {
    if (!this.toHub) return this;
    return (this.hubInput ??= new Input('openai', this.toHub()));
  }

  withModel(model: string): RelayInput {
    const toHub = this.toHub && (() => fieldsWithModel(this.hub(), model));
    return new Input(this.protocol, fieldsWithModel(this, model), toHub);
  }
}

/** An input's fields with its model replaced, in its body too unless the body names none (Gemini's: the path does). */
function fieldsWithModel(input: RelayInput, model: string): InputFields {
  const json = Object.hasOwn(input.json, 'model') || input.protocol !== 'gemini' ? { ...input.json, model } : input.json;
  const raw = json === input.json ? () => input.raw : () => Buffer.from(JSON.stringify(json));
  return { ...input, json, model, raw };
}

/** An OpenAI client's request: its own hub. */
export function openAIInput(fields: InputFields): RelayInput {
  return new Input('openai', fields);
}

/**
 * A request in another protocol, whose hub form is made the first time it is needed: for the reservation's
 * estimate, or for a channel that converts.
 */
export function foreignInput(protocol: ClientProtocol, fields: InputFields, toHub: () => InputFields): RelayInput {
  return new Input(protocol, fields, toHub);
}

/** The same request with another hub form (its linked images inlined). */
export function withHub(input: RelayInput, hub: RelayInput): RelayInput {
  return input.protocol === 'openai' ? hub : new Input(input.protocol, input, () => hub);
}

/**
 * A hub request as a RelayInput's fields: its bytes and what the relay reads of it. The bytes are encoded
 * when first read: a request passed through in its own protocol makes its hub form only for the estimate
 * of its reservation, and never sends it. (Hub forms are not changed once made: changes are copies.)
 */
export function hubFields(json: JsonObject, model: string): InputFields {
  const maxTokens = Number(json.max_completion_tokens ?? json.max_tokens ?? 0);
  return { raw: () => Buffer.from(JSON.stringify(json)), json, model, stream: json.stream === true, maxTokens: Number.isInteger(maxTokens) && maxTokens > 0 ? maxTokens : 0, contentType: 'application/json' };
}

/** Audio uploads: the body is passed through as is; only the model field is read (whisper-1 when absent). */
export function readMultipartInput(body: unknown, contentType: string): RelayInput {
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const boundary = boundaryOf(contentType);
  if (!contentType.startsWith('multipart/form-data') || !boundary) throw relayError.invalidRequest('expected a multipart/form-data upload with a file', 'invalid_request');
  const model = multipartField(raw, boundary, 'model')?.trim() || 'whisper-1';
  return openAIInput({ raw, json: { model }, model, stream: false, maxTokens: 0, contentType, multipartBoundary: boundary });
}

function requireFields(mode: RelayMode, body: JsonObject) {
  const missing = (field: string) => relayError.invalidRequest(`field ${field} is required`, 'invalid_text_request');
  if (mode === 'chat' && (!Array.isArray(body.messages) || body.messages.length === 0)) throw missing('messages');
  if (mode === 'completions' && body.prompt === undefined) throw missing('prompt');
  if ((mode === 'embeddings' || mode === 'moderations') && body.input === undefined) throw missing('input');
  if (mode === 'edits' && body.instruction === undefined) throw missing('instruction');
  if ((mode === 'images' || mode === 'speech') && typeof (mode === 'images' ? body.prompt : body.input) !== 'string') throw missing(mode === 'images' ? 'prompt' : 'input');
}
