import type { JsonObject } from '../request-body.js';

/** The relay error code OpenAI gives a parameter of the wrong type. */
export const INVALID_TYPE = 'invalid_type';

/** A Chat request OpenAI would refuse: `field` is the offending parameter as OpenAI names it in `param`. */
export class InvalidChatRequest extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`Invalid type for '${field}': ${problem}`);
    this.name = 'InvalidChatRequest';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

function object(value: unknown, field: string): asserts value is Record<string, unknown> {
  if (!isObject(value)) throw new InvalidChatRequest(field, `expected an object, but got ${kind(value)} instead.`);
}

function list(value: unknown, field: string): asserts value is unknown[] {
  if (!Array.isArray(value)) throw new InvalidChatRequest(field, `expected an array, but got ${kind(value)} instead.`);
}

/**
 * The shape of a Chat Completions request that the conversions to other protocols read (providers/hub.ts):
 * each message an object whose content is text, null or a list of part objects, each tool call and tool an
 * object, as they dereference them. A request that breaks it is refused as OpenAI refuses it
 * (`Invalid type for 'messages[0].content[1]'`), naming the parameter, before anything is reserved: else a
 * channel converting it failed on it, a 502 for the client's mistake. Only the objects are checked, once
 * and without copying: a role, a part's type or any other value a conversion only compares passes on as
 * sent (newer fields, vendor extensions, the lax shapes one-api relayed).
 * Docs: https://platform.openai.com/docs/api-reference/chat/create
 */
export function validateChatRequest(body: JsonObject): void {
  if (body.messages !== undefined) {
    list(body.messages, 'messages');
    body.messages.forEach((message, index) => validateMessage(message, `messages[${index}]`));
  }
  if (body.tools !== undefined && body.tools !== null) {
    list(body.tools, 'tools');
    body.tools.forEach((tool, index) => {
      object(tool, `tools[${index}]`);
      if (tool.function !== undefined) object(tool.function, `tools[${index}].function`);
    });
  }
}

function validateMessage(message: unknown, at: string) {
  object(message, at);
  const content = message.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    list(content, `${at}.content`);
    content.forEach((part, index) => object(part, `${at}.content[${index}]`));
  }
  if (message.tool_calls !== undefined && message.tool_calls !== null) {
    list(message.tool_calls, `${at}.tool_calls`);
    message.tool_calls.forEach((call, index) => {
      object(call, `${at}.tool_calls[${index}]`);
      if (call.function !== undefined) object(call.function, `${at}.tool_calls[${index}].function`);
    });
  }
}
