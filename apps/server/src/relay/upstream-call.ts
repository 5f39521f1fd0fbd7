import type { UpstreamFailureKind } from '../observability/relay-observation.js';
import type { Adaptor, AdaptorRequest, PostForText, ReadUpstreamError, UpstreamHttpCall, UpstreamIo } from '../providers/adaptor.js';
import { parseUpstreamError } from '../providers/openai/upstream-error.js';
import { bufferedResponse, type UpstreamResponse } from '../providers/upstream-response.js';
import { shouldDisableChannel } from './health/disable-rules.js';
import { RelayError } from './relay-error.js';
import { abortSignalOf, type Cancellation } from './client-hangup.js';
import { awaitFirstBytes } from './first-bytes.js';
import type { UpstreamClient } from './upstream-client.js';

export type CallResult =
  | { ok: true; response: UpstreamResponse }
  | { ok: false; error: RelayError; retryable: boolean; disableChannel: boolean; kind: UpstreamFailureKind };

const MAX_ERROR_BODY = 1 << 20;

/** The failure kind of a request Tollgate could not build for a channel. */
export const BUILD_FAILURE = 'build';

/** Statuses that say the request itself is wrong: another channel would refuse it too. */
const REQUEST_FAULTS = new Set([400, 413, 422]);

/**
 * One attempt on one channel: the upstream's answer, or a classified failure. Credentials the adaptor
 * cached (an access token) that the upstream refuses are dropped, so no later request reuses them. They
 * may only have expired early or been revoked: the same channel is asked once more with fresh ones before
 * the failure counts (the retry loop never returns to a channel, and the channel is not broken yet).
 */
export async function callUpstream(client: UpstreamClient, adaptor: Adaptor, request: AdaptorRequest, signal: Cancellation): Promise<CallResult> {
  const result = await attemptUpstream(client, adaptor, request, signal);
  if (!credentialsRefused(result) || !adaptor.forgetCredentials?.(request.target) || signal.aborted) return result;
  const retried = await attemptUpstream(client, adaptor, request, signal);
  if (credentialsRefused(retried)) adaptor.forgetCredentials?.(request.target);
  return retried;
}

/** A 401-class failure: the upstream refused the channel's credentials. */
const credentialsRefused = (result: CallResult): boolean => !result.ok && result.error.status === 401;

async function attemptUpstream(client: UpstreamClient, adaptor: Adaptor, request: AdaptorRequest, signal: Cancellation): Promise<CallResult> {
  let response: UpstreamResponse;
  try {
    // Most adaptors prepare nothing: no await (a turn of the microtask queue) for them.
    const refused = adaptor.prepare && (await adaptor.prepare(request.target, postForText(client, signal)));
    if (refused) return classifyFailure(refused.status, refused.error);
  } catch (error) {
    return sendingFailure(error);
  }
  let built: ReturnType<Adaptor['buildRequest']>;
  try {
    built = adaptor.buildRequest(request);
  } catch (error) {
    return buildFailure(error);
  }
  try {
    response = adaptor.exchange
      ? await adaptor.exchange(built, request, new ExchangeIo(client, signal))
      : await client.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body, signal });
  } catch (error) {
    return sendingFailure(error);
  }
  const contentType = String(response.headers['content-type'] ?? '');
  const jsonInsteadOfStream = request.stream && contentType.includes('application/json');
  if ((response.statusCode === 200 || response.statusCode === 201) && !jsonInsteadOfStream) {
    if (request.stream) return streamStarted(response);
    return adaptor.answerError ? checkAnswer(adaptor.answerError, request, response) : { ok: true, response };
  }

  const text = await readCapped(response);
  const status = jsonInsteadOfStream && response.statusCode < 400 ? 500 : response.statusCode;
  return classifyFailure(status, (adaptor.parseError ?? parseUpstreamError)(status, text));
}

/**
 * A failed answer as the relay error to return, whether another channel may succeed, and whether this one
 * is broken. The status the error stands for (`upstream.status`, when the adaptor corrects the protocol's,
 * e.g. Gemini's 400 for a bad key) decides all three; `param` keeps the upstream's own status, as one-api
 * puts it there. The client gets that status as is, like one-api answers an upstream error with the
 * upstream's status (one-api.md 1.4): a bad channel key reaches the client as a 401 `authentication_error`
 * whose message is the upstream's, once no other channel could serve the request. It is not disguised as
 * a 5xx: the type, the message and `param` tell it apart from Tollgate's own 401 (`one_api_error`).
 */
export function classifyFailure(status: number, upstream: ReadUpstreamError): Extract<CallResult, { ok: false }> {
  const { status: meant, ...facts } = upstream;
  const effective = meant ?? status;
  const error = new RelayError(effective, facts.message, facts.code, facts.type, String(status));
  const kind = `${Math.floor(effective / 100)}xx`;
  return { ok: false, error, retryable: !REQUEST_FAULTS.has(effective), disableChannel: shouldDisableChannel({ status: effective, ...facts }), kind };
}

/** Reads a whole non-stream answer to look for an error inside it; a clean one is handed on replayable. */
async function checkAnswer(find: NonNullable<Adaptor['answerError']>, request: AdaptorRequest, response: UpstreamResponse): Promise<CallResult> {
  const body = await response.body.bytes();
  const refused = find(request, body);
  if (refused) return classifyFailure(refused.status, refused.error);
  const replay = bufferedResponse(response.statusCode, String(response.headers['content-type'] ?? 'application/json'), body);
  return { ok: true, response: { ...response, body: replay.body } };
}

const postForText =
  (client: UpstreamClient, signal: Cancellation): PostForText =>
  async (url) => {
    const response = await client.send({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '', signal });
    return { status: response.statusCode, body: await response.body.text() };
  };

/** A class rather than a literal with a getter, whose hidden class V8 would make anew for every call. */
class ExchangeIo implements UpstreamIo {
  constructor(
    private readonly client: UpstreamClient,
    private readonly cancellation: Cancellation,
  ) {}

  send(call: UpstreamHttpCall): Promise<UpstreamResponse> {
    return this.client.send({ ...call, signal: this.cancellation });
  }

  /** Made on first use: most exchanges never need an AbortSignal. */
  get signal(): AbortSignal {
    return abortSignalOf(this.cancellation);
  }

  get timeoutMs(): number {
    return this.client.timeoutMs;
  }

  get proxy(): string | undefined {
    return this.client.proxy;
  }
}

/** A stream is answered once its first bytes came; one that breaks or ends before is a failed attempt. */
async function streamStarted(response: UpstreamResponse): Promise<CallResult> {
  let started: UpstreamResponse | undefined;
  try {
    started = await awaitFirstBytes(response);
  } catch (error) {
    return networkFailure(error);
  }
  if (started) return { ok: true, response: started };
  return { ok: false, error: new RelayError(502, 'the upstream ended the stream before sending anything', 'empty_stream', 'upstream_error'), retryable: true, disableChannel: false, kind: 'empty_stream' };
}

/**
 * Building the request is Tollgate's own work (a conversion the request's shape defeated), not the upstream's:
 * a 500 of ours, not a network failure's 502 that hid such bugs. Another channel (of another protocol) may
 * still serve, so it is retried; it says nothing of this channel's health (attempt-outcome.ts).
 */
function buildFailure(error: unknown): CallResult {
  const message = `could not build the request for this channel: ${(error as Error).message}`;
  return { ok: false, error: new RelayError(500, message, 'request_build_failed', 'one_api_error'), retryable: true, disableChannel: false, kind: BUILD_FAILURE };
}

/** A failure while the request was on its way: an adaptor refusing the request itself (a model its protocol cannot serve) answers the client as is; anything else is the network's. */
function sendingFailure(error: unknown): CallResult {
  if (error instanceof RelayError) throw error;
  return networkFailure(error);
}

function networkFailure(error: unknown): CallResult {
  const code = (error as { code?: string }).code ?? '';
  const timeout = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
  const message = timeout ? 'upstream timed out' : `upstream request failed: ${(error as Error).message}`;
  const kind = timeout ? 'timeout' : 'connection';
  return { ok: false, error: new RelayError(timeout ? 504 : 502, message, 'do_request_failed', 'upstream_error'), retryable: true, disableChannel: false, kind };
}

async function readCapped(response: UpstreamResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_ERROR_BODY) break;
    chunks.push(chunk as Buffer);
  }
  response.body.destroy();
  return Buffer.concat(chunks).toString('utf8');
}
