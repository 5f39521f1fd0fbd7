import { modelFallbacksProblem, type CatalogMessage } from '@tollgate/contract';
import { groupsToJson, type GroupRows } from './fallback-rows';

/** Where in the rows a problem is: a group, one of its rows, or one model of that row's chain. */
export interface RowPlace {
  group: number;
  row?: number;
  entry?: number;
}

/** What only the form can see (JSON cannot hold a name twice, and a blank name is no rule). */
export type RowsRefusal = 'groupBlank' | 'groupRepeated' | 'modelBlank' | 'modelRepeated';

export type RowsProblem = { place: RowPlace; refusal: RowsRefusal } | { place: RowPlace; message: CatalogMessage };

const repeatedAt = (names: readonly string[]) => names.findIndex((name, index) => names.indexOf(name) !== index);

/** The form's own refusals: a blank or repeated group, a blank or repeated model within a group. */
function rowsRefusal(groups: readonly GroupRows[]): RowsProblem | undefined {
  const blankGroup = groups.findIndex(({ group }) => group.trim() === '');
  if (blankGroup >= 0) return { place: { group: blankGroup }, refusal: 'groupBlank' };
  const repeatedGroup = repeatedAt(groups.map(({ group }) => group));
  if (repeatedGroup >= 0) return { place: { group: repeatedGroup }, refusal: 'groupRepeated' };
  for (const [group, { rows }] of groups.entries()) {
    const blank = rows.findIndex(({ model }) => model.trim() === '');
    if (blank >= 0) return { place: { group, row: blank }, refusal: 'modelBlank' };
    const repeated = repeatedAt(rows.map(({ model }) => model));
    if (repeated >= 0) return { place: { group, row: repeated }, refusal: 'modelRepeated' };
  }
  return undefined;
}

/**
 * The place a field the server (or the contract's check) names is in: `ModelFallbacks.<group>.<model>.chain.<i>`.
 * Names may hold dots (gpt-5.2), so the longest group and model that begin the field are the ones meant.
 */
export function placeOf(groups: readonly GroupRows[], field: string): RowPlace | undefined {
  const prefix = 'ModelFallbacks.';
  if (!field.startsWith(prefix)) return undefined;
  const path = field.slice(prefix.length);
  const begins = (name: string) => path === name || path.startsWith(`${name}.`);
  let found: { place: RowPlace; length: number } | undefined;
  const consider = (place: RowPlace, name: string) => {
    if (begins(name) && (!found || name.length >= found.length)) found = { place, length: name.length };
  };
  for (const [group, { group: groupName, rows }] of groups.entries()) {
    consider({ group }, groupName);
    for (const [row, { model }] of rows.entries()) {
      const name = `${groupName}.${model}`;
      const entry = /^chain\.(\d+)$/.exec(path.slice(name.length + 1))?.[1];
      consider({ group, row, entry: entry === undefined ? undefined : Number(entry) }, name);
    }
  }
  return found?.place;
}

/**
 * The first problem of the rows, where it is: the form's own refusals, then the server's rules (the contract's
 * check, the same words as the server's 400): a blank, repeated or self-naming chain model, a chain too long, a cycle.
 */
export function rowsProblem(groups: readonly GroupRows[]): RowsProblem | undefined {
  const own = rowsRefusal(groups);
  if (own) return own;
  const message = modelFallbacksProblem(groupsToJson(groups) || '{}');
  if (!message) return undefined;
  const field = message.params?.field;
  return { place: (typeof field === 'string' && placeOf(groups, field)) || { group: 0 }, message };
}

/** Whether a problem's place is this group, row or chain model (a row's problem is shown on the row). */
export const isAt = (place: RowPlace | undefined, group: number, row?: number, entry?: number): boolean =>
  place !== undefined && place.group === group && place.row === row && place.entry === entry;
