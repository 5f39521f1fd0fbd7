import { InvalidResponsesRequest } from './invalid-request.js';
import type { InputItem, ResponsesRequest } from './request-types.js';

/**
 * The checks OpenAI makes before it runs a Responses request, as far as the conversion relies on them, each
 * naming the parameter it refuses. A passed-through request is checked the same way: a malformed body is
 * refused before anything is reserved, whichever channel would have served it.
 */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function number(body: ResponsesRequest, field: 'temperature' | 'top_p' | 'max_output_tokens', min: number, max: number, integer = false) {
  const value = body[field];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new InvalidResponsesRequest(field, `expected ${integer ? 'an integer' : 'a number'} between ${min} and ${max}.`);
  }
}

export function validateResponsesRequest(body: Record<string, unknown>): ResponsesRequest {
  const request = body as ResponsesRequest;
  if (typeof body.model !== 'string' || body.model === '') throw new InvalidResponsesRequest('model', 'a model name is required.');
  const { input } = request;
  if (input === undefined && request.previous_response_id === undefined && request.prompt === undefined) throw new InvalidResponsesRequest('input', 'input is required.');
  if (input !== undefined && typeof input !== 'string') {
    if (!Array.isArray(input)) throw new InvalidResponsesRequest('input', 'expected a string or an array of input items.');
    input.forEach((item, index) => validateItem(item, `input[${index}]`));
  }
  if (body.instructions !== undefined && body.instructions !== null && typeof body.instructions !== 'string') throw new InvalidResponsesRequest('instructions', 'expected a string.');
  number(request, 'temperature', 0, 2);
  number(request, 'top_p', 0, 1);
  number(request, 'max_output_tokens', 16, 2 ** 30, true);
  if (body.stream !== undefined && typeof body.stream !== 'boolean') throw new InvalidResponsesRequest('stream', 'expected a boolean.');
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) throw new InvalidResponsesRequest('tools', 'expected an array of tools.');
    body.tools.forEach((tool: unknown, index) => {
      if (!isObject(tool) || typeof tool.type !== 'string') throw new InvalidResponsesRequest(`tools[${index}].type`, 'each tool needs a type.');
      if ((tool.type === 'function' || tool.type === 'custom') && (typeof tool.name !== 'string' || tool.name === '')) throw new InvalidResponsesRequest(`tools[${index}].name`, 'a function tool needs a name.');
      // A namespace's tools are declared as tools are.
      if (tool.type === 'namespace' && Array.isArray(tool.tools)) objects(tool.tools, `tools[${index}].tools`, 'expected an array of tools.');
    });
  }
  if (body.reasoning !== undefined && body.reasoning !== null && !isObject(body.reasoning)) throw new InvalidResponsesRequest('reasoning', 'expected an object.');
  if (body.text !== undefined && body.text !== null && !isObject(body.text)) throw new InvalidResponsesRequest('text', 'expected an object.');
  return request;
}

function validateItem(item: unknown, at: string) {
  if (!isObject(item)) throw new InvalidResponsesRequest(at, 'expected an input item object.');
  const typed = item as InputItem;
  if (typed.type !== undefined && typeof typed.type !== 'string') throw new InvalidResponsesRequest(`${at}.type`, 'expected a string.');
  const type = typed.type ?? 'message';
  if (type === 'message') {
    if (!['user', 'assistant', 'system', 'developer'].includes(String(typed.role))) throw new InvalidResponsesRequest(`${at}.role`, "expected one of 'user', 'assistant', 'system' or 'developer'.");
    if (typeof typed.content !== 'string' && !Array.isArray(typed.content)) throw new InvalidResponsesRequest(`${at}.content`, 'expected a string or an array of content parts.');
    if (Array.isArray(typed.content)) {
      typed.content.forEach((part, index) => {
        if (!isObject(part) || typeof part.type !== 'string') throw new InvalidResponsesRequest(`${at}.content[${index}].type`, 'each content part needs a type.');
      });
    }
  }
  if (type === 'function_call' || type === 'custom_tool_call') {
    if (typeof typed.call_id !== 'string' || typed.call_id === '') throw new InvalidResponsesRequest(`${at}.call_id`, 'a call needs its call_id.');
    if (typeof typed.name !== 'string' || typed.name === '') throw new InvalidResponsesRequest(`${at}.name`, 'a call needs the name of its tool.');
  }
  if (type === 'function_call' || type === 'custom_tool_call') optionalString(item.namespace, `${at}.namespace`);
  if (type === 'function_call_output' || type === 'custom_tool_call_output') {
    if (typeof typed.call_id !== 'string' || typed.call_id === '') throw new InvalidResponsesRequest(`${at}.call_id`, 'a call output needs the call_id of its call.');
    // A string, or content parts (text, images, files) whose text is read.
    if (Array.isArray(item.output)) objects(item.output, `${at}.output`, 'expected an array of content parts.');
  }
  if (type === 'reasoning' && item.summary !== undefined) {
    if (!Array.isArray(item.summary)) throw new InvalidResponsesRequest(`${at}.summary`, 'expected an array of summary parts.');
    objects(item.summary, `${at}.summary`, 'expected an array of summary parts.');
  }
}

function optionalString(value: unknown, at: string) {
  if (value !== undefined && typeof value !== 'string') throw new InvalidResponsesRequest(at, 'expected a string.');
}

/** Each element of a list an object, else the first that is not named. */
function objects(values: unknown[], at: string, problem: string) {
  values.forEach((value, index) => {
    if (!isObject(value)) throw new InvalidResponsesRequest(`${at}[${index}]`, problem);
  });
}
