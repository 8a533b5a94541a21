// What a `dominosa grade` run is asked to do, whatever the kind of its boards.
import type { BoardFormat, KindName, PuzzleKind } from '../../src/kind.js';

export interface GradeCommand {
  input: string;
  inputFormat: BoardFormat;
  format: 'text' | 'jsonl';
  /** A file to write (whole or not at all), or '-' / absent for stdout. */
  out?: string;
  force?: boolean;
  /**
   * Search nodes the grader may spend per board (the uniqueness proof, as solve's, has no node
   * limit): past them the board is reported unfinished, graded as search.
   */
  maxSearchNodes: number;
  /** Per-board time limit in milliseconds; undefined: the kind's default for the board (src/solve/budget.ts). */
  timeoutMs?: number;
  /** The puzzle kind; absent: told from the input's start, else the default kind. */
  kind?: KindName;
  /** Sudomino's N for boards without a `# values:` line or "values" field (a kind's reading.values). */
  values?: number;
  /** Follow each grade with the steps a person takes, in words. */
  explain?: boolean;
  /**
   * The line refusing an option given that the boards' kind does not read (the command line's
   * check, for a kind told from the input), or null; checked before any board is read.
   */
  refuseFor?: (kind: PuzzleKind) => string | null;
}
