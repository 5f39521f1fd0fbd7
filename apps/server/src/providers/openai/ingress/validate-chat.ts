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

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

const notAnObject = (field: string, value: unknown) => new InvalidChatRequest(field, `expected an object, but got ${kind(value)} instead.`);
const notAnArray = (field: string, value: unknown) => new InvalidChatRequest(field, `expected an array, but got ${kind(value)} instead.`);

/**
 * The shape of a Chat Completions request that the conversions to other protocols read (providers/hub.ts):
 * each message an object whose content is text, null or a list of part objects, each tool call and tool an
 * object, as they dereference them. A request that breaks it is refused as OpenAI refuses it
 * (`Invalid type for 'messages[0].content[1]'`), naming the parameter, before anything is reserved: else a
 * channel converting it failed on it, a 502 for the client's mistake. Only the objects are checked, once
 * and without copying: a role, a part's type or any other value a conversion only compares passes on as
 * sent (newer fields, vendor extensions, the lax shapes one-api relayed). A parameter's path is written
 * only for a refusal: every request passes here, and writing `messages[3]` for each message cost it more
 * than the checks.
 * Docs: https://platform.openai.com/docs/api-reference/chat/create
 */
export function validateChatRequest(body: JsonObject): void {
  const { messages, tools } = body;
  if (messages !== undefined) {
    if (!Array.isArray(messages)) throw notAnArray('messages', messages);
    for (let index = 0; index < messages.length; index += 1) validateMessage(messages[index], index);
  }
  if (tools !== undefined && tools !== null) validateFunctions(tools, undefined);
}

function validateMessage(message: unknown, index: number) {
  if (!isObject(message)) throw notAnObject(`messages[${index}]`, message);
  const { content, tool_calls: calls } = message;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    if (!Array.isArray(content)) throw notAnArray(`messages[${index}].content`, content);
    for (let part = 0; part < content.length; part += 1) {
      if (!isObject(content[part])) throw notAnObject(`messages[${index}].content[${part}]`, content[part]);
    }
  }
  if (calls !== undefined && calls !== null) validateFunctions(calls, index);
}

/**
 * The request's `tools` (`message` undefined) or a message's `tool_calls`: a list of objects, each one's
 * `function` (if any) an object too. The list's path is written only for a refusal.
 */
function validateFunctions(list: unknown, message: number | undefined) {
  if (!Array.isArray(list)) throw notAnArray(functionsPath(message), list);
  for (let index = 0; index < list.length; index += 1) {
    const entry: unknown = list[index];
    if (!isObject(entry)) throw notAnObject(`${functionsPath(message)}[${index}]`, entry);
    if (entry.function !== undefined && !isObject(entry.function)) throw notAnObject(`${functionsPath(message)}[${index}].function`, entry.function);
  }
}

const functionsPath = (message: number | undefined) => (message === undefined ? 'tools' : `messages[${message}].tool_calls`);
