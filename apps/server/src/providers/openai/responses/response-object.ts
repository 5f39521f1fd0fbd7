import type { AnswerContext } from '../../ingress.js';
import type { JsonObject } from '../request-body.js';

/**
 * The Response object a converted answer is (and a converted stream's lifecycle events carry), with the
 * request's settings echoed as OpenAI echoes them. Docs: https://platform.openai.com/docs/api-reference/responses/object
 * Nothing is stored on conversion: `store` is false whatever the client asked.
 */
export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

export interface ResponseShell {
  id: string;
  createdAt: number;
  status: ResponseStatus;
  output: JsonObject[];
  usage?: JsonObject | null;
  incompleteReason?: string;
  error?: { code: string; message: string };
}

/** Ids of converted responses and their items: Tollgate's request id, which the logs carry too. */
export const responseIdOf = (context: AnswerContext) => `resp_${context.requestId.replace(/[^A-Za-z0-9]/g, '')}`;

export function responseObject(context: AnswerContext, shell: ResponseShell): JsonObject {
  return { ...responseState(shell), ...echoedSettings(context) };
}

/**
 * The Response as JSON text, with the request's echoed settings given as text (`settingsJson`, from
 * `echoedSettingsJson`): a stream carries the Response three times (created, in_progress, completed), and a
 * coding agent's instructions and tools, tens of KB, were serialised each time.
 */
export function responseJson(shell: ResponseShell, settingsJson: string): string {
  return `${JSON.stringify(responseState(shell)).slice(0, -1)},${settingsJson}}`;
}

/** The echoed settings as JSON members, without braces: made once per answer. */
export function echoedSettingsJson(context: AnswerContext): string {
  return JSON.stringify(echoedSettings(context)).slice(1, -1);
}

/** What a Response says of itself: its id, its state, its output so far and its usage. */
function responseState(shell: ResponseShell): JsonObject {
  return {
    id: shell.id,
    object: 'response',
    created_at: shell.createdAt,
    status: shell.status,
    background: false,
    error: shell.error ?? null,
    incomplete_details: shell.incompleteReason ? { reason: shell.incompleteReason } : null,
    output: shell.output,
    previous_response_id: null,
    store: false,
    truncation: 'disabled',
    usage: shell.usage ?? null,
  };
}

/** The request's settings, as OpenAI echoes them in a Response (its defaults where the request left them out). */
function echoedSettings(context: AnswerContext): JsonObject {
  const client = context.client;
  const echo = (key: string, fallback: unknown) => (client[key] === undefined ? fallback : client[key]);
  return {
    instructions: echo('instructions', null),
    max_output_tokens: echo('max_output_tokens', null),
    model: context.model,
    parallel_tool_calls: echo('parallel_tool_calls', true),
    reasoning: echo('reasoning', { effort: null, summary: null }),
    temperature: echo('temperature', 1),
    text: echo('text', { format: { type: 'text' } }),
    tool_choice: echo('tool_choice', 'auto'),
    tools: echo('tools', []),
    top_p: echo('top_p', 1),
    user: echo('user', null),
    metadata: echo('metadata', {}),
  };
}
