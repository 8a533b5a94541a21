// Which hint the player's board allows. The grader's steps were worked out at export time
// from the empty board; the player may have gone another way, so a step is offered only when
// everything it stood on is on the board already, and never while the board holds a mistake.
import { pairIndex } from '../pairs.js';
import { allPlacements, cellsOf } from './geometry.js';
import type { PlayBoard, Position } from './game.js';
import type { HintStep } from './steps.js';

export type Hint =
  | { kind: 'solved' }
  /** Dominoes laid where the solution has none, and marks where it has one. */
  | { kind: 'mistake'; dominoes: number[]; marks: number[] }
  /** Step `index` of the log follows; `lay` and `marks` are what it adds to the board. */
  | { kind: 'step'; index: number; step: HintStep; lay: number[]; marks: number[] }
  /** The log ends before the board is full (the grader gave up): only a reveal helps. */
  | { kind: 'none' };

/**
 * Every placement the board rules out: the marked ones, and every other placement of a laid
 * domino's cells or of its pair (as laying a domino does in the grader).
 */
export function ruledOut(board: PlayBoard, pos: Position): Set<number> {
  const out = new Set(pos.marks);
  const covered = new Set<number>();
  const pairs = new Set<number>();
  const pairOf = (p: number): number => {
    const [a, b] = cellsOf(board, p);
    return pairIndex(board.values[a], board.values[b]);
  };
  for (const p of pos.laid) {
    for (const c of cellsOf(board, p)) covered.add(c);
    pairs.add(pairOf(p));
  }
  const laid = new Set(pos.laid);
  for (const p of allPlacements(board)) {
    if (laid.has(p)) continue;
    const [a, b] = cellsOf(board, p);
    if (covered.has(a) || covered.has(b) || pairs.has(pairOf(p))) out.add(p);
  }
  return out;
}

/**
 * The hint for a position. A board that disagrees with the solution gets `mistake`. Otherwise
 * the first step not yet done is the hint: every step before it is done, so all it stood on
 * (what those steps laid and ruled out) is on the board, and it follows from the board.
 */
export function hintFor(
  board: PlayBoard,
  solution: readonly number[],
  steps: readonly HintStep[],
  pos: Position,
): Hint {
  const inSolution = new Set(solution);
  const dominoes = pos.laid.filter((p) => !inSolution.has(p));
  const marks = pos.marks.filter((p) => inSolution.has(p));
  if (dominoes.length > 0 || marks.length > 0) return { kind: 'mistake', dominoes, marks };
  const laid = new Set(pos.laid);
  if (solution.every((p) => laid.has(p))) return { kind: 'solved' };
  const known = ruledOut(board, pos);
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    const lay = step.placed.filter((p) => !laid.has(p));
    const adds = step.eliminated.filter((p) => !known.has(p));
    if (lay.length > 0 || adds.length > 0) return { kind: 'step', index, step, lay, marks: adds };
  }
  return { kind: 'none' };
}
