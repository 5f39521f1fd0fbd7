import { plainText, type ContentPart, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import { functionTools } from '../function-tools.js';
import type { HunyuanChatRequest, HunyuanContent, HunyuanMessage, HunyuanTool } from './wire-types.js';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * An OpenAI chat request as Hunyuan's ChatCompletions (reference providers.md 11.3). A message with an
 * image goes as `Contents` (the vision models' list); image URLs, data or remote, are passed as they are,
 * since Hunyuan takes both. Hunyuan has no max-tokens field in this version, so max_tokens is not sent.
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
export function toHunyuanRequest(body: JsonObject, model: string, stream: boolean): HunyuanChatRequest {
  const request: HunyuanChatRequest = { Model: model, Messages: hunyuanMessages(body.messages), Stream: stream };
  const temperature = num(body.temperature);
  // Hunyuan's ranges are [0, 2] and [0, 1], as OpenAI's.
  if (temperature !== undefined) request.Temperature = Math.min(2, Math.max(0, temperature));
  const topP = num(body.top_p);
  if (topP !== undefined) request.TopP = Math.min(1, Math.max(0, topP));
  const tools = hunyuanTools(body.tools);
  if (tools.length > 0) {
    request.Tools = tools;
    Object.assign(request, toolChoice(body.tool_choice, tools));
  }
  return request;
}

function hunyuanMessages(input: unknown): HunyuanMessage[] {
  return (Array.isArray(input) ? (input as OpenAIMessage[]) : []).map((message) => {
    const role = message.role === 'developer' ? 'system' : String(message.role ?? 'user');
    const converted: HunyuanMessage = { Role: role };
    const contents = withImages(message.content);
    if (contents) converted.Contents = contents;
    else converted.Content = plainText(message.content);
    if (role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      converted.ToolCalls = message.tool_calls.map((call) => ({ Id: String(call.id ?? ''), Type: 'function', Function: { Name: String(call.function?.name ?? ''), Arguments: String(call.function?.arguments ?? '') } }));
    }
    if (role === 'tool') converted.ToolCallId = String(message.tool_call_id ?? '');
    return converted;
  });
}

/** The parts of a content list that has an image; undefined for text-only content, sent as `Content`. */
function withImages(content: unknown): HunyuanContent[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const parts = content as ContentPart[];
  if (!parts.some((part) => part.type === 'image_url')) return undefined;
  return parts.flatMap((part): HunyuanContent[] => {
    if (part.type === 'text' && typeof part.text === 'string') return [{ Type: 'text', Text: part.text }];
    const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
    return part.type === 'image_url' && typeof url === 'string' ? [{ Type: 'image_url', ImageUrl: { Url: url } }] : [];
  });
}

function hunyuanTools(tools: unknown): HunyuanTool[] {
  return functionTools(tools).map(({ name, description, parameters }) => ({
    Type: 'function',
    Function: {
      Name: name,
      ...(description !== undefined ? { Description: description } : {}),
      Parameters: JSON.stringify(parameters ?? { type: 'object', properties: {} }),
    },
  }));
}

/** OpenAI's `required` has no Hunyuan value; `auto` is the closest. A named function is a `custom` tool. */
function toolChoice(choice: unknown, tools: HunyuanTool[]): Pick<HunyuanChatRequest, 'ToolChoice' | 'CustomTool'> {
  if (choice === 'none') return { ToolChoice: 'none' };
  const named = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  const custom = typeof named === 'string' ? tools.find((tool) => tool.Function.Name === named) : undefined;
  return custom ? { ToolChoice: 'custom', CustomTool: custom } : { ToolChoice: 'auto' };
}
