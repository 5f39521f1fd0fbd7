import type { OptionsStore } from '../../../options/options.store.js';

/** The ChannelBreaker* options in the units the breaker counts in (option-defaults.ts documents them). */
export interface BreakerSettings {
  enabled: boolean;
  minRequests: number;
  errorRate: number;
  windowMs: number;
  cooldownMs: number;
  /** Never below the first cooldown, whatever was saved. */
  maxCooldownMs: number;
}

export function readBreakerSettings(options: OptionsStore): BreakerSettings {
  const cooldownMs = options.num('ChannelBreakerCooldown') * 1000;
  return {
    enabled: options.bool('ChannelBreakerEnabled'),
    minRequests: Math.max(1, Math.floor(options.num('ChannelBreakerMinRequests'))),
    errorRate: options.num('ChannelBreakerErrorRate'),
    windowMs: Math.max(1, options.num('ChannelBreakerWindow') * 1000),
    cooldownMs,
    maxCooldownMs: Math.max(cooldownMs, options.num('ChannelBreakerMaxCooldown') * 1000),
  };
}

/** The cooldown after the n-th opening in a row (1 = first): doubled by every failed probe, capped. */
export function cooldownFor(settings: BreakerSettings, openings: number): number {
  return Math.min(settings.maxCooldownMs, settings.cooldownMs * 2 ** Math.min(30, openings - 1));
}
