import type { ConfigDocument, ConfigGroup, ConfigItemChange, ConfigSectionDiff } from '@tollgate/contract';
import { message } from '@tollgate/contract';
import { OPTION_DEFAULTS } from '../../options/option-defaults.js';
import { checkOption, type BuiltInPriceCheck } from '../options/option-rules.js';
import { groupsOf } from './config-export.js';
import { GROUP_RATE_LIMITS, GROUP_RATIO, masked, optionSection, type OptionSection } from './config-sections.js';
import { optionToStored, sameOption } from './config-values.js';
import { invalidField } from './import-error.js';

export interface OptionPlan {
  diff: Record<OptionSection, ConfigSectionDiff>;
  /** Option key to the value to store, checked by the options module's own rules. */
  writes: Map<string, string>;
}

const emptyDiff = (): ConfigSectionDiff => ({ added: [], changed: [], removed: [] });

/**
 * The prices, groups and options sections. Options are never deleted: a key the document lacks keeps its
 * stored value (secrets are absent from exports without keys). The groups section is whole: a group it
 * lacks leaves GroupRatio and GroupRateLimits.
 */
export function planOptions(document: ConfigDocument, stored: Map<string, string>, hasBuiltInPrice?: BuiltInPriceCheck): OptionPlan {
  const incoming = new Map<string, { path: string; value: string }>();
  for (const section of ['prices', 'options'] as const) {
    for (const [key, value] of Object.entries(document[section] ?? {})) {
      const path = `${section}.${key}`;
      if (!Object.hasOwn(OPTION_DEFAULTS, key)) throw invalidField(path, message('config.reason.unknown_option'));
      if (optionSection(key) !== section) throw invalidField(path, message('config.reason.wrong_section', { section: optionSection(key) }));
      incoming.set(key, { path, value: optionToStored(value) });
    }
  }
  if (document.groups) for (const [key, value] of groupTables(document.groups)) incoming.set(key, { path: 'groups', value });

  const current = (key: string) => incoming.get(key)?.value ?? stored.get(key) ?? OPTION_DEFAULTS[key] ?? '';
  const diff = { prices: emptyDiff(), groups: emptyDiff(), options: emptyDiff() };
  const writes = new Map<string, string>();
  for (const [key, { path, value }] of incoming) {
    const checked = checkOption(key, value, current, hasBuiltInPrice);
    if (!checked.ok) throw invalidField(path, checked.message);
    if (sameOption(stored.get(key), checked.value)) continue;
    writes.set(key, checked.value);
    const section = optionSection(key);
    if (section === 'groups') continue;
    const before = stored.get(key);
    const change: ConfigItemChange = { name: key, fields: [{ field: 'value', from: masked(key, before ?? ''), to: masked(key, checked.value) }] };
    (before === undefined ? diff[section].added : diff[section].changed).push(change);
  }
  if (document.groups) diff.groups = groupDiff(groupsOf(stored), document.groups);
  return { diff, writes };
}

/** The groups section as the two options it is stored in. */
function groupTables(groups: Record<string, ConfigGroup>): [string, string][] {
  const ratios: Record<string, number> = {};
  const limits: Record<string, Omit<ConfigGroup, 'ratio'>> = {};
  for (const [name, { ratio, ...limit }] of Object.entries(groups)) {
    if (ratio !== undefined) ratios[name] = ratio;
    if (Object.keys(limit).length > 0) limits[name] = limit;
  }
  return [
    [GROUP_RATIO, JSON.stringify(ratios)],
    [GROUP_RATE_LIMITS, JSON.stringify(limits)],
  ];
}

function groupDiff(before: Record<string, ConfigGroup>, after: Record<string, ConfigGroup>): ConfigSectionDiff {
  const diff = emptyDiff();
  const fields = ['ratio', 'rpm', 'tpm', 'concurrency'] as const;
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  for (const [name, group] of Object.entries(after)) {
    const previous = before[name];
    const changes = fields.filter((field) => previous?.[field] !== group[field]).map((field) => ({ field, from: text(previous?.[field]), to: text(group[field]) }));
    if (!previous) diff.added.push({ name, fields: changes });
    else if (changes.length > 0) diff.changed.push({ name, fields: changes });
  }
  for (const name of Object.keys(before)) if (!Object.hasOwn(after, name)) diff.removed.push({ name, fields: [] });
  return diff;
}
