import type http from 'node:http';

/**
 * A model request as the scripted model reads it, whatever its wire protocol: the tools offered, the
 * system text (from the protocol's own place for it) and the history in order. Tests assert on this view,
 * so one assertion holds for the request as it reached any of the four protocols.
 */
export type Protocol = 'chat' | 'responses' | 'messages' | 'gemini';

export type Entry =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'call'; id?: string; name: string; args: Record<string, unknown> }
  | { kind: 'result'; id?: string; text: string };

export interface Conversation {
  tools: string[];
  system: string;
  history: Entry[];
}

/** What the scripted model answers: a call of one tool, or text. `turn` numbers the calls of a conversation (1, 2). */
export type Answer = { kind: 'call'; turn: number; name: string; args: Record<string, string> } | { kind: 'text'; text: string };

/** Every answer reports this usage, so billing has tokens to charge. */
export const USAGE = { input: 1200, output: 30 };

/**
 * The request being answered. `id` is unique per answer: clients key messages by it (Claude Code merges
 * stream events that share a message id into one message).
 */
export interface ReplyTo {
  model: string;
  stream: boolean;
  id: string;
}

/** An error answer: the status and body the vendor sends. */
export interface Refusal {
  status: number;
  body: unknown;
}

/**
 * One protocol's side of the scripted model: refuse what the vendor's API refuses in a tool history (a role
 * it has not, a tool result answering no call), read a request into a Conversation, write an answer.
 */
export interface Wire {
  refuse(body: Record<string, unknown>): Refusal | undefined;
  read(body: Record<string, unknown>): Conversation;
  reply(res: http.ServerResponse, answer: Answer, request: ReplyTo): void;
}

/** Every string inside a value, in order, but part types and ids: the text of a tool result however a client nests it. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join('\n');
  if (!value || typeof value !== 'object') return '';
  const texts = Object.entries(value).filter(([key]) => key !== 'type' && !/^id$|_id$|Id$/.test(key));
  return texts.map(([, inner]) => textOf(inner)).filter(Boolean).join('\n');
}

/** Parses a tool call's arguments as a client sent them (a JSON string on the OpenAI protocols, an object elsewhere). */
export function argsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return (value ?? {}) as Record<string, unknown>;
  try {
    return JSON.parse(value || '{}') as Record<string, unknown>;
  } catch {
    return { unparsed: value };
  }
}

/** Writes a server-sent event stream. Each event ends in a blank line, as strict readers (Gemini's SDK) need. */
export function sendEvents(res: http.ServerResponse, events: string[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  for (const event of events) res.write(event);
  res.end();
}
