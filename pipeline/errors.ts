// Errors the shell turns into one line on stderr and an exit code; never a stack trace.

/** Exit codes scripts can trust. */
export const EXIT_OK = 0;
export const EXIT_FAILED_CHECK = 1;
export const EXIT_BAD_INPUT = 2;

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_BAD_INPUT,
  ) {
    super(message);
  }
}
