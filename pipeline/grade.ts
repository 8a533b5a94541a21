// `dominosa grade`: stream boards from a file or stdin, prove each one as `solve` does, and grade
// the valid puzzles among them as a person would solve them: grade, score and the rules used.
// The grade is the catalog's own (the grader on the board's canonical representative, as
// src/rank/stored.ts grades), so a puzzle's score here is the score the catalog stores.
// Reading and error handling are those of `solve`: a bad board stops the run with one line,
// after the boards before it are printed.
import type { Board, BoardFormat } from '../src/board.js';
import { type GradeResult, LADDER } from '../src/grade/ladder.js';
import { formatMeasure } from '../src/rank/measure.js';
import { canonicalGrade } from '../src/rank/stored.js';
import { Solver, type SolveStatus } from '../src/solve/solver.js';
import { EXIT_OK } from './errors.js';
import { forEachBoard, withOutput } from './io.js';

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
  /** Per-board time limit in milliseconds (Infinity or absent: none). */
  timeoutMs?: number;
}

/** What grade says of one board: solve's verdict, and the grade when the board is a puzzle. */
export interface BoardGrade {
  status: SolveStatus;
  /** Solutions found (0, 1, or 2 when there are several). */
  solutions: number;
  /** Null unless the status is unique: a board without exactly one solution is no puzzle to grade. */
  grade: GradeResult | null;
}

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const limit = cmd.timeoutMs ?? Infinity;
  let deadline = Infinity;
  const interrupt = Number.isFinite(limit) ? () => performance.now() > deadline : undefined;
  const solver = new Solver();
  await withOutput(cmd.out, cmd.force ?? false, stdout, (stream) =>
    forEachBoard(cmd.input, cmd.inputFormat, stream, (index, board) => {
      deadline = performance.now() + limit;
      const proof = solver.solve(board, { cap: 2, interrupt, solution: false });
      const grade = proof.status === 'unique' ? canonicalGrade(board, { maxSearchNodes: cmd.maxSearchNodes, interrupt }) : null;
      const g: BoardGrade = { status: proof.status, solutions: proof.solutions, grade };
      return cmd.format === 'jsonl' ? gradeJsonLine(index, board, g) : gradeTextLine(index, board, g);
    }),
  );
  return EXIT_OK;
}

function zeroSteps(): Record<string, number> {
  return Object.fromEntries(LADDER.map((r) => [r.name, 0]));
}

/**
 * One JSON line: index, id (only when the board has one), status (solve's), grade, level,
 * score (exact: tier cuts are scores of boards, so a rounded score could land across one),
 * nodes, steps (every rule of the ladder, zeros included, so columns line up) and solved
 * (true only for a puzzle the grader finished). Grade, level and score are null for a board
 * that is not a puzzle (status multiple, none or gave-up).
 */
export function gradeJsonLine(index: number, board: Board, g: BoardGrade): string {
  const id = board.meta?.id;
  const head = id === undefined ? { index } : { index, id };
  const r = g.grade;
  const body =
    r === null
      ? { status: g.status, grade: null, level: null, score: null, nodes: 0, steps: zeroSteps(), solved: false }
      : { status: g.status, grade: r.grade, level: r.level, score: r.score, nodes: r.nodes, steps: r.steps, solved: r.solved };
  return `${JSON.stringify({ ...head, ...body })}\n`;
}

const NOT_A_PUZZLE: Record<SolveStatus, string> = {
  unique: '',
  multiple: 'more than one solution',
  none: 'no solution',
  'gave-up': 'the proof of uniqueness ran out of budget (raise --max-nodes or --time-limit)',
};

/** One line a board: "board 3 (id "p7"): sets (level 5), score 5.287; rules: cellSingleton 12, …". */
export function gradeTextLine(index: number, board: Board, g: BoardGrade): string {
  const id = board.meta?.id;
  const name = `board ${index + 1}${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`;
  const r = g.grade;
  if (r === null) return `${name}: ${g.status}, not a valid puzzle (${NOT_A_PUZZLE[g.status]}); not graded\n`;
  const used = LADDER.filter((rule) => r.steps[rule.name] > 0).map((rule) => `${rule.name} ${r.steps[rule.name]}`);
  const nodes = r.nodes > 0 ? `, ${r.nodes} search node${r.nodes === 1 ? '' : 's'}` : '';
  const unsolved = r.solved ? '' : ' (not finished: the search budget or time ran out)';
  return `${name}: ${r.grade} (level ${r.level}), score ${formatMeasure('score', r.score)}${nodes}; rules: ${used.join(', ') || 'none'}${unsolved}\n`;
}
