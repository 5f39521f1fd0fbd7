import { describe, expect, it } from 'vitest';
import { UnreadPayloads } from './unread-payloads.js';

describe('unread payloads', () => {
  const contentOf = (payload: string) => (JSON.parse(payload) as { c: string }).c;
  const line = (content: string) => Buffer.from(`data: ${JSON.stringify({ c: content })}\n\n`);
  const keep = (store: UnreadPayloads, content: string) => {
    const bytes = line(content);
    return store.add(bytes, 'data: '.length, bytes.length - 2);
  };

  it('reads the payloads kept, in order, multi-byte text included, and is empty after', () => {
    const store = new UnreadPayloads(contentOf);
    for (const content of ['Hello', ' 世界', ' 👋', '']) keep(store, content);
    expect(store.read()).toBe('Hello 世界 👋');
    expect(store.read()).toBe('');
    keep(store, 'again');
    expect(store.read()).toBe('again');
  });

  it('grows past its first size to 4 KiB, and reads out what it holds when the next payload would not fit', () => {
    const store = new UnreadPayloads(contentOf);
    const big = 'x'.repeat(1500);
    // Two payloads of about 1.5 KiB fit in 4 KiB; the third finds no room and has the first two read out.
    const spilled = Array.from({ length: 3 }, () => keep(store, big));
    expect(spilled).toEqual(['', '', big.repeat(2)]);
    expect(store.read()).toBe(big);
  });

  it('keeps a payload larger than its size whole', () => {
    const store = new UnreadPayloads(contentOf);
    const huge = 'y'.repeat(10_000);
    expect(keep(store, 'first')).toBe('');
    expect(keep(store, huge)).toBe('first');
    expect(keep(store, 'after')).toBe(huge);
    expect(store.read()).toBe('after');
  });

  it('gives the last payload added, before and after it was read out', () => {
    const store = new UnreadPayloads(contentOf);
    expect(store.last()).toBeUndefined();
    keep(store, 'first');
    keep(store, 'второй');
    expect(store.last()).toBe(JSON.stringify({ c: 'второй' }));
    store.read();
    expect(store.last()).toBe(JSON.stringify({ c: 'второй' }));
    keep(store, 'third');
    expect(store.last()).toBe(JSON.stringify({ c: 'third' }));
  });
});
