import type { StreamEvent, StreamParser } from '../../providers/adaptor.js';
import type { HubStreamWriter, Outgoing } from '../../providers/ingress.js';
import type { ReportedUsage } from '../../providers/openai/response-usage.js';
import { LineReader, payloadOf, type PayloadRange } from './line-reader.js';
import type { TextTally } from './text-tally.js';
import { UnreadPayloads } from './unread-payloads.js';

export type { Outgoing } from '../../providers/ingress.js';

const DONE = '[DONE]';
/** A chunk with a finish reason (not null). */
const FINISH_REASON = /"finish_reason"\s*:\s*"/;
/** A payload that reports a failure: the hub's `{"error":…}` (providers/hub.ts), or an OpenAI upstream's own. */
const ERROR_PAYLOAD = '{"error"';
/** What a read that sends nothing gives: one shared, empty answer. */
const NOTHING: Outgoing = Object.freeze([]) as unknown as Outgoing;
/** How a clean SSE event line starts. */
const CANONICAL_PREFIX = 'data: ';

/**
 * The verbatim payloads of the read being handled, by position in its bytes: copied into the stream's
 * unread store once the read is done, unless the answer is whole by then, its usage reported (a short answer
 * read at once), when its text will never be counted. Shared by every stream: a read is handled from start
 * to end before any other, so the payloads of two reads never meet here.
 */
class HeldPayloads {
  private static readonly CAPACITY = 64;
  private readonly ranges = new Int32Array(HeldPayloads.CAPACITY * 2);
  private bytes: Buffer | undefined;
  private count = 0;

  /** Holds `bytes[start, end)`; false when it cannot (full, or another buffer's held): keep what is held first. */
  hold(bytes: Buffer, start: number, end: number): boolean {
    if (this.count === HeldPayloads.CAPACITY || (this.count > 0 && this.bytes !== bytes)) return false;
    this.bytes = bytes;
    this.ranges[this.count * 2] = start;
    this.ranges[this.count * 2 + 1] = end;
    this.count += 1;
    return true;
  }

  /**
   * Adds every payload held to `store` in order (none: drops them), and gives what the store read out to
   * make room (UnreadPayloads.add); nothing is held after.
   */
  release(store: UnreadPayloads | undefined): string {
    const { bytes, count } = this;
    this.bytes = undefined;
    this.count = 0;
    let spilled = '';
    if (store && bytes) for (let i = 0; i < count; i += 1) spilled += store.add(bytes, this.ranges[i * 2]!, this.ranges[i * 2 + 1]!);
    return spilled;
  }
}
const heldPayloads = new HeldPayloads();

/**
 * One streamed answer, read as it arrives and turned into the SSE the client gets: each event goes through
 * the adaptor's stream parser into hub chunks (OpenAI's), which are counted and handed to the client
 * protocol's writer. For an OpenAI client (a verbatim writer) an event forwarded unchanged leaves as the
 * upstream's own bytes, and consecutive ones as one slice of the upstream's chunk, so an OpenAI stream is
 * sent on as it came instead of being decoded, split, re-joined and encoded again. The upstream's `[DONE]`
 * is held back: the writer ends the stream once the charge is known.
 */
export class StreamTranslation {
  /** Usage the upstream reported so far, if it did. */
  usage: ReportedUsage | undefined;
  /** The upstream marked its stream's end (`[DONE]`, Anthropic's message_stop...). */
  private ended = false;
  /** A chunk carried a finish reason: the answer is whole even if the end marker never comes. */
  private finished = false;
  /** An error payload went out: the upstream failed mid-stream. */
  private failed = false;
  private readonly lines = new LineReader();
  private readonly payload: PayloadRange = { start: -1, end: -1 };
  /**
   * What the current read sends, made when it sends anything. Nothing made for one read is kept for the
   * next (no read, no output array): between chunks a stream holds no young memory, which thousands of
   * open streams would otherwise have a collection copy and promote at every chunk.
   */
  private out: Outgoing | undefined;
  /** The slice of upstream bytes being forwarded as they are: `run[runStart, runEnd)`. */
  private run: Buffer | undefined;
  private runStart = 0;
  private runEnd = 0;
  /** Verbatim payloads whose text is not read yet. */
  private readonly unread: UnreadPayloads | undefined;

  /** The parser's verbatim test, when the writer sends OpenAI chunks as they are. */
  private readonly verbatim: StreamParser['verbatim'];

  constructor(
    private readonly parser: StreamParser,
    private readonly tally: TextTally,
    private readonly writer: HubStreamWriter,
  ) {
    const verbatim = writer.verbatim ? parser.verbatim : undefined;
    this.verbatim = verbatim;
    if (verbatim) {
      const unread = new UnreadPayloads((payload) => verbatim.text(payload));
      this.unread = unread;
      tally.atTotal(() => unread.read());
    }
  }

  push(chunk: Buffer): Outgoing {
    try {
      this.lines.push(chunk, this.onLine);
    } finally {
      // Even when the read fails: what is held must not be left for another stream's read.
      this.keepHeldPayloads();
    }
    this.verbatim?.readDone();
    return this.take();
  }

  /** What is still owed when the upstream ends: a last line without a newline, and the parser's closing events. */
  end(): Outgoing {
    try {
      this.lines.end(this.onLine);
    } finally {
      this.keepHeldPayloads();
    }
    const last = this.parser.end?.();
    if (last) this.apply(last, undefined);
    return this.take();
  }

  private readonly onLine = (bytes: Buffer, text: string, lineStart: number, lineEnd: number): void => {
    payloadOf(this.parser.framing, text, lineStart, lineEnd, this.payload);
    const { start, end } = this.payload;
    if (start === -1) return;
    const verbatim = this.verbatim;
    if (verbatim?.test(text, start, end)) {
      this.forwardBytes(bytes, text, lineStart, lineEnd, start, end);
      if (!heldPayloads.hold(bytes, start, end)) {
        this.keepHeldPayloads();
        heldPayloads.hold(bytes, start, end);
      }
      return;
    }
    const data = bytes.toString('utf8', start, end);
    const event = this.parser.event(data);
    // An error or a usage report goes through the writer even to an OpenAI client: the writer must know the
    // stream failed, and drops the usage a client did not ask for.
    if (this.writer.verbatim && data !== DONE && event.forward.length === 1 && event.forward[0] === data && !event.usage && !data.startsWith(ERROR_PAYLOAD)) {
      this.forwardBytes(bytes, text, lineStart, lineEnd, start, end);
      this.apply(event, data);
    } else {
      this.apply(event, undefined);
    }
  };

  /**
   * Copies the payloads held for this read into the unread store, unless the upstream has ended its answer
   * and reported its usage: the text would then never be counted (the usage is billed as reported, even if
   * the client hangs up before the end is written: the upstream's count is final).
   */
  private keepHeldPayloads() {
    const whole = this.ended && (this.usage?.totalTokens ?? 0) > 0;
    const spilled = heldPayloads.release(whole ? undefined : this.unread);
    if (spilled) this.tally.add(spilled);
  }

  /** Whether the upstream completed its answer: it finished it or marked its end, and sent no error. */
  get complete(): boolean {
    if (this.failed) return false;
    if (this.ended || this.finished) return true;
    // The chunk that finishes an OpenAI answer is forwarded verbatim: it is read only if no end marker came.
    const last = this.unread?.last();
    return last !== undefined && FINISH_REASON.test(last);
  }

  /** Counts an event and forwards what it yields, except `forwarded` (already sent as the upstream's bytes). */
  private apply(event: StreamEvent, forwarded: string | undefined) {
    if (event.done) this.ended = true;
    for (const data of event.forward) {
      if (data === DONE) {
        this.ended = true;
        continue;
      }
      if (!this.finished && FINISH_REASON.test(data)) this.finished = true;
      if (data.startsWith(ERROR_PAYLOAD)) this.failed = true;
      if (data !== forwarded) this.addText(this.writer.chunk(data, event.usageReport));
    }
    this.tally.add(event.text);
    if (event.laterText) this.tally.later(event.laterText);
    if (event.usage) this.usage = event.usage;
  }

  /** Sends the payload `bytes[start, end)` of the line `bytes[lineStart, lineEnd)` as the event it is. */
  private forwardBytes(bytes: Buffer, text: string, lineStart: number, lineEnd: number, start: number, end: number) {
    const canonical = this.parser.framing === 'sse' && start === lineStart + CANONICAL_PREFIX.length && end === lineEnd && text.startsWith(CANONICAL_PREFIX, lineStart);
    if (canonical && text.charCodeAt(lineEnd + 1) === 0x0a) {
      // `data: …\n\n` as the client must get it: the line and the blank line after it, joined to the run.
      this.extendRun(bytes, lineStart, lineEnd + 2);
    } else {
      this.addText('data: ');
      this.extendRun(bytes, start, end);
      this.addText('\n\n');
    }
  }

  private extendRun(bytes: Buffer, start: number, end: number) {
    if (this.run === bytes && this.runEnd === start) {
      this.runEnd = end;
      return;
    }
    this.closeRun();
    this.run = bytes;
    this.runStart = start;
    this.runEnd = end;
  }

  private closeRun() {
    if (this.run) (this.out ??= []).push(this.run.subarray(this.runStart, this.runEnd));
    this.run = undefined;
  }

  private addText(text: string) {
    if (!text) return;
    this.closeRun();
    const out = (this.out ??= []);
    const last = out.length - 1;
    if (last >= 0 && typeof out[last] === 'string') out[last] += text;
    else out.push(text);
  }

  private take(): Outgoing {
    this.closeRun();
    const out = this.out ?? NOTHING;
    this.out = undefined;
    return out;
  }
}
