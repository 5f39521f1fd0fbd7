import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Vertex AI: its /token endpoint checks the service-account JWT (RS256 signature, issuer, scope,
 * audience, grant type) and hands out access tokens, counting the exchanges; the publisher-model endpoints answer
 * only a Bearer token it issued. Gemini models speak generateContent (JSON, and `alt=sse` streams of whole
 * responses), Claude models rawPredict / streamRawPredict (Anthropic's JSON and named SSE), and
 * text-embedding models predict, and Gemini models count tokens. It records every request and fails on demand.
 */
export interface VertexBehaviour {
  /** Refuse the JWT as Google refuses a revoked key. */
  refuseToken?: boolean;
  /** Lifetime of the tokens handed out, in seconds. */
  tokenLifetime?: number;
  /** Answer every model call with this. */
  fail?: { status: number; body: unknown };
}

export interface ServiceAccountKey {
  /** The key JSON to paste into the channel's `vertex_ai_adc`. */
  json: string;
  publicKey: KeyObject;
}

/** A throwaway service-account key whose token_uri is the fake's; never a real key. */
export function serviceAccountKey(tokenUri: string, clientEmail = 'tollgate-test@test-project.iam.gserviceaccount.com'): ServiceAccountKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'adc-project',
    private_key_id: 'fake-key-id',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: '1',
    token_uri: tokenUri,
  });
  return { json, publicKey };
}

const USAGE = { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 };
/** What Gemini's countTokens on Vertex answers, whatever it is asked. */
export const VERTEX_TOKEN_COUNT = 27;
const MODEL_ROUTE = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^:/]+):(\w+)(\?alt=sse)?$/;

interface ModelBody {
  stream?: boolean;
  tools?: { name?: string; functionDeclarations?: { name: string }[] }[];
  instances?: { content: string }[];
}

export class FakeVertex extends FakeUpstream<VertexBehaviour> {
  tokenExchanges = 0;
  readonly issued = new Set<string>();
  /** The public keys of the service accounts it trusts, by client_email. */
  readonly accounts = new Map<string, KeyObject>();

  constructor(name = 'vertex') {
    super(name, {});
  }

  get tokenUri(): string {
    return `${this.baseUrl}/token`;
  }

  /** Revokes every token handed out so far: model calls carrying one answer 401 UNAUTHENTICATED. */
  revokeTokens(): void {
    this.issued.clear();
  }

  /** A new trusted service-account key for this fake. */
  newKey(clientEmail?: string): string {
    const key = serviceAccountKey(this.tokenUri, clientEmail);
    this.accounts.set((JSON.parse(key.json) as { client_email: string }).client_email, key.publicKey);
    return key.json;
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    if (req.url === '/token') return this.token(res, received.body);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.issued.has(bearer)) return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.', status: 'UNAUTHENTICATED' } });
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    const route = MODEL_ROUTE.exec(req.url ?? '');
    if (!route) return send(res, 404, { error: { code: 404, message: `no ${req.url}`, status: 'NOT_FOUND' } });
    const [, , , publisher, model, method] = route;
    const json = (received.json ?? {}) as ModelBody;
    if (publisher === 'anthropic') return this.claude(res, model ?? '', method === 'streamRawPredict', json);
    if (method === 'countTokens') return send(res, 200, { totalTokens: VERTEX_TOKEN_COUNT, promptTokensDetails: [{ modality: 'TEXT', tokenCount: VERTEX_TOKEN_COUNT }] });
    if (method === 'predict') return send(res, 200, { predictions: (json.instances ?? []).map((instance, i) => ({ embeddings: { statistics: { token_count: instance.content.length, truncated: false }, values: [i, 0.5] } })), metadata: { billableCharacterCount: 1 } });
    return this.gemini(res, method === 'streamGenerateContent', json);
  }

  /** The OAuth JWT-bearer grant: a signature by a known key, for the cloud-platform scope, addressed to this endpoint. */
  private token(res: http.ServerResponse, body: string) {
    this.tokenExchanges += 1;
    const form = new URLSearchParams(body);
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    let payload: { iss?: string; scope?: string; aud?: string } = {};
    try {
      payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof payload;
    } catch {
      payload = {};
    }
    const publicKey = this.accounts.get(payload.iss ?? '');
    const signed = publicKey !== undefined && verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
    const valid = signed && form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && payload.scope === 'https://www.googleapis.com/auth/cloud-platform' && payload.aud === this.tokenUri;
    if (this.behaviour.refuseToken || !valid) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    const token = `ya29.fake-${this.tokenExchanges}`;
    this.issued.add(token);
    send(res, 200, { access_token: token, expires_in: this.behaviour.tokenLifetime ?? 3599, token_type: 'Bearer' });
  }

  private gemini(res: http.ServerResponse, stream: boolean, json: ModelBody) {
    const callTool = (json.tools?.[0]?.functionDeclarations?.length ?? 0) > 0;
    const call = { functionCall: { name: json.tools?.[0]?.functionDeclarations?.[0]?.name, args: { city: 'Paris' } } };
    const text = `Hello from ${this.name} gemini`;
    if (!stream) return send(res, 200, { candidates: [{ content: { parts: [callTool ? call : { text }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: { ...USAGE, trafficType: 'ON_DEMAND' }, modelVersion: 'gemini', createTime: '2026-11-22T06:00:00.000000Z', responseId: 'vtx01' });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const parts = callTool ? [call] : [{ text: text.slice(0, 5) }, { text: text.slice(5) }];
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const usage = { ...USAGE, candidatesTokenCount: last ? 6 : 2, totalTokenCount: last ? 18 : 14 };
      const candidate = { content: { parts: [part], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) };
      res.write(`data: ${JSON.stringify({ candidates: [candidate], usageMetadata: usage, responseId: 'vtx02' })}\r\n\r\n`);
    });
    res.end();
  }

  private claude(res: http.ServerResponse, model: string, stream: boolean, json: ModelBody) {
    const text = `Hello from ${this.name} claude`;
    const callTool = (json.tools?.length ?? 0) > 0;
    const toolUse = { type: 'tool_use', id: 'toolu_vrtx01', name: json.tools?.[0]?.name, input: { city: 'Paris' } };
    if (!stream) {
      return send(res, 200, {
        id: 'msg_vrtx_01',
        type: 'message',
        role: 'assistant',
        model,
        content: [callTool ? toolUse : { type: 'text', text }],
        stop_reason: callTool ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 12, output_tokens: 6 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    const event = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    event({ type: 'message_start', message: { id: 'msg_vrtx_02', type: 'message', role: 'assistant', model, content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } });
    if (callTool) {
      // The input arrives as JSON fragments, as Anthropic streams it.
      event({ type: 'content_block_start', index: 0, content_block: { ...toolUse, input: {} } });
      for (const piece of ['{"city"', ': "Paris"}']) event({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } });
    } else {
      event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      for (const piece of [text.slice(0, 5), text.slice(5)]) event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
    }
    event({ type: 'content_block_stop', index: 0 });
    event({ type: 'message_delta', delta: { stop_reason: callTool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } });
    event({ type: 'message_stop' });
    res.end();
  }
}
