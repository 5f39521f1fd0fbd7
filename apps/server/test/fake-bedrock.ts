import type http from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { FakeUpstream, type Received } from './fake-upstream.js';

/**
 * A fake AWS Bedrock runtime: InvokeModel (JSON) and InvokeModelWithResponseStream (binary event-stream
 * frames, encoded with AWS's codec) for Claude (Anthropic events) and Llama 3, and Converse and
 * ConverseStream for other models, and Titan and Cohere embeddings; and the control plane's model and
 * inference profile lists (GETs, as the channel form's model fetch asks). Every request must carry a
 * valid SigV4 Authorization header, recomputed here with AWS's signer from the bytes received (with the
 * session token signed, for temporary credentials), or the fake's Bedrock API key as a bearer token; a
 * wrong key or signature gets Bedrock's 403 with its `x-amzn-ErrorType` header.
 */
export interface BedrockCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Temporary credentials: requests must carry and sign this `x-amz-security-token`. */
  sessionToken?: string;
  /** A Bedrock API key also accepted as `Authorization: Bearer <key>`. */
  apiKey?: string;
}

export interface BedrockBehaviour {
  /** Answer every request with this error (status, `x-amzn-ErrorType` name, message). */
  fail?: { status: number; name: string; message: string };
  /** In a stream, after the first event: an exception frame, as Bedrock sends mid-stream failures. */
  streamException?: { type: string; message: string };
  /** In a stream, drop the connection after this many frames, as a network failure does. */
  breakOffAfter?: number;
  /** Embeddings answered with no token count, in the body or the header. */
  noTokenCounts?: boolean;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const text = (value: string) => ({ type: 'string' as const, value });

/** One InvokeModelWithResponseStream data frame: the model's event, base64 in `bytes`, with padding. */
export function chunkFrame(event: unknown, padding = ''): Buffer {
  const payload = { bytes: Buffer.from(JSON.stringify(event)).toString('base64'), ...(padding ? { p: padding } : {}) };
  return Buffer.from(codec.encode({ headers: { ':event-type': text('chunk'), ':content-type': text('application/json'), ':message-type': text('event') }, body: fromUtf8(JSON.stringify(payload)) }));
}

/** One ConverseStream frame: the event's payload as is, named by `:event-type`. */
export function converseFrame(eventType: string, payload: unknown): Buffer {
  return Buffer.from(codec.encode({ headers: { ':event-type': text(eventType), ':content-type': text('application/json'), ':message-type': text('event') }, body: fromUtf8(JSON.stringify(payload)) }));
}

/** An exception frame (`:message-type` exception) with its `{"message"}` payload. */
export function exceptionFrame(type: string, message: string): Buffer {
  return Buffer.from(codec.encode({ headers: { ':exception-type': text(type), ':content-type': text('application/json'), ':message-type': text('exception') }, body: fromUtf8(JSON.stringify({ message })) }));
}

const USAGE = { input_tokens: 14, output_tokens: 7 };
const TOOL_USE_ID = 'toolu_bdrk_01';

interface ClaudeBody {
  anthropic_version?: string;
  tools?: { name: string }[];
  messages?: { role: string; content: { type: string; content?: string }[] }[];
}

interface ConverseBody {
  toolConfig?: { tools: { toolSpec: { name: string } }[] };
  messages?: { role: string; content: { toolResult?: { content: { text: string }[] } }[] }[];
}

interface EmbedBody {
  inputText?: string;
  dimensions?: number;
  texts?: string[];
  input_type?: string;
  output_dimension?: number;
}

const header = (req: http.IncomingMessage, name: string) => String(req.headers[name] ?? '');

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** What ListFoundationModels answers: a model called by id, an embedding model, an image model and one only reachable through a profile. */
const FOUNDATION_MODELS = [
  { modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0', outputModalities: ['TEXT'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'amazon.titan-embed-text-v2:0', outputModalities: ['EMBEDDING'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'stability.sd3-large-v1:0', outputModalities: ['IMAGE'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', outputModalities: ['TEXT'], inferenceTypesSupported: ['INFERENCE_PROFILE'] },
];

export class FakeBedrock extends FakeUpstream<BedrockBehaviour> {
  constructor(
    name: string,
    readonly credentials: BedrockCredentials,
  ) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    const refusal = await this.checkSignature(req, received.body);
    if (refusal) return this.error(res, 403, refusal.name, refusal.message);
    if (this.behaviour.fail) return this.error(res, this.behaviour.fail.status, this.behaviour.fail.name, this.behaviour.fail.message);
    if (req.method === 'GET') return this.listing(res, req.url ?? '');
    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream|converse|converse-stream)$/.exec(req.url ?? '');
    if (!route) return this.error(res, 404, 'UnknownOperationException', `no ${req.url}`);
    const modelId = decodeURIComponent(route[1] ?? '');
    const stream = route[2]?.endsWith('stream') === true;
    if (route[2]?.startsWith('converse')) return this.converse(res, (received.json ?? {}) as ConverseBody, stream);
    if (/titan-embed|cohere\.embed/.test(modelId)) return this.embed(res, modelId, (received.json ?? {}) as EmbedBody);
    if (modelId.includes('anthropic.')) return this.claude(res, (received.json ?? {}) as ClaudeBody, stream);
    if (modelId.includes('meta.llama3')) return this.llama(res, stream);
    return this.error(res, 400, 'ValidationException', 'The provided model identifier is invalid.');
  }

  /** The SigV4 check Bedrock makes: the key must be ours and the signature must match the request's bytes. */
  private async checkSignature(req: http.IncomingMessage, body: string): Promise<{ name: string; message: string } | undefined> {
    const authorization = header(req, 'authorization');
    if (authorization.startsWith('Bearer ')) {
      return this.credentials.apiKey && authorization === `Bearer ${this.credentials.apiKey}` ? undefined : { name: 'UnrecognizedClientException', message: 'Invalid API Key format: Must start with pre-defined prefix' };
    }
    const parts = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!parts) return { name: 'IncompleteSignatureException', message: 'Authorization header requires existence of either a \'X-Amz-Date\' or a \'Date\' header.' };
    const [, accessKeyId, , region, service, signedHeaderList = ''] = parts;
    if (accessKeyId !== this.credentials.accessKeyId) return { name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    const amzDate = header(req, 'x-amz-date');
    const date = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (service !== 'bedrock' || region !== this.credentials.region || Number.isNaN(date.getTime())) return { name: 'InvalidSignatureException', message: 'Credential should be scoped to a valid region and service.' };
    const { sessionToken } = this.credentials;
    const signedNames = signedHeaderList.split(';');
    if (sessionToken && (header(req, 'x-amz-security-token') !== sessionToken || !signedNames.includes('x-amz-security-token'))) {
      return { name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    }
    const signedHeaders = Object.fromEntries(signedNames.map((name) => [name, header(req, name)]));
    const credentials = { accessKeyId: this.credentials.accessKeyId, secretAccessKey: this.credentials.secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    const signer = new SignatureV4({ service: 'bedrock', region: this.credentials.region, sha256: Sha256, credentials });
    const [path = '', query] = (req.url ?? '').split('?');
    const request = new HttpRequest({ method: req.method ?? 'POST', hostname: '127.0.0.1', path, query: Object.fromEntries(new URLSearchParams(query)), headers: signedHeaders, body });
    const expected = (await signer.sign(request, { signingDate: date })).headers.authorization;
    if (expected !== authorization) return { name: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' };
    return undefined;
  }

  /** The control plane's lists (the same signing name, `bedrock`): foundation models and inference profiles. */
  private listing(res: http.ServerResponse, url: string) {
    const path = url.split('?')[0];
    if (path === '/foundation-models') return json(res, { modelSummaries: FOUNDATION_MODELS });
    if (path === '/inference-profiles') return json(res, { inferenceProfileSummaries: [{ inferenceProfileId: 'us.anthropic.claude-sonnet-4-20250514-v1:0', status: 'ACTIVE', type: 'SYSTEM_DEFINED' }] });
    return this.error(res, 404, 'UnknownOperationException', `no ${url}`);
  }

  private error(res: http.ServerResponse, status: number, name: string, message: string) {
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': `${name}:http://internal.amazon.com/coral/com.amazon.bedrock/`, 'x-amzn-requestid': 'req-fake' });
    res.end(JSON.stringify({ message }));
  }

  private claude(res: http.ServerResponse, body: ClaudeBody, stream: boolean) {
    if (body.anthropic_version !== 'bedrock-2023-05-31') return this.error(res, 400, 'ValidationException', 'invalid anthropic_version');
    const toolResult = body.messages?.flatMap((m) => m.content).find((block) => block.type === 'tool_result');
    const callTool = (body.tools?.length ?? 0) > 0 && !toolResult;
    const answerText = toolResult ? `Paris: ${toolResult.content ?? ''}` : `Hello from ${this.name}`;
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': String(USAGE.input_tokens), 'x-amzn-bedrock-output-token-count': String(USAGE.output_tokens) });
      res.end(
        JSON.stringify({
          id: 'msg_bdrk_01',
          type: 'message',
          role: 'assistant',
          model: 'claude-3-5-sonnet-20241022',
          content: callTool ? [{ type: 'tool_use', id: TOOL_USE_ID, name: body.tools?.[0]?.name, input: { city: 'Paris' } }] : [{ type: 'text', text: answerText }],
          stop_reason: callTool ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: USAGE,
        }),
      );
      return;
    }
    const events: unknown[] = [{ type: 'message_start', message: { id: 'msg_bdrk_02', type: 'message', role: 'assistant', model: 'claude-3-5-sonnet-20241022', content: [], stop_reason: null, usage: { input_tokens: USAGE.input_tokens, output_tokens: 1 } } }];
    if (callTool) {
      events.push({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: TOOL_USE_ID, name: body.tools?.[0]?.name, input: {} } });
      for (const piece of ['{"city":', ' "Paris"}']) events.push({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } });
    } else {
      events.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      const middle = Math.ceil(answerText.length / 2);
      for (const piece of [answerText.slice(0, middle), answerText.slice(middle)]) events.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
    }
    events.push({ type: 'content_block_stop', index: 0 });
    events.push({ type: 'message_delta', delta: { stop_reason: callTool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: USAGE.output_tokens } });
    events.push({ type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: USAGE.input_tokens, outputTokenCount: USAGE.output_tokens, invocationLatency: 321, firstByteLatency: 45 } });
    this.frames(res, events);
  }

  private llama(res: http.ServerResponse, stream: boolean) {
    const answer = `Hello from ${this.name}`;
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ generation: answer, prompt_token_count: 11, generation_token_count: 5, stop_reason: 'stop' }));
      return;
    }
    const pieces = [answer.slice(0, 5), answer.slice(5)];
    this.frames(res, [
      { generation: pieces[0], prompt_token_count: 11, generation_token_count: 1, stop_reason: null },
      { generation: pieces[1], prompt_token_count: null, generation_token_count: 4, stop_reason: null },
      { generation: '', prompt_token_count: null, generation_token_count: 5, stop_reason: 'stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 11, outputTokenCount: 5 } },
    ]);
  }

  /** Converse: a toolUse when tools are offered and no result came back yet, text otherwise. */
  private converse(res: http.ServerResponse, body: ConverseBody, stream: boolean) {
    const toolResult = body.messages?.flatMap((m) => m.content).find((block) => block.toolResult)?.toolResult;
    const toolName = toolResult ? undefined : body.toolConfig?.tools[0]?.toolSpec.name;
    const answerText = toolResult ? `Paris: ${toolResult.content[0]?.text ?? ''}` : `Hello from ${this.name}`;
    const usage = { inputTokens: 9, outputTokens: 4, totalTokens: 13 };
    const stopReason = toolName ? 'tool_use' : 'end_turn';
    if (!stream) {
      const content = toolName ? [{ toolUse: { toolUseId: 'tooluse_fake01', name: toolName, input: { city: 'Paris' } } }] : [{ text: answerText }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { message: { role: 'assistant', content } }, stopReason, usage, metrics: { latencyMs: 120 } }));
      return;
    }
    const events: [string, unknown][] = [['messageStart', { role: 'assistant' }]];
    if (toolName) {
      events.push(['contentBlockStart', { contentBlockIndex: 0, start: { toolUse: { toolUseId: 'tooluse_fake01', name: toolName } } }]);
      for (const piece of ['{"city":', '"Paris"}']) events.push(['contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: piece } } }]);
    } else {
      for (const piece of [answerText.slice(0, 6), answerText.slice(6)]) events.push(['contentBlockDelta', { contentBlockIndex: 0, delta: { text: piece } }]);
    }
    // Usage before the stop, as some real recordings have it.
    events.push(['contentBlockStop', { contentBlockIndex: 0 }], ['metadata', { usage, metrics: { latencyMs: 120 } }], ['messageStop', { stopReason }]);
    this.writeFrames(res, events.map(([type, payload]) => converseFrame(type, payload)));
  }

  /**
   * Titan (one text, `inputTextTokenCount` in the body) and Cohere Embed (a list of texts, the count only in
   * Bedrock's header). A text's vector is its length then 0.5s, `dimensions` long (3 by default); its
   * tokens are its words.
   */
  private embed(res: http.ServerResponse, modelId: string, body: EmbedBody) {
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const vector = (text: string, size = 3) => [text.length, ...Array<number>(size - 1).fill(0.5)];
    const counts = !this.behaviour.noTokenCounts;
    if (modelId.includes('cohere.embed')) {
      const texts = body.texts ?? [];
      if (!Array.isArray(body.texts) || !body.input_type) return this.error(res, 400, 'ValidationException', 'texts and input_type are required');
      const tokens = texts.reduce((sum, text) => sum + words(text), 0);
      res.writeHead(200, { 'content-type': 'application/json', ...(counts ? { 'x-amzn-bedrock-input-token-count': String(tokens) } : {}) });
      res.end(JSON.stringify({ id: 'emb-fake', texts, embeddings: { float: texts.map((text) => vector(text, body.output_dimension)) }, response_type: 'embeddings_by_type' }));
      return;
    }
    if (typeof body.inputText !== 'string' || body.inputText === '') return this.error(res, 400, 'ValidationException', 'Malformed input request: #/inputText: expected minLength: 1, actual: 0');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ embedding: vector(body.inputText, body.dimensions), ...(counts ? { inputTextTokenCount: words(body.inputText) } : {}) }));
  }

  /** The events as InvokeModelWithResponseStream chunk frames. */
  private frames(res: http.ServerResponse, events: unknown[]) {
    this.writeFrames(res, events.map((event, i) => chunkFrame(event, 'abcdefghijklmnopqrstuvwxyz'.slice(0, 3 + i))));
  }

  /**
   * Each frame written apart and the first one cut in two; an exception after the first when asked, or the
   * connection dropped (once the frames before are out) after `breakOffAfter` of them.
   */
  private writeFrames(res: http.ServerResponse, frames: Buffer[]) {
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-fake' });
    const { streamException: exception, breakOffAfter } = this.behaviour;
    if (exception) frames.splice(1, frames.length, exceptionFrame(exception.type, exception.message));
    const [first, ...rest] = breakOffAfter === undefined ? frames : frames.slice(0, breakOffAfter);
    if (first) {
      res.write(first.subarray(0, 7));
      res.write(first.subarray(7));
    }
    for (const frame of rest) res.write(frame);
    if (breakOffAfter === undefined) res.end();
    else res.write('', () => res.destroy());
  }
}
