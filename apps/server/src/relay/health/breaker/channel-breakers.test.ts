import { describe, expect, it, vi } from 'vitest';
import type { OptionsStore } from '../../../options/options.store.js';
import { OPTION_DEFAULTS } from '../../../options/option-defaults.js';
import type { BreakerBus, BreakerMessage } from './breaker-bus.js';
import { ChannelBreakers } from './channel-breakers.js';

/** Options as the store holds them, without a database: only what the breaker reads. */
function optionsWith(values: Record<string, string>) {
  const map = new Map(Object.entries({ ...OPTION_DEFAULTS, ...values }));
  const store = {
    revision: 0,
    bool: (key: string) => map.get(key) === 'true',
    num: (key: string) => Number(map.get(key)),
    set(key: string, value: string) {
      map.set(key, value);
      store.revision += 1;
    },
  };
  return store;
}

const setup = (values: Record<string, string> = {}, bus?: BreakerBus) => {
  const clock = { now: 1_000_000 };
  const options = optionsWith({ ChannelBreakerMinRequests: '4', ChannelBreakerErrorRate: '0.5', ChannelBreakerWindow: '10', ChannelBreakerCooldown: '5', ChannelBreakerMaxCooldown: '15', ...values });
  const breakers = new ChannelBreakers(options as unknown as OptionsStore, 30_000, () => clock.now, bus);
  return { clock, options, breakers };
};

/** Lets a probe claim's promise chain settle. */
const claimed = () => new Promise((resolve) => setImmediate(resolve));

describe('ChannelBreakers', () => {
  it('opens only once the window holds enough attempts at the error rate, and forgets what slid out', () => {
    const { clock, breakers } = setup();
    breakers.record(1, 'failure');
    breakers.record(1, 'failure');
    breakers.record(1, 'success');
    expect(breakers.passable(1)).toBe(true); // 3 attempts: under the minimum of 4
    clock.now += 11_000; // all three slid out of the 10 s window
    breakers.record(1, 'failure');
    breakers.record(1, 'success');
    breakers.record(1, 'success');
    breakers.record(1, 'failure'); // 2 of 4 = 0.5
    expect(breakers.passable(1)).toBe(false);
    expect(breakers.view(1)).toEqual({ state: 'open', until: Math.ceil((clock.now + 5000) / 1000) });
    expect(breakers.states()).toEqual([{ channelId: 1, state: 'open' }]);
    expect(breakers.passable(2)).toBe(true);
  });

  it('ignores request faults, key errors and abandoned attempts', () => {
    const { breakers } = setup({ ChannelBreakerMinRequests: '1' });
    for (let i = 0; i < 10; i += 1) breakers.record(1, 'neutral');
    expect(breakers.passable(1)).toBe(true);
    expect(breakers.states()).toEqual([]);
  });

  it('lets one probe through after the cooldown: success closes, failure reopens for a doubled, capped cooldown', () => {
    const { clock, breakers } = setup({ ChannelBreakerMinRequests: '1' });
    breakers.record(1, 'failure');
    const cooldowns: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const opened = clock.now;
      while (!breakers.passable(1)) clock.now += 100;
      cooldowns.push(clock.now - opened);
      expect(breakers.view(1).state).toBe('half-open');
      breakers.picked(1);
      expect(breakers.passable(1)).toBe(false); // the probe is taken: nobody else goes
      breakers.record(1, 'failure');
    }
    expect(cooldowns).toEqual([5000, 10_000, 15_000, 15_000]);
    while (!breakers.passable(1)) clock.now += 100;
    breakers.picked(1);
    breakers.record(1, 'success');
    expect(breakers.view(1)).toEqual({ state: 'closed', until: 0 });
    expect(breakers.states()).toEqual([]);
    // Closed again with an empty window and the first cooldown.
    breakers.record(1, 'failure');
    const opened = clock.now;
    while (!breakers.passable(1)) clock.now += 100;
    expect(clock.now - opened).toBe(5000);
  });

  it('frees a probe whose request said nothing, or never came back', () => {
    const { clock, breakers } = setup({ ChannelBreakerMinRequests: '1' });
    breakers.record(1, 'failure');
    clock.now += 5000;
    expect(breakers.passable(1)).toBe(true);
    breakers.picked(1);
    breakers.record(1, 'neutral');
    expect(breakers.passable(1)).toBe(true);
    breakers.picked(1);
    expect(breakers.passable(1)).toBe(false);
    clock.now += 30_000;
    expect(breakers.passable(1)).toBe(true);
  });

  it('routes normally when the breaker is switched off, and resumes with the circuit as it was', () => {
    const { options, breakers } = setup({ ChannelBreakerMinRequests: '1' });
    breakers.record(1, 'failure');
    expect(breakers.passable(1)).toBe(false);
    options.set('ChannelBreakerEnabled', 'false');
    expect(breakers.passable(1)).toBe(true);
    options.set('ChannelBreakerEnabled', 'true');
    expect(breakers.passable(1)).toBe(false);
  });

  it('publishes its transitions and applies those of other nodes', async () => {
    const published: BreakerMessage[] = [];
    let claims = 0;
    const bus: BreakerBus = { publish: (message) => void published.push(message), claimProbe: async () => ++claims === 1 };
    const { clock, breakers } = setup({ ChannelBreakerMinRequests: '1' }, bus);
    breakers.record(1, 'failure');
    expect(published).toEqual([{ channelId: 1, state: 'open', cooldownMs: 5000, openings: 1 }]);
    clock.now += 5000;
    // The claim is asynchronous: not passable until it is won.
    expect(breakers.passable(1)).toBe(false);
    await claimed();
    expect(breakers.passable(1)).toBe(true);
    breakers.picked(1);
    breakers.record(1, 'success');
    expect(published.at(-1)).toEqual({ channelId: 1, state: 'closed' });

    breakers.apply({ channelId: 2, state: 'open', cooldownMs: 2000, openings: 3 });
    expect(breakers.passable(2)).toBe(false);
    clock.now += 2000;
    expect(breakers.passable(2)).toBe(false); // the second claim is lost: another node probes
    await claimed();
    expect(breakers.view(2).state).toBe('open');
    breakers.apply({ channelId: 2, state: 'closed' });
    expect(breakers.passable(2)).toBe(true);
    expect(published).toHaveLength(2); // applying another node's change is not published again
  });

  it('probes on its own when Redis refuses or does not answer the claim', async () => {
    const failing: BreakerBus = { publish: () => undefined, claimProbe: () => Promise.reject(new Error('connection refused')) };
    const refused = setup({ ChannelBreakerMinRequests: '1' }, failing);
    refused.breakers.record(1, 'failure');
    refused.clock.now += 5000;
    expect(refused.breakers.passable(1)).toBe(false);
    await claimed();
    expect(refused.breakers.passable(1)).toBe(true);

    const silent: BreakerBus = { publish: () => undefined, claimProbe: () => new Promise<boolean>(() => undefined) };
    const hanging = setup({ ChannelBreakerMinRequests: '1' }, silent);
    hanging.breakers.record(1, 'failure');
    hanging.clock.now += 5000;
    // The claim gives up on a timer: a fake one, moved past its second.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      expect(hanging.breakers.passable(1)).toBe(false);
      await vi.advanceTimersByTimeAsync(999);
      await claimed();
      expect(hanging.breakers.passable(1)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await claimed();
      expect(hanging.breakers.passable(1)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
