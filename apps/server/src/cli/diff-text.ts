import { CONFIG_SECTIONS, type ConfigDiff, type ConfigItemChange } from '@tollgate/contract';
import { sectionCounts } from '../modules/config-transfer/import-trace.js';

const fieldsText = (item: ConfigItemChange) => item.fields.map(({ field, from, to }) => `${field} ${JSON.stringify(from)} -> ${JSON.stringify(to)}`).join('; ');

/** The diff of an import as an operator reads it: one line per section, one per item (+ added, ~ changed, - removed). */
export function diffText(diff: ConfigDiff): string {
  const lines: string[] = [];
  for (const section of CONFIG_SECTIONS) {
    const { added, changed, removed } = diff[section];
    lines.push(sectionCounts(diff, section));
    for (const item of added) lines.push(`  + ${item.name}`);
    for (const item of changed) lines.push(`  ~ ${item.name}: ${fieldsText(item)}`);
    for (const item of removed) lines.push(`  - ${item.name}`);
  }
  return `${lines.join('\n')}\n`;
}
