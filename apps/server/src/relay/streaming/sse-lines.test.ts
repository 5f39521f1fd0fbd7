import { describe, expect, it } from 'vitest';
import { StreamSplitter } from './sse-lines.js';

describe('StreamSplitter', () => {
  it('splits data lines across chunk boundaries and multi-byte characters, dropping other lines', () => {
    const splitter = new StreamSplitter();
    const bytes = Buffer.from('event: x\ndata: {"a":"é"}\n\n: keep-alive\ndata: [DONE]\n\n');
    const out: string[] = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...splitter.push(bytes.subarray(i, i + 3)));
    out.push(...splitter.end());
    expect(out).toEqual(['{"a":"é"}', '[DONE]']);
  });

  it('takes every line of NDJSON', () => {
    const splitter = new StreamSplitter('ndjson');
    expect(splitter.push(Buffer.from('{"a":1}\n\n{"b":'))).toEqual(['{"a":1}']);
    expect(splitter.push(Buffer.from('2}\n{"c":3}'))).toEqual(['{"b":2}']);
    expect(splitter.end()).toEqual(['{"c":3}']);
  });

  it('keeps a last line that has no newline', () => {
    const splitter = new StreamSplitter();
    expect(splitter.push(Buffer.from('data: one\ndata: two'))).toEqual(['one']);
    expect(splitter.end()).toEqual(['two']);
  });
});
