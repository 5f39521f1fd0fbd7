/** The server answered with an HTTP error status; the common handler reacts to the status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A request that failed with a message meant for the user (a `success: false` envelope, mostly). */
export class ApiFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiFailure';
  }
}
