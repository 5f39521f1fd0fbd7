/**
 * What a conversion leaves out of a request, by name. The rule (DESIGN.md, "Client protocols"): a tool or
 * field the client merely offers and the channel cannot use is left out, not refused (the model cannot
 * call what it does not see); a request is refused only when the client forces it (tool_choice) or when
 * leaving it out would change what the answer means. What was left out is told to the client in the
 * `x-tollgate-dropped` header and kept in the log row, so an operator can see what a path loses.
 * Names: a field as the client wrote it (`context_management`, `output_config.effort`), a tool as
 * `tool:<name>`.
 */
export const LEFT_OUT_HEADER = 'x-tollgate-dropped';

export class LeftOut {
  private readonly names: string[] = [];

  add(name: string): void {
    if (!this.names.includes(name)) this.names.push(name);
  }

  /** `{ leftOut }` when anything was left out, else nothing: spread into a read request. */
  named(): { leftOut?: readonly string[] } {
    return this.names.length > 0 ? { leftOut: this.names } : {};
  }
}

/** Two lists of names as one, without repeats; undefined when both are empty. */
export function joinLeftOut(first: readonly string[] | undefined, second: readonly string[] | undefined): readonly string[] | undefined {
  if (!second?.length) return first?.length ? first : undefined;
  if (!first?.length) return second;
  return [...first, ...second.filter((name) => !first.includes(name))];
}

/** The most of a list the header names: names are the client's own field names, of any length. */
const HEADER_NAMES = 32;
const HEADER_NAME_LENGTH = 100;

/** The names as a header value: printable ASCII only (a client's field name may hold anything), bounded. */
export function leftOutHeader(names: readonly string[]): string {
  const shown = names.slice(0, HEADER_NAMES).map((name) => name.slice(0, HEADER_NAME_LENGTH).replace(/[^\x20-\x7e]|,/g, '?'));
  return names.length > HEADER_NAMES ? `${shown.join(', ')}, +${names.length - HEADER_NAMES} more` : shown.join(', ');
}
