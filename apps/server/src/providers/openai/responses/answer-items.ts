import type { JsonObject } from '../request-body.js';
import type { ClientToolNames } from './client-tool-names.js';

/**
 * The output items of a converted response, as OpenAI writes them. Docs:
 * https://platform.openai.com/docs/api-reference/responses/object#responses/object-output
 * A call of a custom tool (declared to the upstream as a function taking `input`, tools-to-hub.ts) goes back
 * as the custom_tool_call the client expects, its input unwrapped; a call of a namespace's tool goes back
 * with its own name and its namespace (client-tool-names.ts).
 */
export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

export const outputText = (text: string): JsonObject => ({ type: 'output_text', text, annotations: [], logprobs: [] });

export const summaryText = (text: string): JsonObject => ({ type: 'summary_text', text });

/** A reasoning item; `encrypted` carries a converted Claude answer's thinking blocks (thinking-carrier.ts). */
export function reasoningItem(id: string, summary: string | undefined, encrypted?: string): JsonObject {
  return { id, type: 'reasoning', summary: summary === undefined ? [] : [summaryText(summary)], ...(encrypted ? { encrypted_content: encrypted } : {}) };
}

export function messageItem(id: string, text: string | undefined, status: ItemStatus): JsonObject {
  return { id, type: 'message', status, role: 'assistant', content: text === undefined ? [] : [outputText(text)] };
}

export interface HubCall {
  callId: string;
  name: string;
  arguments: string;
}

export function callItem(id: string, call: HubCall, status: ItemStatus, tools: ClientToolNames): JsonObject {
  const { name, namespace } = tools.client(call.name);
  const named = namespace === undefined ? { name } : { namespace, name };
  if (tools.isCustom(call.name)) return { id, type: 'custom_tool_call', status, call_id: call.callId, ...named, input: customInput(call.arguments) };
  return { id, type: 'function_call', status, call_id: call.callId, ...named, arguments: call.arguments };
}

/** The text a custom tool's call carries: its `input` argument, or the arguments as they came when they are not that. */
export function customInput(args: string): string {
  try {
    const parsed = JSON.parse(args) as { input?: unknown };
    return typeof parsed.input === 'string' ? parsed.input : args;
  } catch {
    return args;
  }
}

/** How a hub finish reason ends a response: completed, or incomplete and why. */
export function endOf(finish: string | null | undefined): { status: 'completed' | 'incomplete'; reason?: string } {
  if (finish === 'length') return { status: 'incomplete', reason: 'max_output_tokens' };
  if (finish === 'content_filter') return { status: 'incomplete', reason: 'content_filter' };
  return { status: 'completed' };
}
