import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Gemini API speaking the generateContent wire format (JSON, and `alt=sse` streams of whole
 * GenerateContentResponse objects with no terminator). It answers with a functionCall when the request
 * declares functions and carries no functionResponse yet, with text otherwise, counts tokens, embeds for
 * embedContent and batchEmbedContents, records what it received and fails on demand.
 */
export interface GeminiBehaviour {
  fail?: { status: number; body: unknown };
  /** Think first: a thought part, thoughtsTokenCount, and a thoughtSignature on function calls. */
  thoughts?: boolean;
  /** Report this many prompt tokens as read from a cached context. */
  cachedTokens?: number;
  /** Stream this many text events instead of two, with this pause between them. */
  chunks?: number;
  chunkDelayMs?: number;
  /** Break the stream after its first event with Google's error object. */
  streamError?: boolean;
  /** Call the first declared function this many times in one turn (cities Paris, Rome, Oslo…), as a parallel call. */
  parallelCalls?: number;
}

interface GenerateBody {
  tools?: { functionDeclarations?: { name: string }[] }[];
  contents?: { role: string; parts: { functionResponse?: { response?: { output?: string } } }[] }[];
  requests?: { content?: { parts?: { text?: string }[] } }[];
  content?: { parts?: { text?: string }[] };
  generationConfig?: { responseLogprobs?: boolean; logprobs?: number };
}

/** Log probabilities of a text part, as Gemini reports them when asked: the part as one token, and a runner-up. */
const logprobsOf = (part: unknown, top: number) => {
  const token = (part as { text?: string }).text ?? '';
  const chosen = { token, tokenId: 1, logProbability: -0.25 };
  return { topCandidates: [{ candidates: [chosen, { token: '¿', tokenId: 2, logProbability: -3.5 }].slice(0, top) }], chosenCandidates: [chosen] };
};

const USAGE = { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 };
export const FAKE_THOUGHT = 'Let me think.';
export const FAKE_SIGNATURE = 'c2lnbmVkLWJ5LWdlbWluaQ==';
export const FAKE_TOKEN_COUNT = 31;
export const FAKE_STREAM_ERROR = { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } };
const ROUTE = /^\/(v1|v1beta)\/models\/([^:/]+):(generateContent|streamGenerateContent\?alt=sse|batchEmbedContents|embedContent|countTokens)$/;

export class FakeGemini extends FakeUpstream<GeminiBehaviour> {
  /** Streams the relay hung up on before they ended. */
  closedStreams = 0;

  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as GenerateBody & Record<string, unknown>;
    const b = this.behaviour;
    if (b.fail) return send(res, b.fail.status, b.fail.body);
    const route = ROUTE.exec(req.url ?? '');
    if (!route) return send(res, 404, { error: { code: 404, message: `no ${req.url}`, status: 'NOT_FOUND' } });
    const method = route[3];
    if (method === 'countTokens') return send(res, 200, { totalTokens: FAKE_TOKEN_COUNT, promptTokensDetails: [{ modality: 'TEXT', tokenCount: FAKE_TOKEN_COUNT }] });
    if (method === 'embedContent') return send(res, 200, { embedding: { values: [0, (json.content?.parts?.[0]?.text ?? '').length] } });
    if (method === 'batchEmbedContents') return send(res, 200, { embeddings: (json.requests ?? []).map((r, i) => ({ values: [i, (r.content?.parts?.[0]?.text ?? '').length] })) });
    const result = json.contents?.flatMap((c) => c.parts).find((part) => part.functionResponse)?.functionResponse;
    const callTool = (json.tools?.[0]?.functionDeclarations?.length ?? 0) > 0 && !result;
    const text = result ? `Paris: ${result.response?.output ?? ''}` : `Hello from ${this.name}`;
    const calls = ['Paris', 'Rome', 'Oslo'].slice(0, b.parallelCalls ?? 1).map((city) => ({ functionCall: { name: json.tools?.[0]?.functionDeclarations?.[0]?.name, args: { city } }, ...(b.thoughts ? { thoughtSignature: FAKE_SIGNATURE } : {}) }));
    const thought = b.thoughts ? [{ text: FAKE_THOUGHT, thought: true }] : [];
    const logprobs = json.generationConfig?.responseLogprobs ? json.generationConfig.logprobs ?? 0 : undefined;
    if (method !== 'generateContent') return this.stream(res, [...thought, ...(callTool ? calls : this.pieces(text))], logprobs);
    const parts = [...thought, ...(callTool ? calls : [{ text }])];
    const logprobsResult = logprobs === undefined ? {} : { logprobsResult: logprobsOf({ text }, logprobs) };
    send(res, 200, { candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0, ...logprobsResult }], usageMetadata: this.usage(6), modelVersion: route[2], responseId: 'fake01' });
  }

  private pieces(text: string): { text: string }[] {
    const chunks = this.behaviour.chunks;
    if (chunks) return Array.from({ length: chunks }, (_, i) => ({ text: `part${i} ` }));
    return [{ text: text.slice(0, 5) }, { text: text.slice(5) }];
  }

  /** Cumulative usage after `candidates` tokens: the thoughts and the cached prompt when the behaviour has them. */
  private usage(candidates: number) {
    const thoughts = this.behaviour.thoughts ? 4 : 0;
    const cached = this.behaviour.cachedTokens ? { cachedContentTokenCount: this.behaviour.cachedTokens } : {};
    return { ...USAGE, candidatesTokenCount: candidates, totalTokenCount: USAGE.promptTokenCount + candidates + thoughts, ...(thoughts ? { thoughtsTokenCount: thoughts } : {}), ...cached };
  }

  /** One event per part, cumulative usage on each, the finish reason on the last; then the connection closes. */
  private async stream(res: http.ServerResponse, parts: unknown[], logprobs?: number) {
    const b = this.behaviour;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let ended = false;
    res.on('close', () => {
      if (!ended) this.closedStreams += 1;
    });
    for (const [i, part] of parts.entries()) {
      if (res.destroyed) return;
      const last = i === parts.length - 1;
      const candidate = { content: { parts: [part], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}), ...(logprobs === undefined ? {} : { logprobsResult: logprobsOf(part, logprobs) }) };
      const produced = b.chunks ? i + 1 : last ? 6 : 2;
      res.write(`data: ${JSON.stringify({ candidates: [candidate], usageMetadata: this.usage(produced), responseId: 'fake02' })}\r\n\r\n`);
      if (b.streamError) {
        res.write(`data: ${JSON.stringify(FAKE_STREAM_ERROR)}\r\n\r\n`);
        break;
      }
      if (b.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, b.chunkDelayMs));
    }
    ended = true;
    res.end();
  }
}
