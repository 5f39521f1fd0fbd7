import type { JsonObject } from './openai/request-body.js';

/**
 * The hub: the one shape every conversion goes through. A client request that its channel does not take
 * natively is converted into an OpenAI request of its kind (Chat Completions for chat, Embeddings for
 * embeddings), every adaptor builds its upstream call from that, and answers and stream events come back as
 * OpenAI `chat.completion` objects and `chat.completion.chunk` payloads, which the client's ingress turns
 * into its own protocol. OpenAI's shape is the hub because every adaptor already converts from and to it;
 * what it cannot say is carried in these extension fields, which adaptors with `hubExtensions` read and
 * which are removed before a request reaches any other upstream:
 *
 * Request
 * - `thinking`: Anthropic's `{type:"enabled",budget_tokens}` / `{type:"disabled"}` / `{type:"adaptive"}`.
 * - `top_k`: a number.
 * - `web_search`: `{max_uses?}`: the client offered its vendor's web search (Anthropic's server tool, the
 *   Responses `web_search` tool, Gemini's Google Search); a channel whose protocol has its own runs that.
 * - `cache_control` on a content part, on a message (its whole content), or on a tool: Anthropic's breakpoint.
 * - assistant messages: `reasoning_content` (the thinking text) and `thinking_blocks` (Anthropic's `thinking`
 *   and `redacted_thinking` blocks, unchanged and in order, signatures included).
 * - tool messages: `is_error: true` for a failed tool run; `content` may hold `image_url` parts.
 *
 * Answer and chunks
 * - `message.reasoning_content` / `delta.reasoning_content`: thinking text.
 * - `message.thinking_blocks` / `delta.thinking_signature` (the signature of the thinking text streamed just
 *   before it) and `delta.redacted_thinking` (a redacted block's data).
 * - a stream payload `{"error":{message,type,code}}`: the upstream failed mid-stream.
 * - `usage.prompt_tokens_details.cache_write_tokens`: input tokens written to the prompt cache (Anthropic's
 *   cache_creation_input_tokens), beside OpenAI's own cached_tokens and reasoning_tokens details.
 */
export const HUB_REQUEST_EXTENSIONS = ['thinking', 'top_k', 'web_search'] as const;

const MESSAGE_EXTENSIONS = ['reasoning_content', 'thinking_blocks', 'cache_control', 'is_error'] as const;

/**
 * OpenAI's models that do not reason, which refuse `reasoning_effort` with a 400. A converted request carries
 * an effort its client set for another vendor's model (Claude Code's output_config.effort on every request);
 * it is left out for these rather than failing the request. Other OpenAI-protocol vendors take it or ignore it.
 */
const EFFORT_REFUSED = /^(gpt-4|gpt-3\.5|chatgpt-)/i;

const effortRefused = (hub: JsonObject, model: string) => hub.reasoning_effort !== undefined && EFFORT_REFUSED.test(model);

/** The hub request an upstream without `hubExtensions` gets for `model`: plain OpenAI, nothing it would refuse. */
export function plainHubRequest(hub: JsonObject, model: string): JsonObject {
  const plain: JsonObject = { ...hub };
  for (const field of HUB_REQUEST_EXTENSIONS) delete plain[field];
  if (effortRefused(hub, model)) delete plain.reasoning_effort;
  if (Array.isArray(hub.messages)) plain.messages = (hub.messages as JsonObject[]).map(plainMessage);
  if (Array.isArray(hub.tools)) plain.tools = (hub.tools as JsonObject[]).map((tool) => withoutKeys(tool, ['cache_control']));
  return plain;
}

/**
 * The names of the extensions a request carries that plainHubRequest takes out, for the client's
 * x-tollgate-dropped header (providers/left-out.ts). `thinking` is not named when the request also asks a
 * `reasoning_effort`, which carries it to an OpenAI upstream (unless `model` refuses one).
 */
export function extensionsLeftOut(hub: JsonObject, model: string): string[] {
  const names: string[] = [];
  const effort = hub.reasoning_effort !== undefined && !effortRefused(hub, model);
  if (hub.thinking !== undefined && !effort && (hub.thinking as { type?: unknown }).type !== 'disabled') names.push('thinking');
  if (effortRefused(hub, model)) names.push('effort');
  if (hub.top_k !== undefined) names.push('top_k');
  if (hub.web_search !== undefined) names.push('tool:web_search');
  const cached = (object: unknown): boolean => typeof object === 'object' && object !== null && 'cache_control' in object;
  let cache = Array.isArray(hub.tools) && hub.tools.some(cached);
  let thinkingBlocks = false;
  let toolImages = false;
  for (const message of Array.isArray(hub.messages) ? (hub.messages as JsonObject[]) : []) {
    if (message.thinking_blocks !== undefined) thinkingBlocks = true;
    const parts = Array.isArray(message.content) ? (message.content as JsonObject[]) : [];
    if (cached(message) || parts.some(cached)) cache = true;
    if (message.role === 'tool' && parts.some((part) => part.type !== 'text')) toolImages = true;
  }
  if (cache) names.push('cache_control');
  if (thinkingBlocks) names.push('thinking blocks of earlier turns');
  if (toolImages) names.push('images in tool results');
  return names;
}

function plainMessage(message: JsonObject): JsonObject {
  // A copy whenever the content changes: the hub request is shared by every attempt (a retry on a channel
  // that reads the extensions must still find them).
  const plain = Array.isArray(message.content) ? { ...withoutKeys(message, MESSAGE_EXTENSIONS) } : withoutKeys(message, MESSAGE_EXTENSIONS);
  if (Array.isArray(message.content)) {
    const parts = (message.content as JsonObject[]).map((part) => withoutKeys(part, ['cache_control']));
    // OpenAI's tool messages take text only: an image a tool returned is left out.
    plain.content = message.role === 'tool' ? parts.filter((part) => part.type === 'text') : parts;
  }
  return plain;
}

function withoutKeys(object: JsonObject, keys: readonly string[]): JsonObject {
  if (!keys.some((key) => key in object)) return object;
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}
