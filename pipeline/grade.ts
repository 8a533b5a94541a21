// `dominosa grade`: stream boards from a file or stdin, solve each as a person would and print
// its grade, score and the rules it used. Reading and error handling are those of `solve`: a
// bad board stops the run with one line, after the boards before it are printed.
import type { Board, BoardFormat } from '../src/board.js';
import { type GradeResult, gradeBoard, LADDER } from '../src/grade/ladder.js';
import { boardName, sizeError, timeLimitMs } from '../src/solve/limits.js';
import { EXIT_OK, UserError } from './errors.js';
import { forEachBoard } from './io.js';

export interface GradeCommand {
  input: string;
  inputFormat: BoardFormat;
  format: 'text' | 'jsonl';
  /** Search nodes the grader may spend per board before it leaves the board unsolved. */
  maxSearchNodes: number;
  /** Per-board time limit in milliseconds; undefined: none up to LARGE_M, the default above. */
  timeLimitMs?: number;
}

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  // The clock is read only under a time limit; the options object is reused.
  let deadline = Infinity;
  const clock = (): boolean => performance.now() > deadline;
  const options = { maxSearchNodes: cmd.maxSearchNodes, interrupt: undefined as (() => boolean) | undefined };
  await forEachBoard(cmd.input, cmd.inputFormat, stdout, (index, board) => {
    const tooLarge = sizeError(index, board);
    if (tooLarge !== null) throw new UserError(tooLarge);
    const limitMs = timeLimitMs(board, cmd.timeLimitMs);
    options.interrupt = Number.isFinite(limitMs) ? clock : undefined;
    deadline = performance.now() + limitMs;
    const res = gradeBoard(board, options);
    return cmd.format === 'jsonl' ? gradeJsonLine(index, board, res) : gradeTextLine(index, board, res);
  });
  return EXIT_OK;
}

/** Scores carry four decimals: enough to order boards, short enough to read. */
function roundScore(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}

/**
 * One JSON line: index, id (only when the board has one), grade, level, score, nodes, steps
 * (every rule of the ladder, zeros included, so columns line up across boards) and solved
 * (false when the board has no solution or the search budget ran out).
 */
export function gradeJsonLine(index: number, board: Board, res: GradeResult): string {
  const id = board.meta?.id;
  const head = id === undefined ? { index } : { index, id };
  const limit = res.limit === null ? {} : { limit: res.limit };
  return `${JSON.stringify({ ...head, grade: res.grade, level: res.level, score: roundScore(res.score), nodes: res.nodes, steps: res.steps, solved: res.solved, ...limit })}\n`;
}

/** One line a board: "board 3 (id "p7"): sets (level 5), score 5.2871; rules: cellSingleton 12, …". */
export function gradeTextLine(index: number, board: Board, res: GradeResult): string {
  const name = boardName(index, board);
  const used = LADDER.filter((r) => res.steps[r.name] > 0).map((r) => `${r.name} ${res.steps[r.name]}`);
  const nodes = res.nodes > 0 ? `, ${res.nodes} search node${res.nodes === 1 ? '' : 's'}` : '';
  const unsolved = res.solved
    ? ''
    : res.limit === 'time'
      ? ' (not solved: the time limit ran out)'
      : res.limit === 'nodes'
        ? ' (not solved: the search budget ran out)'
        : ' (not solved: no solution)';
  return `${name}: ${res.grade} (level ${res.level}), score ${roundScore(res.score).toFixed(4)}${nodes}; rules: ${used.join(', ') || 'none'}${unsolved}\n`;
}
