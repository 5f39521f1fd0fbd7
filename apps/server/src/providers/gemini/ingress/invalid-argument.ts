/**
 * A request a Gemini client sent that Google would refuse as INVALID_ARGUMENT: `field` is the path of the
 * offending field as Google names it (`contents[1].parts[0].inlineData.mimeType`). The relay answers it as
 * a 400 before anything is reserved or charged.
 */
/** The relay error code of an InvalidArgument; the error names its field in `param`. */
export const INVALID_ARGUMENT = 'invalid_argument';

export class InvalidArgument extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`Invalid value at '${field}': ${problem}`);
    this.name = 'InvalidArgument';
  }
}
