/**
 * A Responses request OpenAI would refuse: `field` is the offending parameter as OpenAI names it in the
 * error's `param` (`input[2].call_id`). The relay answers it as a 400 before anything is reserved or charged.
 */
export class InvalidResponsesRequest extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`Invalid '${field}': ${problem}`);
    this.name = 'InvalidResponsesRequest';
  }
}

/** The relay error code OpenAI gives a parameter it refuses. */
export const INVALID_VALUE = 'invalid_value';
