// `dominosa grade`: stream boards from a file or stdin, prove each one as `solve` does, and grade
// the valid puzzles among them as a person would solve them: grade, score and the rules used.
// The grade is the catalog's own (the grader on the board's canonical representative, as
// src/rank/stored.ts grades), so a puzzle's score here is the score the catalog stores.
// Reading and error handling are those of `solve`: a bad board stops the run with one line,
// after the boards before it are printed.
import type { Board } from '../../src/dominosa/board.js';
import { type GradeResult, LADDER } from '../../src/dominosa/grade/ladder.js';
import { formatMeasure } from '../../src/rank/rule.js';
import { canonicalGrade } from '../../src/dominosa/rank/stored.js';
import { boardName, sizeError, timeLimitMs } from '../../src/dominosa/solve/limits.js';
import { Solver, type SolveStatus } from '../../src/dominosa/solve/solver.js';
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import { numberedSteps, type GradeCommand } from './command.js';
import { deadlineAt } from '../runtime/faults.js';

export type { GradeCommand };

/** What grade says of one board: solve's verdict, and the grade when the board is a puzzle. */
export interface BoardGrade {
  status: SolveStatus;
  /** Solutions found (0, 1, or 2 when there are several). */
  solutions: number;
  /** Null unless the status is unique: a board without exactly one solution is no puzzle to grade. */
  grade: GradeResult | null;
  /** The budget that stopped the proof or the grading, if one did. */
  limit: 'nodes' | 'time' | null;
  /** With --explain: the steps a person takes, in words. */
  explain?: string[];
}

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  if (kind === 'sudomino') return (await import('./sudomino.js')).runSudominoGrade(cmd, blocks, stdout);
  // The grader's words behind --explain load only for runs that explain.
  const walkthrough = cmd.explain ? (await import('../../src/dominosa/grade/walkthrough.js')).walkthrough : undefined;
  // The clock is read only under a time limit (the user's, or the default above LARGE_M).
  let deadline = Infinity;
  const clock = (): boolean => performance.now() > deadline;
  const solver = new Solver();
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachBoard(
      cmd.input,
      cmd.inputFormat,
      stream,
      (index, board) => {
        const tooLarge = sizeError(index, board);
        if (tooLarge !== null) throw new UserError(tooLarge);
        const limitMs = timeLimitMs(board, cmd.timeoutMs);
        const interrupt = Number.isFinite(limitMs) ? clock : undefined;
        deadline = performance.now() + limitMs;
        if (deadlineAt(`board:${index}`)) deadline = -Infinity;
        // One budget per board: the proof of uniqueness and the grading share the time limit.
        const proof = solver.solve(board, { cap: 2, interrupt, solution: false });
        const grade =
          proof.status === 'unique' ? canonicalGrade(board, { maxSearchNodes: cmd.maxSearchNodes, interrupt }) : null;
        const limit =
          grade !== null ? grade.limit : proof.limit === 'time' ? 'time' : proof.limit === 'nodes' ? 'nodes' : null;
        const g: BoardGrade = { status: proof.status, solutions: proof.solutions, grade, limit };
        if (grade !== null && walkthrough !== undefined) g.explain = walkthrough(board).lines;
        return cmd.format === 'jsonl' ? gradeJsonLine(index, board, g) : gradeTextLine(index, board, g);
      },
      blocks,
    ),
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
 * (true only for a puzzle the grader finished), then limit ('time' or 'nodes') only when a
 * budget stopped the proof or the grading. Grade, level and score are null for a board that is
 * not a puzzle (status multiple, none or gave-up).
 */
export function gradeJsonLine(index: number, board: Board, g: BoardGrade): string {
  const id = board.meta?.id;
  const head = id === undefined ? { index } : { index, id };
  const r = g.grade;
  const body =
    r === null
      ? { status: g.status, grade: null, level: null, score: null, nodes: 0, steps: zeroSteps(), solved: false }
      : {
          status: g.status,
          grade: r.grade,
          level: r.level,
          score: r.score,
          nodes: r.nodes,
          steps: r.steps,
          solved: r.solved,
        };
  const limit = g.limit === null ? {} : { limit: g.limit };
  const told = g.explain === undefined ? {} : { explain: g.explain };
  return `${JSON.stringify({ ...head, ...body, ...limit, ...told })}\n`;
}

const NOT_A_PUZZLE: Record<SolveStatus, string> = {
  unique: '',
  multiple: 'more than one solution',
  none: 'no solution',
  'gave-up': 'the proof of uniqueness ran out of budget (raise --max-nodes or --time-limit)',
};

/** Why a board was left unfinished, or why its proof gave up, in words. */
function whyStopped(g: BoardGrade): string {
  if (g.limit === 'time') return 'the time limit ran out';
  if (g.limit === 'nodes') return 'the search budget ran out';
  return 'the search budget or time ran out';
}

/** One line a board: "board 3 (id "p7"): sets (level 5), score 5.287; rules: cellSingleton 12, …". */
export function gradeTextLine(index: number, board: Board, g: BoardGrade): string {
  const name = boardName(index, board);
  const r = g.grade;
  if (r === null && g.status === 'gave-up' && g.limit === 'time') {
    return `${name}: gave-up, not graded (the time limit ran out before the proof of uniqueness; raise --time-limit)\n`;
  }
  if (r === null) return `${name}: ${g.status}, not a valid puzzle (${NOT_A_PUZZLE[g.status]}); not graded\n`;
  const used = LADDER.filter((rule) => r.steps[rule.name] > 0).map((rule) => `${rule.name} ${r.steps[rule.name]}`);
  const nodes = r.nodes > 0 ? `, ${r.nodes} search node${r.nodes === 1 ? '' : 's'}` : '';
  const unsolved = r.solved ? '' : ` (not finished: ${whyStopped(g)})`;
  const line = `${name}: ${r.grade} (level ${r.level}), score ${formatMeasure('score', r.score)}${nodes}; rules: ${used.join(', ') || 'none'}${unsolved}\n`;
  return g.explain === undefined ? line : `${line}${numberedSteps(g.explain)}`;
}
