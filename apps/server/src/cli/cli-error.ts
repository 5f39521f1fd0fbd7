/** A failure the operator can act on: the command prints its message alone, without a stack. */
export class CliError extends Error {}
