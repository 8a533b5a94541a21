// What a `dominosa solve` run is asked to do, whatever the kind, and how it words a budget that
// ran out: shared by the kinds' solve loops (solve.ts, sudomino-solve.ts).
import type { BoardFormat } from '../../src/dominosa/board.js';
import type { KindName } from '../../src/kinds.js';
import type { SolveLimit } from '../../src/proof.js';

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
  /** Per-board time limit in milliseconds; undefined: none up to LARGE_M, the default above. */
  timeoutMs?: number;
  /** Follow each result with the grader's deductions in words (see src/grade/walkthrough.ts). */
  explain?: boolean;
  /** The puzzle kind; absent: told from the input's start (kindOfInput), else dominosa. */
  kind?: KindName;
  /** Sudomino's N for boards without a `# values:` line or "values" field (default 6). */
  values?: number;
}

/** Which budget a board that gave up ran into, in words ("time limit 10 s"), or null. */
export function gaveUpBecause(limit: SolveLimit | null, cmd: SolveCommand, limitMs: number): string | null {
  if (limit === 'time') return `time limit ${limitMs / 1000} s`;
  if (limit === 'nodes') return `node limit ${cmd.maxNodes}`;
  if (limit === 'cap') return `solution cap ${cmd.maxSolutions}`;
  return null;
}
