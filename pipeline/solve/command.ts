// What a `dominosa solve` run is asked to do, whatever the kind of its boards.
import type { BoardFormat, KindName, PuzzleKind } from '../../src/kind.js';

export interface SolveCommand {
  input: string;
  inputFormat: BoardFormat;
  format: 'text' | 'jsonl';
  /** A file to write (whole or not at all), or '-' / absent for stdout. */
  out?: string;
  /** Replace an existing out file. */
  force?: boolean;
  maxSolutions: number;
  maxNodes: number;
  /** Per-board time limit in milliseconds; undefined: the kind's default for the board (src/solve/budget.ts). */
  timeoutMs?: number;
  /** Follow each result with the deductions in words (a kind with nothing to tell refuses). */
  explain?: boolean;
  /** The puzzle kind; absent: told from the input's start (kindOfInput), else the default kind. */
  kind?: KindName;
  /** Sudomino's N for boards without a `# values:` line or "values" field (a kind's reading.values). */
  values?: number;
  /**
   * The line refusing an option given that the boards' kind does not read (the command line's
   * check, for a kind told from the input), or null; checked before any board is read.
   */
  refuseFor?: (kind: PuzzleKind) => string | null;
}
