// How the verbs that read boards (solve, grade) read a kind's (src/kind.ts, `reading`): a reader
// fed the input line by line, which hands back each board or the one line that refuses it; the
// verb keeps the input and the output.

/**
 * A board read from an input, or the one line that refuses it (naming board, line, row and
 * column); `where` is that place alone ("board 2 (id "x"), line 2"), so that a verb may word the
 * refusal anew (a board of another kind, src/kinds.ts foreignBoard).
 */
export type ReadBoard<B = unknown> =
  { ok: true; index: number; board: B } | { ok: false; error: string; where?: string };

/** A reader of one input's boards, fed line by line so large inputs stream. */
export interface BoardReader<B = unknown> {
  /** The line text[start, end), without its line end; the board it completes, if any. */
  push(text: string, start: number, end: number): ReadBoard<B> | null;
  /** The end of the input: the boards still open. */
  end(): readonly ReadBoard<B>[];
}

/** How the verbs that read boards (solve, grade) read a kind's. */
export interface KindReading<B = unknown> {
  /** A reader of text, JSON lines, or either told from the first board line; `values`: see `values`. */
  reader(format: 'text' | 'jsonl' | 'auto', values: number | undefined): BoardReader<B>;
  /** A reader of Simon Tatham's game IDs; absent: the kind has none, and --input-format tatham is refused. */
  gameIds?(): BoardReader<B>;
  /** How an input shows it holds this kind's boards, for --help ("a Sudomino board has ! or letters"). */
  readonly shows?: string;
  /** --values: N for boards that do not say it, its words, default and cap; absent: the kind's boards need none. */
  readonly values?: { readonly describe: string; readonly default: number; readonly max: number };
}
