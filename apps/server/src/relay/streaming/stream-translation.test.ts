import { describe, expect, it } from 'vitest';
import type { StreamParser } from '../../providers/adaptor.js';
import { openAIStreamParser } from '../../providers/openai/adaptor.js';
import { openAIEndpoint } from '../../providers/openai/ingress/chat-endpoint.js';
import { StreamTranslation, type Outgoing } from './stream-translation.js';
import { TextTally } from './text-tally.js';

const chunk = (body: object) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', ...body });
const text = (content: string) => chunk({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const usage = chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } });
const azureFilter = chunk({ choices: [], prompt_filter_results: [{ prompt_index: 0 }] });

/** What an OpenAI client's stream is written with: its chunks as they are (this client asked for usage). */
const openAIWriter = (client: Record<string, unknown> = { stream_options: { include_usage: true } }) =>
  openAIEndpoint.fromHubStream!({ model: 'm', requestId: 'r', estimatedPromptTokens: () => 0, client });
const countChars = () => new TextTally(async () => (value: string) => value.length);
const asText = (out: Outgoing) => out.map((part) => part.toString()).join('');

/** Feeds `bytes` in pieces of `size` bytes and returns everything sent to the client. */
function relayInPieces(parser: StreamParser, bytes: Buffer, size: number, tally = countChars()) {
  const translation = new StreamTranslation(parser, tally, openAIWriter());
  let sent = '';
  for (let i = 0; i < bytes.length; i += size) sent += asText(translation.push(bytes.subarray(i, i + size)));
  sent += asText(translation.end());
  return { sent, translation, tally };
}

describe('relaying an OpenAI stream', () => {
  const events = [azureFilter, text('Hé'), text(' "quoted" \\n'), usage];
  const upstream = Buffer.from(`${events.map((data) => `data: ${data}\n\n`).join('')}data: [DONE]\n\n`);
  const expected = [text('Hé'), text(' "quoted" \\n'), usage].map((data) => `data: ${data}\n\n`).join('');

  it('forwards every event but the filter chunk and [DONE], however the bytes are cut', () => {
    for (const size of [1, 2, 3, 7, 64, upstream.length]) {
      const { sent, translation } = relayInPieces(openAIStreamParser(), upstream, size);
      expect(sent, `pieces of ${size}`).toBe(expected);
      expect(translation.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    }
  });

  it("sends a read's unchanged events as one slice of the upstream's own bytes, and the usage through the writer", () => {
    const read = Buffer.from(`data: ${text('a')}\n\ndata: ${text('b')}\n\ndata: ${usage}\n\ndata: [DONE]\n\n`);
    const out = new StreamTranslation(openAIStreamParser(), countChars(), openAIWriter()).push(read);
    expect(out).toHaveLength(2);
    const slice = out[0] as Buffer;
    expect(Buffer.isBuffer(slice)).toBe(true);
    // Not a copy: the same memory as the upstream's read.
    expect(slice.buffer).toBe(read.buffer);
    expect(slice.byteOffset).toBe(read.byteOffset);
    expect(slice.toString()).toBe(`data: ${text('a')}\n\ndata: ${text('b')}\n\n`);
    // The usage report is the writer's to pass or drop (a client that asked for none does not get it).
    expect(out[1]).toBe(`data: ${usage}\n\n`);
  });

  it('drops the usage report for a client that did not ask for it, and still reads the usage', () => {
    const read = Buffer.from(`data: ${text('a')}\n\ndata: ${usage}\n\ndata: [DONE]\n\n`);
    const translation = new StreamTranslation(openAIStreamParser(), countChars(), openAIWriter({}));
    expect(asText(translation.push(read))).toBe(`data: ${text('a')}\n\n`);
    expect(translation.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
  });

  it('rewrites other SSE spellings into the form clients expect', () => {
    const upstreamCrlf = Buffer.from(`event: message\r\ndata:${text('x')}\r\n\r\n: keep-alive\r\ndata:   ${usage}  \r\n\r\n`);
    const { sent } = relayInPieces(openAIStreamParser(), upstreamCrlf, 5);
    expect(sent).toBe(`data: ${text('x')}\n\ndata: ${usage}\n\n`);
  });

  it('counts the text of a stream that reports no usage, including text quoted like usage', async () => {
    const noUsage = Buffer.from([text('one '), text('"usage":{"prompt_tokens":9}'), text(' three')].map((data) => `data: ${data}\n\n`).join(''));
    const { translation, tally } = relayInPieces(openAIStreamParser(), noUsage, 10);
    expect(translation.usage).toBeUndefined();
    expect(await tally.total()).toBe('one "usage":{"prompt_tokens":9} three'.length);
  });

  it('reads no text of an answer that came whole with its usage, and keeps what came before its usage', async () => {
    let reads = 0;
    const parser = openAIStreamParser();
    const counting: StreamParser = { ...parser, verbatim: { ...parser.verbatim!, text: (payload) => ((reads += 1), parser.verbatim!.text(payload)) } };
    const answer = `data: ${text('one ')}\n\ndata: ${text('two')}\n\ndata: ${usage}\n\ndata: [DONE]\n\n`;
    // Read at once: the usage is billed as reported, the text is never looked at.
    const atOnce = relayInPieces(counting, Buffer.from(answer), answer.length);
    expect(atOnce.sent).toBe(`data: ${text('one ')}\n\ndata: ${text('two')}\n\ndata: ${usage}\n\n`);
    expect(atOnce.translation.complete).toBe(true);
    expect(await atOnce.tally.total()).toBe(0);
    expect(reads).toBe(0);
    // Text read before the usage arrived is kept (the stream could have broken off there).
    const split = relayInPieces(counting, Buffer.from(answer), answer.indexOf(`data: ${usage}`));
    expect(split.translation.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    expect(await split.tally.total()).toBe('one two'.length);
  });

  it('keeps the text of a read of many events without usage, and of one whose usage came without [DONE]', async () => {
    const words = Array.from({ length: 150 }, (_, i) => `w${i} `);
    const many = Buffer.from(words.map((word) => `data: ${text(word)}\n\n`).join(''));
    const { tally } = relayInPieces(openAIStreamParser(), many, many.length);
    expect(await tally.total()).toBe(words.join('').length);
    const noDone = Buffer.from(`data: ${text('a')}\n\ndata: ${chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: ${usage}\n\n`);
    const unfinished = relayInPieces(openAIStreamParser(), noDone, noDone.length);
    expect(unfinished.translation.complete).toBe(true);
    expect(await unfinished.tally.total()).toBe(1);
  });

  it("leaves nothing of a read that failed to another stream's text", async () => {
    const parser = openAIStreamParser();
    const failing: StreamParser = {
      ...parser,
      event: (data) => {
        if (data === 'boom') throw new Error('unreadable event');
        return parser.event(data);
      },
    };
    const broken = new StreamTranslation(failing, countChars(), openAIWriter());
    expect(() => broken.push(Buffer.from(`data: ${text('lost ')}\n\ndata: boom\n\n`))).toThrow('unreadable event');
    const { tally } = relayInPieces(parser, Buffer.from(`data: ${text('mine')}\n\n`), 100);
    expect(await tally.total()).toBe('mine'.length);
  });

  it('tells a whole answer from a cut one when the upstream sends no [DONE]: a finish reason makes it whole', () => {
    const finish = chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    const spaced = finish.replace('"finish_reason":"stop"', '"finish_reason" : "stop"');
    for (const last of [finish, spaced]) {
      const whole = Buffer.from([text('a'), last].map((data) => `data: ${data}\n\n`).join(''));
      expect(relayInPieces(openAIStreamParser(), whole, 7).translation.complete, last).toBe(true);
    }
    // Also when the finishing chunk came after more than 4 KiB of others, read out on the way.
    const long = Buffer.from([...Array.from({ length: 60 }, () => text('word ')), finish].map((data) => `data: ${data}\n\n`).join(''));
    expect(relayInPieces(openAIStreamParser(), long, 1000).translation.complete).toBe(true);
    // A finish reason of null, or the words in the text, do not make an answer whole.
    const cut = Buffer.from([text('a'), text('"finish_reason":"stop"')].map((data) => `data: ${data}\n\n`).join(''));
    expect(relayInPieces(openAIStreamParser(), cut, 7).translation.complete).toBe(false);
  });

  it('keeps no more than a bounded amount of unread text, whatever the number of chunks', () => {
    let reads = 0;
    const parser = openAIStreamParser();
    const counting: StreamParser = { ...parser, verbatim: { ...parser.verbatim!, text: (payload) => ((reads += 1), parser.verbatim!.text(payload)) } };
    const translation = new StreamTranslation(counting, countChars(), openAIWriter());
    // 200 reads of 1 KiB, each holding one event: their payloads are read out each time 4 KiB of them wait.
    const read = () => Buffer.from(`data: ${text('x'.repeat(1024 - 120))}\n\n`.padEnd(1024, ' '));
    for (let i = 0; i < 200; i += 1) translation.push(read());
    expect(reads).toBeGreaterThan(100);
    expect(reads).toBeLessThanOrEqual(200);
  });
});

describe('relaying a converted stream', () => {
  // A parser that turns NDJSON lines into OpenAI chunks, as the Ollama or Gemini adaptors do.
  const converting = (): StreamParser => ({
    framing: 'ndjson',
    event: (data) => {
      const line = JSON.parse(data) as { say?: string; tokens?: number };
      return line.tokens ? { forward: [], text: '', usage: { promptTokens: 1, completionTokens: line.tokens, totalTokens: line.tokens + 1 } } : { forward: [text(line.say ?? '')], text: line.say ?? '' };
    },
    end: () => ({ forward: [chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })], text: '' }),
  });

  it('forwards what the parser yields as SSE, then its closing events', () => {
    const { sent, translation } = relayInPieces(converting(), Buffer.from('{"say":"a"}\n\n{"say":"b"}\n{"tokens":2}'), 4);
    expect(sent).toBe(`data: ${text('a')}\n\ndata: ${text('b')}\n\ndata: ${chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    expect(translation.usage).toEqual({ promptTokens: 1, completionTokens: 2, totalTokens: 3 });
  });

  it('sends NDJSON lines a parser forwards unchanged as SSE events', () => {
    const passing: StreamParser = { framing: 'ndjson', event: (data) => ({ forward: [data], text: '' }) };
    const { sent } = relayInPieces(passing, Buffer.from('{"a":1}\n{"b":2}\n'), 3);
    expect(sent).toBe('data: {"a":1}\n\ndata: {"b":2}\n\n');
  });
});
