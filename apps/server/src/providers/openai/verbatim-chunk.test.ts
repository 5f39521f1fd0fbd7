import { describe, expect, it } from 'vitest';
import { VerbatimChunkTest } from './verbatim-chunk.js';

/** Runs the test over each payload of one buffer, in order, as the relay does with one upstream read. */
function verdicts(payloads: string[]): boolean[] {
  const read = Buffer.from(payloads.join('\n')).toString('latin1');
  const test = new VerbatimChunkTest();
  let start = 0;
  return payloads.map((payload) => {
    const end = start + Buffer.byteLength(payload);
    const verdict = test.test(read, start, end);
    start = end + 1;
    return verdict;
  });
}

describe('the verbatim chunk test', () => {
  it('passes chunks with choices and no usage, in compact or spaced JSON', () => {
    expect(verdicts(['{"choices":[{"delta":{"content":"hi"}}]}', '{"choices" : [ \n {"delta":{}}], "usage": null}'])).toEqual([true, true]);
  });

  it('holds back usage, empty choices, errors and the end marker for parsing', () => {
    expect(
      verdicts([
        '{"choices":[{"delta":{}}],"usage":{"prompt_tokens":1}}',
        '{"choices":[],"prompt_filter_results":[]}',
        '{"error":{"message":"x"}}',
        '[DONE]',
        '{"choices":[],"usage" : {"prompt_tokens":1}}',
      ]),
    ).toEqual([false, false, false, false, false]);
  });

  it("is not fooled by keys quoted inside a chunk's text", () => {
    expect(verdicts(['{"choices":[{"delta":{"content":"\\"usage\\":{\\"x\\":1}"}}]}'])).toEqual([true]);
    expect(verdicts(['{"error":"\\"choices\\":[{"}'])).toEqual([false]);
  });

  it('matches the keys whole: a key that only ends like one is not it', () => {
    expect(verdicts(['{"my_choices":[{"x":1}]}', '{"choices":[{"delta":{}}],"total_usage":{"x":1}}', 'usage":{"choices":[{"delta":{}}]}'])).toEqual([false, true, true]);
  });

  it('finds each line its own keys when usage comes only at the end of the read', () => {
    const line = '{"choices":[{"delta":{"content":"a"}}]}';
    expect(verdicts([line, line, '{"choices":[{"delta":{}}],"usage":{"total_tokens":3}}', line])).toEqual([true, true, false, true]);
  });
});
