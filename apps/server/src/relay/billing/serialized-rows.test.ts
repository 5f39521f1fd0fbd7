import { describe, expect, it } from 'vitest';
import type { NewLog } from '../../db/schema.js';
import { readRows, RowSerializer } from './serialized-rows.js';
import { logRow } from './sqlite-log-rows.js';

const log = (i: number, content = `request ${i}`): NewLog => ({
  user_id: 1,
  created_at: 1_800_000_000 + i,
  type: 2,
  content,
  username: 'u',
  token_name: 't',
  model_name: 'gpt-4o-mini',
  quota: i * 0.5,
  prompt_tokens: 1,
  completion_tokens: 2,
  channel_id: 3,
  request_id: `r${i}`,
  elapsed_time: 4,
  is_stream: i % 2 === 0,
  system_prompt_reset: false,
  other: i === 1 ? null : '{"cost":1}',
});

describe('RowSerializer', () => {
  it('gives back the logs added since the last take, in order, as the statements bind them', () => {
    const rows = new RowSerializer();
    expect(rows.take()).toBeUndefined();
    const first = log(0, 'línea "quoted" \u2028 😀 \u0001');
    const second = log(1);
    rows.add(first);
    rows.add(second);
    expect(rows.count).toBe(2);
    const taken = rows.take();
    expect(taken?.count).toBe(2);
    expect(readRows(taken!)).toEqual([logRow(first), logRow(second)]);
    expect(rows.count).toBe(0);
    rows.add(log(2));
    expect(readRows(rows.take()!)).toEqual([logRow(log(2))]);
  });

  it('reads logs that crossed to another thread as a plain Uint8Array', () => {
    const rows = new RowSerializer();
    for (let i = 0; i < 1000; i += 1) rows.add(log(i));
    const taken = rows.take()!;
    const copy = structuredClone({ count: taken.count, bytes: new Uint8Array(taken.bytes) });
    expect(readRows(copy).at(-1)).toEqual(logRow(log(999)));
  });
});
