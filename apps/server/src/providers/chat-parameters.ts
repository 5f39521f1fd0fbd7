import type { JsonObject } from './openai/request-body.js';

/**
 * The OpenAI chat parameters some protocol can neither honour nor emulate, each with how to tell that a
 * request uses it. A parameter sent at its default (`n: 1`, `tool_choice: "auto"`) asks for nothing and is
 * no use. `parallel_tool_calls: false` is honoured or emulated wherever tools are (serial-tool-calls.ts).
 * Sampling hints whose loss OpenAI's own semantics allow (`seed`, which OpenAI does not guarantee either;
 * `user`; penalties and `logit_bias` where a protocol lacks them) are not listed: they are lost, and the
 * README says where.
 * Docs: https://platform.openai.com/docs/api-reference/chat/create
 */
const toolsUsed = (body: JsonObject) => Array.isArray(body.tools) && body.tools.length > 0 && body.tool_choice !== 'none';

const formatType = (body: JsonObject) => (body.response_format as { type?: unknown } | undefined)?.type;

const imageCount = (messages: unknown): number =>
  Array.isArray(messages)
    ? (messages as ({ content?: unknown } | null)[]).reduce(
        (count, message) => count + (Array.isArray(message?.content) ? (message.content as ({ type?: unknown } | null)[]).filter((part) => part?.type === 'image_url').length : 0),
        0,
      )
    : 0;

const USES = {
  n: (body: JsonObject) => typeof body.n === 'number' && body.n > 1,
  // top_logprobs: 0 without logprobs asks for none, as OpenAI reads it.
  logprobs: (body: JsonObject) => body.logprobs === true || (typeof body.top_logprobs === 'number' && body.top_logprobs > 0),
  'response_format json_object': (body: JsonObject) => formatType(body) === 'json_object',
  'response_format json_schema': (body: JsonObject) => formatType(body) === 'json_schema',
  tools: toolsUsed,
  /** The model must call some tool: a protocol without a way to force it would let the model answer in text. */
  'tool_choice required': (body: JsonObject) => toolsUsed(body) && body.tool_choice === 'required',
  /** The model must call this one tool. */
  'tool_choice function': (body: JsonObject) => toolsUsed(body) && typeof body.tool_choice === 'object' && body.tool_choice !== null,
  /** An image among the messages, for a protocol that takes text only. */
  image_url: (body: JsonObject) => imageCount(body.messages) > 0,
  /** More than one image, for a protocol that takes one per conversation. */
  'more than one image': (body: JsonObject) => imageCount(body.messages) > 1,
  /** Tools in a request with an image, for a protocol whose image model has no tools. */
  'tools with an image': (body: JsonObject) => toolsUsed(body) && imageCount(body.messages) > 0,
  stop: (body: JsonObject) => (typeof body.stop === 'string' && body.stop !== '') || (Array.isArray(body.stop) && body.stop.length > 0),
} satisfies Record<string, (body: JsonObject) => boolean>;

export type ChatParameter = keyof typeof USES;

/** The request field a refusal names as its `param`, where it is not the name's first word. */
const PARAMS: Partial<Record<ChatParameter, string>> = { 'more than one image': 'messages', 'tools with an image': 'tools' };

/** What an adaptor refuses: a fixed list, or one per upstream model when its models speak different protocols. */
export type RefusedParameters = readonly ChatParameter[] | ((model: string) => readonly ChatParameter[]);

export interface RefusedParameter {
  /** How the refusal names it, e.g. `response_format json_schema`. */
  name: ChatParameter;
  /** The request field, for the error's `param`. */
  param: string;
}

/** The first parameter of a chat request that the adaptor refuses for this upstream model, if any. */
export function refusedParameter(refuses: RefusedParameters | undefined, body: JsonObject, model: string): RefusedParameter | undefined {
  if (!refuses) return undefined;
  const list = typeof refuses === 'function' ? refuses(model) : refuses;
  const name = list.find((parameter) => USES[parameter](body));
  return name === undefined ? undefined : { name, param: PARAMS[name] ?? name.split(' ')[0] ?? name };
}
