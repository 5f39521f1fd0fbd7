import { vi } from 'vitest';

export interface EventuallyOptions {
  /** How long the condition has to come true, in ms: generous, since a busy machine is slow, not wrong. */
  timeout?: number;
  /** How often it is checked, in ms. */
  interval?: number;
}

/**
 * Waits for a condition instead of for the clock: checks `condition` every `interval` until it returns
 * anything but `false` without throwing (an `expect` inside it is a condition too), and answers what it
 * returned; after `timeout` it fails with the last assertion's error. It runs on real timers, so it also
 * works while a test fakes them.
 */
export function eventually<T>(condition: () => T | Promise<T>, { timeout = 10_000, interval = 10 }: EventuallyOptions = {}): Promise<Exclude<T, false>> {
  return vi.waitFor(
    async () => {
      const value = await condition();
      if (value === false) throw new Error(`still false after waiting: ${condition.toString().slice(0, 200)}`);
      return value as Exclude<T, false>;
    },
    { timeout, interval },
  );
}
