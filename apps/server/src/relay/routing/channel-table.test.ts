import { describe, expect, it } from 'vitest';
import { ChannelTable } from './channel-table.js';
import type { RoutableChannel } from './routable-channel.js';

const channel = (id: number, fields: Partial<RoutableChannel> = {}): RoutableChannel => ({
  id,
  type: 1,
  name: `c${id}`,
  key: 'k',
  status: 1,
  baseUrl: '',
  other: '',
  nativeProtocols: [],
  config: {},
  modelMapping: {},
  systemPrompt: '',
  priority: 0,
  weight: 0,
  groups: ['default'],
  models: ['m'],
  ...fields,
});

describe('ChannelTable', () => {
  it('picks only from the highest priority tier, then falls through as channels are excluded', () => {
    const table = new ChannelTable([channel(1, { priority: 10 }), channel(2, { priority: 10 }), channel(3, { priority: 5 }), channel(4, { priority: -1 })]);
    const firsts = new Set(Array.from({ length: 200 }, () => table.select('default', 'm')?.id));
    expect(firsts).toEqual(new Set([1, 2]));
    expect(table.select('default', 'm', new Set([1, 2]))?.id).toBe(3);
    expect(table.select('default', 'm', new Set([1, 2, 3]))?.id).toBe(4);
    expect(table.select('default', 'm', new Set([1, 2, 3, 4]))).toBeUndefined();
  });

  it('keeps the tier rule when the top priority is 0 or negative (one-api did not)', () => {
    const table = new ChannelTable([channel(1, { priority: 0 }), channel(2, { priority: -5 })]);
    expect(new Set(Array.from({ length: 100 }, () => table.select('default', 'm')?.id))).toEqual(new Set([1]));
  });

  it('spreads picks by weight, counting weight 0 as 1', () => {
    const table = new ChannelTable([channel(1, { weight: 1 }), channel(2, { weight: 3 }), channel(3, { weight: 0 })]);
    const counts = new Map<number, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i += 1) {
      const id = table.select('default', 'm')?.id ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // Expected shares 1/5, 3/5, 1/5; with 20k draws the standard error is about 0.3 %.
    expect((counts.get(1) ?? 0) / draws).toBeCloseTo(0.2, 1);
    expect((counts.get(2) ?? 0) / draws).toBeCloseTo(0.6, 1);
    expect((counts.get(3) ?? 0) / draws).toBeCloseTo(0.2, 1);
  });

  it('routes by group and model and skips disabled channels, which stay reachable by id', () => {
    const table = new ChannelTable([channel(1, { groups: ['vip'], models: ['a', 'b'] }), channel(2, { status: 2, models: ['a'] })]);
    expect(table.select('vip', 'b')?.id).toBe(1);
    expect(table.select('default', 'a')).toBeUndefined();
    expect(table.channel(2)?.status).toBe(2);
    expect(table.models('vip')).toEqual(['a', 'b']);
  });
});
