import { FALLBACK_TRIGGERS, type FallbackRule, type FallbackTrigger, type ModelFallbacks } from '@tollgate/contract';

/** One rule of the structured editor: the model asked for, the models tried next in order, the triggers as written. */
export interface ChainRow {
  model: string;
  chain: string[];
  on: FallbackTrigger[];
}

/** A group (or `*`) and its rules, in the order the JSON lists them. */
export interface GroupRows {
  group: string;
  rows: ChainRow[];
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isTrigger = (value: unknown): value is FallbackTrigger => (FALLBACK_TRIGGERS as readonly unknown[]).includes(value);

/** A rule the rows can hold: `chain` a list of strings, `on` (if any) a list of known triggers, nothing else. */
function rowOf(model: string, rule: unknown): ChainRow | undefined {
  if (!isObject(rule) || Object.keys(rule).some((key) => key !== 'chain' && key !== 'on')) return undefined;
  const { chain, on = [] } = rule;
  if (!Array.isArray(chain) || !chain.every((next) => typeof next === 'string')) return undefined;
  if (!Array.isArray(on) || !on.every(isTrigger)) return undefined;
  return { model, chain: [...(chain as string[])], on: [...on] };
}

/**
 * The ModelFallbacks JSON as rows ('' is none), or undefined when its shape is one rows cannot hold (not JSON, an
 * unknown key or trigger): the editor then stays on the JSON text. A blank, repeated or self-naming model, a cycle,
 * are held as they are, and shown as the refusals they are.
 */
export function groupsFromJson(text: string): GroupRows[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const groups: GroupRows[] = [];
  for (const [group, models] of Object.entries(parsed)) {
    if (!isObject(models)) return undefined;
    const rows = Object.entries(models).map(([model, rule]) => rowOf(model, rule));
    if (rows.some((row) => row === undefined)) return undefined;
    groups.push({ group, rows: rows as ChainRow[] });
  }
  return groups;
}

/** A rule as the server reads it: `on` left out when no trigger is listed (failure always applies). */
const ruleOf = (row: ChainRow): FallbackRule => (row.on.length > 0 ? { chain: row.chain, on: row.on } : { chain: row.chain });

/**
 * The rows as ModelFallbacks JSON, pretty-printed as the section shows a saved value ('' when there is none, saved
 * as '{}'). A group or model named twice keeps its last rule: the editor refuses that before it gets here.
 */
export function groupsToJson(groups: readonly GroupRows[]): string {
  if (groups.length === 0) return '';
  const value: ModelFallbacks = {};
  for (const { group, rows } of groups) value[group] = { ...value[group], ...Object.fromEntries(rows.map((row) => [row.model, ruleOf(row)])) };
  return JSON.stringify(value, null, 2);
}

/** The triggers of a row with one turned on or off, in the contract's order; `failure` stays as written (always on). */
export function withTrigger(on: readonly FallbackTrigger[], trigger: FallbackTrigger, checked: boolean): FallbackTrigger[] {
  return FALLBACK_TRIGGERS.filter((candidate) => (candidate === trigger ? checked : on.includes(candidate)));
}
