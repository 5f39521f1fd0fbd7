import type { JsonObject } from '../openai/request-body.js';
import type { AnthropicTool, AnthropicToolChoice } from './wire-types.js';

/**
 * OpenAI's `response_format: json_schema` on Anthropic, which has no JSON mode: the schema becomes the input
 * schema of one tool the model is made to call, and the call's input comes back as the message content,
 * so structured-output clients (AI SDK's generateObject, LangChain's withStructuredOutput) get their object.
 * Not done with the client's own tools (forcing ours would forbid theirs) nor with thinking on (Anthropic
 * refuses a forced tool then): a system instruction with the schema does the work there (request.ts).
 * Docs: https://docs.anthropic.com/en/docs/build-with-claude/tool-use#json-mode
 */
export const STRUCTURED_OUTPUT_TOOL = 'structured_output';

/** The schema to answer with through the forced tool, when the request is one this is done for. */
export function structuredOutputSchema(body: JsonObject): unknown {
  const format = body.response_format as { type?: unknown; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type !== 'json_schema' || !format.json_schema?.schema || typeof format.json_schema.schema !== 'object') return undefined;
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  const thinks = (body.thinking as { type?: unknown } | undefined)?.type === 'enabled';
  return hasTools || thinks ? undefined : format.json_schema.schema;
}

export function structuredOutputTool(schema: unknown): { tools: AnthropicTool[]; tool_choice: AnthropicToolChoice } {
  return {
    tools: [{ name: STRUCTURED_OUTPUT_TOOL, description: 'Give your answer as this tool’s input, matching its schema exactly.', input_schema: schema }],
    tool_choice: { type: 'tool', name: STRUCTURED_OUTPUT_TOOL },
  };
}
