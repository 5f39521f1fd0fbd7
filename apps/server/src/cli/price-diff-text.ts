import { SOURCE_PRICE_KINDS, sourceAmountText, type PriceSourceDiff, type PriceSourcePriceChange, type SourcePrices } from '@tollgate/contract';

const pricesText = (prices: SourcePrices): string =>
  SOURCE_PRICE_KINDS.filter((kind) => prices[kind] !== undefined)
    .map((kind) => `${kind} ${sourceAmountText(prices[kind])}`)
    .join(', ') || 'no token price';

const changeText = ({ kind, from, to }: PriceSourcePriceChange): string => `${kind} ${sourceAmountText(from)} -> ${sourceAmountText(to)}`;

/** Lines past a list's limit: the counts say how many models there are, the lists hold only the first ones. */
const more = (count: number, shown: number): string[] => (count > shown ? [`  ... and ${count - shown} more`] : []);

/**
 * What a price source file would change, as an operator reads it: the counts, then one line per model
 * (+ added, with its prices; ~ changed, old -> new per kind; - removed), prices in US dollars per million tokens.
 */
export function priceDiffText(diff: PriceSourceDiff): string {
  const { counts } = diff;
  const lines = [`models: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed (US dollars per million tokens)`];
  for (const model of diff.added) lines.push(`  + ${model.provider}/${model.model}: ${pricesText(model.prices)}`);
  lines.push(...more(counts.added, diff.added.length));
  for (const model of diff.changed) lines.push(`  ~ ${model.provider}/${model.model}: ${model.changes.map(changeText).join('; ')}`);
  lines.push(...more(counts.changed, diff.changed.length));
  for (const model of diff.removed) lines.push(`  - ${model.provider}/${model.model}`);
  lines.push(...more(counts.removed, diff.removed.length));
  return `${lines.join('\n')}\n`;
}
