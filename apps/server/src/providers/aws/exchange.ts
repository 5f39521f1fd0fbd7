import { pipeline, Readable } from 'node:stream';
import type { AdaptorRequest, BuiltRequest, UpstreamIo } from '../adaptor.js';
import { bufferedResponse, streamedResponse, type UpstreamResponse } from '../upstream-response.js';
import { isApiKey, type BedrockAuth } from './credentials.js';
import { eventStreamToNdjson } from './event-stream.js';
import { signedHeaders } from './sigv4.js';

/**
 * One authenticated Bedrock call: signed with SigV4 (AWS's signer is asynchronous, so signing happens here
 * rather than in the synchronous `buildRequest`, just before sending, which also keeps the signature's
 * timestamp fresh), or with a Bedrock API key as a bearer token.
 * A streamed answer's binary event frames are re-framed as NDJSON for the relay; an error answer gets
 * its `x-amzn-ErrorType` name copied into the body.
 */
const MAX_ERROR_BODY = 1 << 20;
const EVENT_STREAM = 'application/vnd.amazon.eventstream';

const header = (response: UpstreamResponse, name: string): string => {
  const value = response.headers[name];
  return String((Array.isArray(value) ? value[0] : value) ?? '');
};

export async function authenticatedHeaders(built: BuiltRequest, auth: BedrockAuth): Promise<Record<string, string>> {
  if (isApiKey(auth)) return { ...built.headers, authorization: `Bearer ${auth.apiKey}` };
  const { host: _setByClient, ...headers } = await signedHeaders({ method: 'POST', url: built.url, headers: built.headers, body: built.body, credentials: auth });
  return headers;
}

export async function invokeBedrock(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo, auth: BedrockAuth): Promise<UpstreamResponse> {
  const response = await io.send({ url: built.url, method: 'POST', headers: await authenticatedHeaders(built, auth), body: built.body });
  if (response.statusCode < 200 || response.statusCode > 299) return namedError(response);
  if (!request.stream || !header(response, 'content-type').includes(EVENT_STREAM)) return response;
  const lines = pipeline(Readable.from(response.body), eventStreamToNdjson(), () => undefined);
  return streamedResponse(response.statusCode, 'application/x-ndjson', lines);
}

/** The error body with the error's name from the header (`__type`, as AWS's JSON protocol names it). */
export async function namedError(response: UpstreamResponse): Promise<UpstreamResponse> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_ERROR_BODY) break;
    chunks.push(Buffer.from(chunk));
  }
  response.body.destroy();
  const text = Buffer.concat(chunks).toString('utf8');
  const name = header(response, 'x-amzn-errortype');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return bufferedResponse(response.statusCode, header(response, 'content-type') || 'text/plain', Buffer.from(text));
  const named = name && !('__type' in body) ? { ...body, __type: name } : body;
  return bufferedResponse(response.statusCode, 'application/json', Buffer.from(JSON.stringify(named)));
}
