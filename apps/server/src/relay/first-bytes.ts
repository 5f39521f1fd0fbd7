import { isPushed, type UpstreamBody, type UpstreamResponse } from '../providers/upstream-response.js';

/**
 * A streamed answer whose first bytes have been read: the stream counts as answered only once they came,
 * so an upstream that fails before sending anything is a failed attempt, retried on another channel
 * before the client has seen a byte (issue 17, item 2). The body goes on from those bytes, unchanged.
 */
export async function awaitFirstBytes(response: UpstreamResponse): Promise<UpstreamResponse | undefined> {
  const body = response.body;
  // A queued body keeps its first chunk for whoever reads it next: nothing to wrap.
  if (isPushed(body)) return (await body.firstBytes()) ? response : undefined;
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return undefined;
  return { statusCode: response.statusCode, headers: response.headers, body: new ResumedBody(body, first.value, iterator) };
}

/** The rest of a body whose first chunk was taken, read from that chunk on. */
class ResumedBody implements UpstreamBody {
  private pending: Uint8Array | undefined;

  constructor(
    private readonly body: UpstreamBody,
    first: Uint8Array,
    private readonly rest: AsyncIterator<Uint8Array>,
  ) {
    this.pending = first;
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: () => {
        const first = this.pending;
        if (first) {
          this.pending = undefined;
          return Promise.resolve({ done: false, value: first });
        }
        return this.rest.next();
      },
      return: () => this.rest.return?.() ?? Promise.resolve({ done: true, value: undefined }),
    };
  }

  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  destroy(): void {
    this.pending = undefined;
    this.body.destroy();
  }
}
