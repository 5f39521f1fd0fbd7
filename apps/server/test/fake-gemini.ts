import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Gemini API speaking the generateContent wire format (JSON, and `alt=sse` streams of whole
 * GenerateContentResponse objects with no terminator). It answers with a functionCall when the request
 * declares functions and carries no functionResponse yet, with text otherwise, embeds for
 * batchEmbedContents, records what it received and fails on demand.
 */
export interface GeminiBehaviour {
  fail?: { status: number; body: unknown };
}

interface GenerateBody {
  tools?: { functionDeclarations?: { name: string }[] }[];
  contents?: { role: string; parts: { functionResponse?: { response?: { output?: string } } }[] }[];
  requests?: { content?: { parts?: { text?: string }[] } }[];
}

const USAGE = { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 };
const ROUTE = /^\/(v1|v1beta)\/models\/([^:/]+):(generateContent|streamGenerateContent\?alt=sse|batchEmbedContents)$/;

export class FakeGemini extends FakeUpstream<GeminiBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as GenerateBody & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    const route = ROUTE.exec(req.url ?? '');
    if (!route) return send(res, 404, { error: { code: 404, message: `no ${req.url}`, status: 'NOT_FOUND' } });
    if (route[3] === 'batchEmbedContents') return send(res, 200, { embeddings: (json.requests ?? []).map((r, i) => ({ values: [i, (r.content?.parts?.[0]?.text ?? '').length] })) });
    const result = json.contents?.flatMap((c) => c.parts).find((part) => part.functionResponse)?.functionResponse;
    const callTool = (json.tools?.[0]?.functionDeclarations?.length ?? 0) > 0 && !result;
    const text = result ? `Paris: ${result.response?.output ?? ''}` : `Hello from ${this.name}`;
    const call = { functionCall: { name: json.tools?.[0]?.functionDeclarations?.[0]?.name, args: { city: 'Paris' } } };
    if (route[3] !== 'generateContent') return this.stream(res, callTool ? [call] : [{ text: text.slice(0, 5) }, { text: text.slice(5) }]);
    send(res, 200, { candidates: [{ content: { parts: [callTool ? call : { text }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: USAGE, modelVersion: route[2], responseId: 'fake01' });
  }

  /** One event per part, cumulative usage on each, the finish reason on the last; then the connection closes. */
  private stream(res: http.ServerResponse, parts: unknown[]) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const usage = { ...USAGE, candidatesTokenCount: last ? 6 : 2, totalTokenCount: last ? 18 : 14 };
      const candidate = { content: { parts: [part], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) };
      res.write(`data: ${JSON.stringify({ candidates: [candidate], usageMetadata: usage, responseId: 'fake02' })}\r\n\r\n`);
    });
    res.end();
  }
}
