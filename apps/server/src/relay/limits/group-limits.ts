import type { GroupRateLimit } from '@tollgate/contract';
import { limitSetOf, type LimitSet } from './limit-set.js';

/** The options store as the limits read it. */
export interface OptionReader {
  str(key: string): string;
}

/**
 * The GroupRateLimits option, parsed once per change of its text: a lookup per request is one string
 * comparison and one map read. A value the option rules let through is always valid; anything else is
 * treated as no limits rather than failing requests.
 */
export class GroupLimits {
  private parsedFrom = '';
  private byGroup = new Map<string, LimitSet>();

  constructor(private readonly options: OptionReader) {}

  of(group: string): LimitSet | undefined {
    const text = this.options.str('GroupRateLimits');
    if (text !== this.parsedFrom) this.parse(text);
    return this.byGroup.size === 0 ? undefined : this.byGroup.get(group);
  }

  private parse(text: string) {
    this.parsedFrom = text;
    this.byGroup = new Map();
    let table: Record<string, GroupRateLimit>;
    try {
      table = JSON.parse(text || '{}') as Record<string, GroupRateLimit>;
    } catch {
      return;
    }
    for (const [group, limits] of Object.entries(table ?? {})) {
      const set = limitSetOf(whole(limits?.rpm), whole(limits?.tpm), whole(limits?.concurrency));
      if (set) this.byGroup.set(group, set);
    }
  }
}

const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);
