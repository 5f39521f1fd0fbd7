import type http from 'node:http';
import { FakeUpstream, send, type Received } from '../fake-upstream.js';
import { scriptedAnswer } from './coding-script.js';
import { USAGE, type Answer, type Conversation, type Protocol, type Wire } from './conversation.js';
import { chatWire } from './wire-chat.js';
import { geminiWire } from './wire-gemini.js';
import { messagesWire } from './wire-messages.js';
import { responsesWire } from './wire-responses.js';

/** One model call the scripted model answered, as a test asserts on it. */
export interface ScriptedRequest {
  protocol: Protocol;
  path: string;
  /** The credential it carried: with one upstream key per channel, it says which channel sent the call. */
  key: string;
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
  conversation: Conversation;
  answer: Answer;
}

const ROUTES: { protocol: Protocol; path: RegExp; wire: Wire }[] = [
  { protocol: 'chat', path: /\/v1\/chat\/completions$/, wire: chatWire },
  { protocol: 'responses', path: /\/v1\/responses$/, wire: responsesWire },
  { protocol: 'messages', path: /\/v1\/messages$/, wire: messagesWire },
  { protocol: 'gemini', path: /\/models\/[^/:]+:(generateContent|streamGenerateContent)$/, wire: geminiWire },
];

/** The credential of a request in whichever header (or query parameter) its protocol puts it. */
function keyOf(req: http.IncomingMessage, url: URL): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer ?? String(req.headers['x-api-key'] ?? req.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '');
}

/**
 * One fake upstream for every protocol a coding agent's traffic can reach through Tollgate: OpenAI Chat
 * Completions, OpenAI Responses, Anthropic Messages and Gemini, each streamed and not. It plays the coding
 * script (see coding-script.ts) and records every model call it answers. A request the vendor would refuse
 * gets the vendor's 400, and anything else a 404: those stay in `received` only.
 */
export class ScriptedModel extends FakeUpstream<object> {
  readonly requests: ScriptedRequest[] = [];

  constructor() {
    super('scripted', {});
  }

  /** The model calls one channel made (its upstream key), in order. */
  from(key: string): ScriptedRequest[] {
    return this.requests.filter((request) => request.key === key);
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    const url = new URL(received.path, 'http://upstream');
    if (/:countTokens$/.test(url.pathname)) return send(res, 200, { totalTokens: USAGE.input });
    const route = ROUTES.find((candidate) => candidate.path.test(url.pathname));
    if (!route || req.method !== 'POST' || !received.json) return send(res, 404, { error: { message: `the scripted model serves no ${req.method} ${received.path}` } });
    const body = received.json;
    const refusal = route.wire.refuse(body);
    if (refusal) return send(res, refusal.status, refusal.body);
    const model = route.protocol === 'gemini' ? (/\/models\/([^/:]+):/.exec(url.pathname)?.[1] ?? '') : String(body.model ?? '');
    const stream = route.protocol === 'gemini' ? url.pathname.endsWith(':streamGenerateContent') : body.stream === true;
    const conversation = route.wire.read(body);
    const answer = scriptedAnswer(conversation);
    this.requests.push({ protocol: route.protocol, path: received.path, key: keyOf(req, url), model, stream, body, conversation, answer });
    route.wire.reply(res, answer, { model, stream, id: `tollgate${this.requests.length}` });
  }
}
