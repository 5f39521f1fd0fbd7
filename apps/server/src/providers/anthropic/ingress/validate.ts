import type { JsonObject } from '../../openai/request-body.js';
import { InvalidRequest } from './invalid-request.js';
import type { MessagesRequest } from './request-types.js';

/**
 * The checks Anthropic makes before it reads a request, with its field paths (`messages.0.role`), so that
 * a malformed body is refused as Anthropic would refuse it, before Tollgate reserves or charges anything.
 * `countOnly`: count_tokens takes the same body without max_tokens. A `system` message inside `messages`
 * (what Claude Code sends for models it does not know, under the mid-conversation-system beta) is a turn
 * like the others. Fields the checks do not name are the client's business: passed through as they are,
 * and so are types newer than Tollgate (a tool, a tool_choice, a thinking mode): a conversion leaves out
 * what it cannot read (request-to-hub.ts).
 */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const NUMBERS = ['temperature', 'top_p', 'top_k'] as const;

export function validateMessages(body: JsonObject, countOnly: boolean): MessagesRequest {
  if (typeof body.model !== 'string' || !body.model) throw new InvalidRequest('model', 'Field required');
  if (!countOnly) {
    if (body.max_tokens === undefined) throw new InvalidRequest('max_tokens', 'Field required');
    if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) throw new InvalidRequest('max_tokens', 'Input should be a positive integer');
  }
  if (!Array.isArray(body.messages)) throw new InvalidRequest('messages', body.messages === undefined ? 'Field required' : 'Input should be a valid list');
  if (body.messages.length === 0) throw new InvalidRequest('messages', 'List should have at least 1 item');
  body.messages.forEach((message, index) => validateMessage(message, `messages.${index}`));
  validateSystem(body.system);
  for (const name of NUMBERS) if (body[name] !== undefined && typeof body[name] !== 'number') throw new InvalidRequest(name, 'Input should be a valid number');
  const stops = body.stop_sequences;
  if (stops !== undefined && (!Array.isArray(stops) || stops.some((stop) => typeof stop !== 'string'))) throw new InvalidRequest('stop_sequences', 'Input should be a list of strings');
  if (body.stream !== undefined && typeof body.stream !== 'boolean') throw new InvalidRequest('stream', 'Input should be a valid boolean');
  if (body.metadata !== undefined && !isObject(body.metadata)) throw new InvalidRequest('metadata', 'Input should be a valid dictionary');
  validateTools(body.tools);
  validateToolChoice(body.tool_choice);
  validateThinking(body.thinking);
  validateOutputConfig(body.output_config);
  return body as unknown as MessagesRequest;
}

function validateMessage(message: unknown, at: string) {
  if (!isObject(message)) throw new InvalidRequest(at, 'Input should be a valid dictionary');
  if (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'system') throw new InvalidRequest(`${at}.role`, "Input should be 'user', 'assistant' or 'system'");
  const content = message.content;
  if (typeof content === 'string') return;
  if (!Array.isArray(content)) throw new InvalidRequest(`${at}.content`, content === undefined ? 'Field required' : 'Input should be a valid string or list of content blocks');
  content.forEach((block, index) => validateBlock(block, `${at}.content.${index}`));
}

function validateBlock(block: unknown, at: string) {
  if (!isObject(block) || typeof block.type !== 'string') throw new InvalidRequest(`${at}.type`, 'Field required');
  const need = (field: string, kind: 'string' | 'object') => {
    const value = block[field];
    if (kind === 'string' ? typeof value !== 'string' : !isObject(value)) throw new InvalidRequest(`${at}.${field}`, 'Field required');
  };
  switch (block.type) {
    case 'text':
      return need('text', 'string');
    case 'image':
    case 'document':
      need('source', 'object');
      return validateSource(block.source as Record<string, unknown>, `${at}.source`);
    case 'tool_use':
      need('id', 'string');
      return need('name', 'string');
    case 'tool_result': {
      need('tool_use_id', 'string');
      const content = block.content;
      if (content !== undefined && typeof content !== 'string' && !Array.isArray(content)) throw new InvalidRequest(`${at}.content`, 'Input should be a valid string or list of content blocks');
      if (Array.isArray(content)) content.forEach((inner, index) => validateBlock(inner, `${at}.content.${index}`));
      return;
    }
    case 'thinking':
      return need('thinking', 'string');
    case 'redacted_thinking':
      return need('data', 'string');
    default:
      return; // server tool blocks and newer types: passed through, or left out of a conversion
  }
}

function validateSource(source: Record<string, unknown>, at: string) {
  if (source.type === 'base64') {
    if (typeof source.media_type !== 'string') throw new InvalidRequest(`${at}.media_type`, 'Field required');
    if (typeof source.data !== 'string') throw new InvalidRequest(`${at}.data`, 'Field required');
  } else if (source.type === 'url') {
    if (typeof source.url !== 'string') throw new InvalidRequest(`${at}.url`, 'Field required');
  } else if (typeof source.type !== 'string') throw new InvalidRequest(`${at}.type`, 'Field required');
}

function validateSystem(system: unknown) {
  if (system === undefined || typeof system === 'string') return;
  if (!Array.isArray(system)) throw new InvalidRequest('system', 'Input should be a valid string or list of text blocks');
  system.forEach((block, index) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') throw new InvalidRequest(`system.${index}`, 'Input should be a text block');
  });
}

function validateTools(tools: unknown) {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw new InvalidRequest('tools', 'Input should be a valid list');
  tools.forEach((tool, index) => {
    if (!isObject(tool)) throw new InvalidRequest(`tools.${index}`, 'Input should be a valid dictionary');
    // A tool of a newer type may be named otherwise (an MCP toolset names its server): only custom tools need a name.
    const custom = tool.type === undefined || tool.type === 'custom';
    if (tool.type !== undefined && typeof tool.type !== 'string') throw new InvalidRequest(`tools.${index}.type`, 'Input should be a valid string');
    if ((custom || tool.name !== undefined) && (typeof tool.name !== 'string' || !tool.name)) throw new InvalidRequest(`tools.${index}.name`, 'Field required');
    if (tool.input_schema !== undefined && !isObject(tool.input_schema)) throw new InvalidRequest(`tools.${index}.input_schema`, 'Input should be a valid dictionary');
    if ((tool.type === undefined || tool.type === 'custom') && tool.input_schema === undefined) throw new InvalidRequest(`tools.${index}.input_schema`, 'Field required');
  });
}

function validateToolChoice(choice: unknown) {
  if (choice === undefined) return;
  if (!isObject(choice) || typeof choice.type !== 'string') throw new InvalidRequest('tool_choice.type', "Input should be 'auto', 'any', 'tool' or 'none'");
  if (choice.type === 'tool' && typeof choice.name !== 'string') throw new InvalidRequest('tool_choice.name', 'Field required');
}

function validateOutputConfig(config: unknown) {
  if (config === undefined) return;
  if (!isObject(config)) throw new InvalidRequest('output_config', 'Input should be a valid dictionary');
  if (config.effort !== undefined && typeof config.effort !== 'string') throw new InvalidRequest('output_config.effort', 'Input should be a valid string');
}

function validateThinking(thinking: unknown) {
  if (thinking === undefined) return;
  if (!isObject(thinking) || typeof thinking.type !== 'string') throw new InvalidRequest('thinking.type', "Input should be 'enabled', 'disabled' or 'adaptive'");
  if (thinking.type === 'enabled' && !Number.isInteger(thinking.budget_tokens)) throw new InvalidRequest('thinking.budget_tokens', 'Field required');
}
