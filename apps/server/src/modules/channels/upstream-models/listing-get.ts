import { STATUS_CODES } from 'node:http';
import { fail } from '../../../http/errors.js';
import type { UpstreamBody } from '../../../providers/upstream-response.js';
import type { UpstreamClient } from '../../../relay/upstream-client.js';

/** The operator waits on the fetch in the form: an upstream silent this long is reported, not waited for. */
export const LISTING_TIMEOUT_SECONDS = 15;
/** OpenRouter's list, descriptions included, is about 1 MB; an answer far larger is not a model list. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const SNIPPET = 300;

/** One GET of a listing endpoint, answering the parsed JSON or failing with a message the form shows. */
export type GetJson = (url: string, headers: Record<string, string>) => Promise<unknown>;

/**
 * GETs through the relay's upstream client (its proxy, trusted CAs and connection pools). Every failure
 * becomes a named message with the address asked (without its query) and the upstream's own words: an
 * upstream's 401 must not reach the console as a 401, which would sign the operator out.
 */
export function listingGet(client: UpstreamClient): GetJson {
  return async (url, headers) => {
    const shown = url.split('?')[0] ?? url;
    const signal = AbortSignal.timeout(LISTING_TIMEOUT_SECONDS * 1000);
    let status: number;
    let text: string;
    try {
      const response = await client.send({ url, method: 'GET', headers: { accept: 'application/json', 'accept-encoding': 'identity', ...headers }, signal });
      status = response.statusCode;
      text = await boundedText(response.body);
    } catch (error) {
      if (signal.aborted) throw fail('channel.models_timeout', { url: shown, seconds: LISTING_TIMEOUT_SECONDS });
      throw fail('channel.models_unreachable', { url: shown, detail: causeOf(error) });
    }
    if (status < 200 || status > 299) throw fail('channel.models_refused', { status, url: shown, detail: upstreamWords(text) || (STATUS_CODES[status] ?? '') });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw fail('channel.models_not_a_list', { url: shown, detail: snippet(text) });
    }
  };
}

async function boundedText(body: UpstreamBody): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new Error(`the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text).trim();

/** What the vendor said: OpenAI's, Anthropic's and Gemini's `error.message`, AWS's `message`, else the text itself. */
function upstreamWords(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    const said = (error && typeof error === 'object' ? (error as Record<string, unknown>).message : error) ?? body.message ?? body.Message ?? body.detail;
    if (typeof said === 'string' && said.trim() !== '') return snippet(said);
  } catch {
    // not JSON: the text is what there is
  }
  return snippet(text);
}

/** A refused connection may come as an AggregateError (IPv4 and IPv6 both refused) whose own message is empty. */
function causeOf(error: unknown): string {
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  if (first instanceof Error) return first.message || (first as NodeJS.ErrnoException).code || first.name;
  return String(first);
}
