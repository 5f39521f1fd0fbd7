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
  const client = context.client;
  const echo = (key: string, fallback: unknown) => (client[key] === undefined ? fallback : client[key]);
  return {
    id: shell.id,
    object: 'response',
    created_at: shell.createdAt,
    status: shell.status,
    background: false,
    error: shell.error ?? null,
    incomplete_details: shell.incompleteReason ? { reason: shell.incompleteReason } : null,
    instructions: echo('instructions', null),
    max_output_tokens: echo('max_output_tokens', null),
    model: context.model,
    output: shell.output,
    parallel_tool_calls: echo('parallel_tool_calls', true),
    previous_response_id: null,
    reasoning: echo('reasoning', { effort: null, summary: null }),
    store: false,
    temperature: echo('temperature', 1),
    text: echo('text', { format: { type: 'text' } }),
    tool_choice: echo('tool_choice', 'auto'),
    tools: echo('tools', []),
    top_p: echo('top_p', 1),
    truncation: 'disabled',
    usage: shell.usage ?? null,
    user: echo('user', null),
    metadata: echo('metadata', {}),
  };
}
