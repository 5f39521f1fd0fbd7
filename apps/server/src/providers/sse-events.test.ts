import { describe, expect, it } from 'vitest';
import { SseEventReader } from './sse-events.js';

const read = (chunks: string[], stripOneSpace: boolean) => {
  const reader = new SseEventReader({ stripOneSpace });
  return [...chunks.flatMap((chunk) => reader.push(Buffer.from(chunk))), ...reader.end()];
};

describe('SSE event reader', () => {
  it('keeps event names, ids and the second space of a token (Replicate, reference 17)', () => {
    const bytes = 'event: output\nid: 1690212292:0\ndata: A single\n\nevent: output\nid: 1690212292:1\ndata:  white pixel.\n\nevent: done\nid: 1690212292:2\ndata: {}\n\n';
    expect(read([bytes], true)).toEqual([
      { event: 'output', data: 'A single', fields: { id: '1690212292:0' } },
      { event: 'output', data: ' white pixel.', fields: { id: '1690212292:1' } },
      { event: 'done', data: '{}', fields: { id: '1690212292:2' } },
    ]);
  });

  it('joins data lines, keeps meta lines and reads values verbatim when asked (Zhipu v3, reference 10.3)', () => {
    const bytes = 'id: 8\nevent: add\ndata: line one\ndata: line two\n\nid: 8\nevent: finish\ndata: \nmeta: {"usage":{"total_tokens":49}}\n\n';
    expect(read([bytes], false)).toEqual([
      { event: 'add', data: ' line one\n line two', fields: { id: ' 8' } },
      { event: 'finish', data: ' ', fields: { id: ' 8', meta: ' {"usage":{"total_tokens":49}}' } },
    ]);
  });

  it('accepts CRLF and CR separators split anywhere, ignores comments, and ends an unterminated event', () => {
    expect(read(['event: a\r', '\ndata: 1\r\n\r\n: comment\r\rdata: 2\r', '\rdata: 3'], true)).toEqual([
      { event: 'a', data: '1', fields: {} },
      { event: 'message', data: '2', fields: {} },
      { event: 'message', data: '3', fields: {} },
    ]);
  });
});
