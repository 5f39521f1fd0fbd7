import type { AdaptorRequest, BuiltRequest, UpstreamIo } from '../adaptor.js';
import { bufferedResponse, type UpstreamResponse } from '../upstream-response.js';
import type { BedrockAuth } from './credentials.js';
import type { EmbedAnswer } from './embeddings.js';
import { authenticatedHeaders, namedError } from './exchange.js';

/**
 * The InvokeModel calls of one embeddings request (`built.body` is the JSON list of their bodies, see
 * embeddings.ts), sent one after the other so that a long input list does not burst past Bedrock's
 * per-model rate limit. The first failure is the answer; otherwise the answers are handed on together,
 * each with its header token count.
 */
const tokenHeader = (response: UpstreamResponse): number | undefined => {
  const value = Number(response.headers['x-amzn-bedrock-input-token-count']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

export async function invokeEmbeddings(built: BuiltRequest, _request: AdaptorRequest, io: UpstreamIo, auth: BedrockAuth): Promise<UpstreamResponse> {
  const answers: EmbedAnswer[] = [];
  for (const call of JSON.parse(built.body.toString('utf8')) as unknown[]) {
    const one = { ...built, body: Buffer.from(JSON.stringify(call)) };
    const response = await io.send({ url: one.url, method: 'POST', headers: await authenticatedHeaders(one, auth), body: one.body });
    if (response.statusCode < 200 || response.statusCode > 299) return namedError(response);
    const text = await response.body.text();
    let body: EmbedAnswer['body'];
    try {
      body = JSON.parse(text) as EmbedAnswer['body'];
    } catch {
      return bufferedResponse(502, 'application/json', Buffer.from(JSON.stringify({ message: `Bedrock answered an embedding that is not JSON: ${text.slice(0, 200)}` })));
    }
    answers.push({ body, ...(tokenHeader(response) !== undefined ? { headerTokens: tokenHeader(response) } : {}) });
  }
  return bufferedResponse(200, 'application/json', Buffer.from(JSON.stringify(answers)));
}
