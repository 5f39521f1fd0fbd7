import { createHash, createHmac } from 'node:crypto';
import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Tencent Hunyuan host (API 3.0, reference providers.md 11): it checks each request's
 * TC3-HMAC-SHA256 Authorization against its own SecretId and SecretKey, recomputed from what it received,
 * and answers ChatCompletions (one JSON body, or SSE events without the `Response` wrapper) and
 * GetEmbedding. Like Tencent, it reports every error with HTTP 200 in `Response.Error`.
 */
export interface TencentBehaviour {
  /** Answer the next calls with this error, HTTP 200. */
  inBandError?: { Code: string; Message: string };
  /** Answer chat with a tool call. */
  toolCall?: boolean;
}

const USAGE = { PromptTokens: 12, CompletionTokens: 6, TotalTokens: 18 };
const NOTE = '以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const header = (req: http.IncomingMessage, name: string) => String(req.headers[name] ?? '');

export class FakeTencent extends FakeUpstream<TencentBehaviour> {
  constructor(
    readonly secretId: string,
    readonly secretKey: string,
  ) {
    super('tencent', {});
  }

  /** Why the Authorization is wrong, or undefined when it is right. */
  private signatureProblem(req: http.IncomingMessage, body: string): string | undefined {
    const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/hunyuan\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(header(req, 'authorization'));
    if (!match) return 'Authorization is not a TC3-HMAC-SHA256 header';
    const [, secretId, date, signedHeaders, signature] = match;
    if (secretId !== this.secretId) return 'The SecretId is not found';
    const timestamp = Number(header(req, 'x-tc-timestamp'));
    if (Math.abs(Date.now() / 1000 - timestamp) > 300) return 'The signature expired';
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'The credential date is not the UTC date of X-TC-Timestamp';
    const names = (signedHeaders ?? '').split(';');
    const canonicalHeaders = names.map((name) => `${name}:${header(req, name).trim().toLowerCase()}\n`).join('');
    const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(body)}`;
    const scope = `${date}/hunyuan/tc3_request`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
    const signing = hmac(hmac(hmac(`TC3${this.secretKey}`, date ?? ''), 'hunyuan'), 'tc3_request');
    return createHmac('sha256', signing).update(stringToSign).digest('hex') === signature ? undefined : 'The provided credentials could not be validated';
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { body, json }: Received) {
    const error = (Code: string, Message: string) => send(res, 200, { Response: { Error: { Code, Message }, RequestId: 'req-err' } });
    const problem = this.signatureProblem(req, body);
    if (problem) return error('AuthFailure.SignatureFailure', problem);
    if (header(req, 'x-tc-version') !== '2023-09-01') return error('InvalidParameterValue', 'unsupported X-TC-Version');
    if (this.behaviour.inBandError) return error(this.behaviour.inBandError.Code, this.behaviour.inBandError.Message);
    const action = header(req, 'x-tc-action');
    if (action === 'GetEmbedding') {
      const inputs = (json?.InputList as string[] | undefined) ?? [];
      return send(res, 200, { Response: { Data: inputs.map((_, index) => ({ Embedding: [index, 0.5], Index: index, Object: 'embedding' })), Usage: { PromptTokens: 5, TotalTokens: 5 }, RequestId: 'req-emb' } });
    }
    if (action !== 'ChatCompletions') return error('InvalidAction', `unknown action ${action}`);
    if (this.behaviour.toolCall) {
      const message = { Role: 'assistant', Content: '', ToolCalls: [{ Id: 'call_hy1', Type: 'function', Function: { Name: 'get_weather', Arguments: '{"city":"Paris"}' } }] };
      return send(res, 200, { Response: { RequestId: 'req-tool', Note: NOTE, Id: 'hy-tool', Created: 1717000000, Choices: [{ FinishReason: 'tool_calls', Message: message }], Usage: USAGE } });
    }
    if (json?.Stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (content: string, finish: string, completion: number) =>
        `data: ${JSON.stringify({ Note: NOTE, Id: 'hy-stream', Created: 1717000001, Choices: [{ Delta: { Role: 'assistant', Content: content }, FinishReason: finish }], Usage: { PromptTokens: 12, CompletionTokens: completion, TotalTokens: 12 + completion } })}\n\n`;
      res.write(event('Hello ', '', 2));
      res.write(event('from ', '', 4));
      return res.end(event('hunyuan', 'stop', 6));
    }
    return send(res, 200, { Response: { RequestId: 'req-chat', Note: NOTE, Id: 'hy-chat', Created: 1717000000, Choices: [{ FinishReason: 'stop', Message: { Role: 'assistant', Content: 'Hello from hunyuan' } }], Usage: USAGE } });
  }
}
