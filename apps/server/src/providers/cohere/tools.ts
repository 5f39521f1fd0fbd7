import { parseArguments, plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { CohereParameter, CohereTool, CohereToolResult } from './wire-types.js';

/**
 * OpenAI tools as Cohere v1 tools, whose `parameter_definitions` is a flat map of Python-like types, not
 * JSON Schema (reference providers.md 12.1). Nested objects keep their type `dict` and lose their schema.
 * Docs: https://docs.cohere.com/v1/docs/tool-use
 */
interface OpenAITool {
  type?: unknown;
  function?: { name?: unknown; description?: unknown; parameters?: { properties?: Record<string, { type?: unknown; description?: unknown }>; required?: unknown } };
}

const PYTHON_TYPES: Record<string, string> = { string: 'str', integer: 'int', number: 'float', boolean: 'bool', array: 'list', object: 'dict' };

export function cohereTools(tools: unknown): CohereTool[] {
  return (Array.isArray(tools) ? (tools as OpenAITool[]) : [])
    .filter((tool) => tool.type === 'function' && tool.function)
    .map(({ function: fn }) => {
      const required = Array.isArray(fn?.parameters?.required) ? (fn.parameters.required as unknown[]) : [];
      const definitions: Record<string, CohereParameter> = {};
      for (const [name, schema] of Object.entries(fn?.parameters?.properties ?? {})) {
        definitions[name] = {
          type: PYTHON_TYPES[String(schema.type)] ?? 'str',
          ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
          required: required.includes(name),
        };
      }
      return { name: String(fn?.name ?? ''), description: String(fn?.description ?? ''), parameter_definitions: definitions };
    });
}

/** Cohere wants each output as an object; a JSON object or list of objects is kept, anything else wrapped. */
function outputs(content: string): Record<string, unknown>[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  try {
    const parsed: unknown = JSON.parse(content);
    if (isObject(parsed)) return [parsed];
    if (Array.isArray(parsed) && parsed.every(isObject)) return parsed;
  } catch {
    // Plain text is wrapped below.
  }
  return [{ result: content }];
}

/** A tool message as a Cohere tool result; the call is found by the id the assistant turn gave it. */
export function toolResult(message: OpenAIMessage, calls: ReadonlyMap<string, { name: string; parameters: unknown }>): CohereToolResult {
  const call = calls.get(String(message.tool_call_id ?? '')) ?? { name: '', parameters: {} };
  return { call, outputs: outputs(plainText(message.content)) };
}

export const callOf = (call: NonNullable<OpenAIMessage['tool_calls']>[number]) => ({ name: String(call.function?.name ?? ''), parameters: parseArguments(call.function?.arguments) });
