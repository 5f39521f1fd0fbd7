import { describe, expect, it } from 'vitest';
import { SseEventReader } from './sse-events.js';
import { eachEventData, WholeSseEvents } from './whole-sse-events.js';

const dataOf = (text: string) => {
  const found: string[] = [];
  eachEventData(text, (data) => found.push(data));
  return found;
};

describe('whole SSE events', () => {
  it('passes a stream on cut only between events, however it arrives', () => {
    const stream = Buffer.from('event: a\ndata: {"x":1}\n\nevent: b\r\ndata: {"y":"é"}\r\n\r\ndata: last');
    for (const size of [1, 3, 10, stream.length]) {
      const whole = new WholeSseEvents();
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size) {
        const complete = whole.push(stream.subarray(i, i + size));
        if (complete) {
          expect(/(\n\n|\r\n\r\n|\r\r)$/.test(complete.toString('latin1')), `pieces of ${size}`).toBe(true);
          out.push(complete);
        }
      }
      const rest = whole.end();
      if (rest) out.push(rest);
      expect(Buffer.concat(out).equals(stream)).toBe(true);
    }
  });

  it('reads the data of each event as the SSE reader does: lines joined, one space dropped, comments and names skipped', () => {
    const text = [
      'event: message_start\ndata: {"a":1}\n\n',
      ': a comment\n\n',
      'event: only-a-name\n\n',
      'data:{"tight":true}\n\n',
      'data:  two spaces\n\n',
      'data: first line\ndata: second line\n\n',
      'data\n\n',
      'event: crlf\r\ndata: {"crlf":1}\r\n\r\n',
      'data: {"cr":1}\r\r',
      'data: {"last":"without its blank line"}',
    ].join('');
    // The same data as the general reader finds (it also gives an empty one for an event with a name only).
    const reader = new SseEventReader({ stripOneSpace: true });
    const general = [...reader.push(Buffer.from(text)), ...reader.end()].map((event) => event.data);
    expect(dataOf(text).filter(Boolean)).toEqual(general.filter(Boolean));
    expect(dataOf(text)).toEqual(['{"a":1}', '{"tight":true}', ' two spaces', 'first line\nsecond line', '', '{"crlf":1}', '{"cr":1}', '{"last":"without its blank line"}']);
  });
});
