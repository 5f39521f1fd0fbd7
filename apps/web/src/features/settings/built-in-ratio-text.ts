import { BUILT_IN_RATIO_KEYS, type BuiltInRatioKey, type BuiltInRatiosView } from '@tollgate/contract';
import type { OptionChange, Options } from './option-diff';

type Table = Record<string, unknown>;

const isBuiltInKey = (key: string): key is BuiltInRatioKey => (BUILT_IN_RATIO_KEYS as readonly string[]).includes(key);

/** A ratio option's JSON object, or undefined when the text is not one; a stored '' is the empty table. */
function tableOf(text: string, blankIsEmpty = true): Table | undefined {
  if (text.trim() === '') return blankIsEmpty ? {} : undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Table) : undefined;
  } catch {
    return undefined;
  }
}

const sorted = (table: Table): Table => Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The ratio editors' text: the built-in ratios with the operator's own over them, by model name, pretty-printed
 * (an empty table as empty, as one-api's console shows it). A stored value that is not a JSON object is shown
 * as it is, for the operator to mend.
 */
export function withBuiltInRatios(options: Options, builtIns: Partial<BuiltInRatiosView> | undefined): Options {
  const shown = BUILT_IN_RATIO_KEYS.map((key) => {
    const stored = options[key] ?? '';
    const own = tableOf(stored);
    if (own === undefined) return [key, stored];
    const merged = sorted({ ...(builtIns?.[key] ?? {}), ...own });
    return [key, Object.keys(merged).length === 0 ? '' : JSON.stringify(merged, null, 2)];
  });
  return { ...options, ...Object.fromEntries(shown) };
}

/**
 * What saving an editor stores: only the operator's entries, never the built-ins wholesale. An entry is the
 * operator's when it was stored before (a line they remove goes back to the built-in price) or when its value
 * differs from the built-in. A save that stores what is stored already is dropped. A typed text that is not a
 * JSON object ('' included: one-api's tables refuse a blank; the cache tables' editor sends a cleared one as {})
 * passes unchanged, for the validation to refuse.
 */
export function ownRatioChanges(options: Options, builtIns: Partial<BuiltInRatiosView> | undefined, changes: readonly OptionChange[]): OptionChange[] {
  return changes.flatMap((change) => {
    if (!isBuiltInKey(change.key)) return [change];
    const typed = tableOf(change.value, false);
    const stored = tableOf(options[change.key] ?? '') ?? {};
    if (typed === undefined) return [change];
    const builtIn = builtIns?.[change.key] ?? {};
    const own = Object.fromEntries(Object.entries(typed).filter(([model, ratio]) => Object.hasOwn(stored, model) || builtIn[model] !== ratio));
    return sameTable(own, stored) ? [] : [{ key: change.key, value: JSON.stringify(own) }];
  });
}

function sameTable(a: Table, b: Table): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}
