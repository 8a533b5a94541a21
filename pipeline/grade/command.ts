// What a `dominosa grade` run is asked to do, whatever the kind, and how it numbers the steps of
// --explain: shared by the kinds' grade loops (grade.ts, sudomino-grade.ts).
import type { BoardFormat } from '../../src/dominosa/board.js';
import type { KindName } from '../../src/kinds.js';

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
  /** Per-board time limit in milliseconds; undefined: none up to LARGE_M, the default above. */
  timeoutMs?: number;
  /** The puzzle kind; absent: told from the input's start, else dominosa. */
  kind?: KindName;
  /** Sudomino's N for boards without a `# values:` line or "values" field. */
  values?: number;
  /** Follow each grade with the steps a person takes, in words. */
  explain?: boolean;
}

/** The steps of --explain under a board's grade line: one a line, numbered from 1, then a blank line. */
export function numberedSteps(steps: readonly string[]): string {
  return `${steps.map((t, i) => `  ${i + 1}. ${t}\n`).join('')}\n`;
}
