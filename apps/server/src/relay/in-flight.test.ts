import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

describe('InFlight', () => {
  it('is idle at once with nothing running, and once the last running request ends', async () => {
    const inFlight = new InFlight();
    await inFlight.idle();
    const first = inFlight.begin();
    const second = inFlight.begin();
    let idle = false;
    const waiting = inFlight.idle().then(() => (idle = true));
    first();
    first(); // ending twice counts once
    await Promise.resolve();
    expect(idle).toBe(false);
    expect(inFlight.count).toBe(1);
    second();
    await waiting;
    expect(idle).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('tracks work until it settles, fails, or throws at once', async () => {
    const inFlight = new InFlight();
    let finish: () => void = () => undefined;
    const running = inFlight.track(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(inFlight.count).toBe(1);
    finish();
    await running;
    await expect(inFlight.track(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(
      inFlight.track(() => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    expect(inFlight.count).toBe(0);
  });
});
