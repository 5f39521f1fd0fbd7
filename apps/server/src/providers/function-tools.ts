/** One function tool of an OpenAI request, as the converting adaptors read it. */
export interface FunctionTool {
  name: string;
  description?: string;
  parameters?: unknown;
  /** The tool as the client sent it, for a field a protocol passes on (Anthropic's cache_control). */
  sent: Record<string, unknown>;
}

type OpenAITool = { type?: unknown; function?: { name?: unknown; description?: unknown; parameters?: unknown } };

/**
 * The function tools of an OpenAI request. Anything else (no list, another tool type, a function without
 * a name) has nothing a foreign protocol could declare, so it is left out rather than sent half-made.
 */
export function functionTools(tools: unknown): FunctionTool[] {
  if (!Array.isArray(tools)) return [];
  return (tools as OpenAITool[])
    .filter((tool) => tool.type === 'function' && typeof tool.function?.name === 'string')
    .map((tool) => ({
      name: String(tool.function?.name),
      ...(typeof tool.function?.description === 'string' ? { description: tool.function.description } : {}),
      parameters: tool.function?.parameters,
      sent: tool as Record<string, unknown>,
    }));
}
