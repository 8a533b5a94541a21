// The result of reading something from outside (a size, a stored row, a board): its value, or the
// one line that says what is wrong with it, for the shell to print.
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
