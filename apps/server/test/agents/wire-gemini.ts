import { send } from '../fake-upstream.js';
import { textOf, sendEvents, USAGE, type Entry, type Wire } from './conversation.js';

/**
 * Gemini generateContent (https://ai.google.dev/api/generate-content): JSON, and with `alt=sse` a stream of
 * whole GenerateContentResponse objects. Thought parts are the model's own reasoning, not history text.
 */
interface Part {
  text?: string;
  thought?: boolean;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name?: string; response?: unknown };
}

interface GeminiBody {
  systemInstruction?: { parts?: Part[] };
  contents?: { role?: string; parts?: Part[] }[];
  tools?: { functionDeclarations?: { name?: string }[] }[];
}

function entryOf(role: string, part: Part): Entry[] {
  if (part.functionResponse) return [{ kind: 'result', id: part.functionResponse.id, text: textOf(part.functionResponse.response) }];
  if (part.functionCall) return [{ kind: 'call', id: part.functionCall.id, name: part.functionCall.name ?? '', args: part.functionCall.args ?? {} }];
  if (part.text === undefined || part.thought) return [];
  return [{ kind: role === 'model' ? 'assistant' : 'user', text: part.text }];
}

export const geminiWire: Wire = {
  refuse(json) {
    const roles = ((json as GeminiBody).contents ?? []).map((content) => content.role ?? 'user');
    if (roles.every((role) => role === 'user' || role === 'model')) return undefined;
    return { status: 400, body: { error: { code: 400, message: 'Please use a valid role: user, model.', status: 'INVALID_ARGUMENT' } } };
  },

  read(json) {
    const body = json as GeminiBody;
    const history = (body.contents ?? []).flatMap((content) => (content.parts ?? []).flatMap((part) => entryOf(content.role ?? 'user', part)));
    const tools = (body.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name ?? ''));
    return { tools, system: (body.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('\n'), history };
  },

  reply(res, answer, { model, stream, id }) {
    const part = answer.kind === 'call' ? { functionCall: { name: answer.name, args: answer.args } } : { text: answer.text };
    const usageMetadata = { promptTokenCount: USAGE.input, candidatesTokenCount: USAGE.output, totalTokenCount: USAGE.input + USAGE.output };
    const response = { candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion: model, responseId: id };
    if (!stream) return send(res, 200, response);
    sendEvents(res, [`data: ${JSON.stringify(response)}\n\n`]);
  },
};
