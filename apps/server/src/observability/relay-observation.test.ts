import { describe, expect, it } from 'vitest';
import { combineObservers, NOOP_OBSERVATION, NOOP_OBSERVER, type RelayObservation, type RelayObserver } from './relay-observation.js';

/** An observer that writes each step it is told into `steps`, prefixed with its name. */
function recording(name: string, steps: string[]): RelayObserver {
  return {
    begin: () =>
      new Proxy({} as RelayObservation, {
        get: (_target, step: string) => (...args: unknown[]) => void steps.push(`${name}.${step}(${args.map((a) => JSON.stringify(a)).join(',')})`),
      }),
  };
}

describe('combineObservers', () => {
  it('is the shared no-op when nothing is enabled, so the relay can skip observing at all', () => {
    expect(combineObservers(undefined, undefined)).toBe(NOOP_OBSERVER);
    expect(combineObservers(NOOP_OBSERVER, undefined)).toBe(NOOP_OBSERVER);
    expect(NOOP_OBSERVER.begin('id', '/v1/chat/completions', 'openai')).toBe(NOOP_OBSERVATION);
  });

  it('uses the one enabled observer as it is, and tells both of two every step in order', () => {
    const steps: string[] = [];
    const traces = recording('traces', steps);
    expect(combineObservers(NOOP_OBSERVER, traces)).toBe(traces);
    const both = combineObservers(recording('metrics', steps), traces).begin('id', '/v1/messages', 'anthropic');
    both.routed('gpt-4o', 3);
    both.attemptFailed(502, '5xx');
    both.ended(200);
    expect(steps).toEqual(['metrics.routed("gpt-4o",3)', 'traces.routed("gpt-4o",3)', 'metrics.attemptFailed(502,"5xx")', 'traces.attemptFailed(502,"5xx")', 'metrics.ended(200)', 'traces.ended(200)']);
  });
});
