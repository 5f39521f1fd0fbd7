/**
 * The server answered with an HTTP error status; the common handler reacts to the status. `serverMessage` is
 * what the server said, when it said anything (a proxy's bare 502 says nothing the console could show);
 * `field` is the request field a 400 refused (issue 35), for the form to mark.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
    readonly field?: string,
  ) {
    super(serverMessage ?? `Request failed with status code ${status}`);
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
