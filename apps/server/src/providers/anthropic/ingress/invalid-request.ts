/**
 * A request body Anthropic would refuse as a 400 invalid_request_error, naming the field the way its API
 * does (`messages.1.content.0.source.media_type: …`). The relay answers it before anything is reserved.
 */
export const INVALID_REQUEST = 'invalid_request';

export class InvalidRequest extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'InvalidRequest';
  }
}
