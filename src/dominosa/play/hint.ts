// Which hint the player's board allows. The grader's steps were worked out at export time
// from the empty board; the player may have gone another way, so a step is offered only when
// every step before it is on the board or named to the player, and never while the board holds
// a mistake. A hint writes only what the player keeps: the dominoes it lays, never a mark.
import { nextStep } from '../../play/next-step.js';
import { pairIndex } from '../pairs.js';
import { allPlacements, cellsOf } from './geometry.js';
import type { PlayBoard, Position } from './game.js';
import type { HintStep } from './steps.js';

export type Hint =
  | { kind: 'solved' }
  /** Dominoes laid where the solution has none, and marks where it has one. */
  | { kind: 'mistake'; dominoes: number[]; marks: number[] }
  /**
   * Step `index` of the log follows; `lay` is what it adds to the board, the dominoes it lays.
   * `before`: the steps it stands on that only ruled out placements the player has not marked,
   * so nothing on the board shows them.
   */
  | { kind: 'step'; index: number; step: HintStep; lay: number[]; before: number[] }
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
 * the first step that lays a domino not yet on the board is the hint. A step that only rules out
 * placements the board does not (by the player's marks or the dominoes laid) writes nothing: the
 * player's boundaries are the player's own. It is passed and named in the hint's `before`.
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
  const next = nextStep(steps, (step) => {
    const lay = step.placed.filter((p) => !laid.has(p));
    if (lay.length > 0) return { writes: lay };
    return step.eliminated.some((p) => !known.has(p)) ? 'unseen' : 'done';
  });
  if (next === null) return { kind: 'none' };
  return { kind: 'step', index: next.index, step: steps[next.index], lay: next.writes, before: next.before };
}

/**
 * The position after following a hint: its dominoes laid. The player's marks stay as they are
 * (none lies under a domino of the solution, or the hint would have been a mistake).
 */
export function followStep(pos: Position, lay: readonly number[]): Position {
  const laid = [...new Set([...pos.laid, ...lay])].sort((a, b) => a - b);
  return { laid, marks: pos.marks.filter((p) => !lay.includes(p)) };
}
