// Random Sudomino boards of every outcome, for cross-checking the two proofs (tests and the
// bench): a filled layout showing a random share of its values (unique or several solutions),
// or random givens on a layout (often none).
import { type SudominoBoard, withLines } from '../board.js';
import { SudominoSolver } from '../solve/solver.js';
import type { Shape } from '../shape.js';
import type { Rng } from '../../rng.js';
import { randomCovering } from './covering.js';
import { randomFilled } from './generator.js';

/** 'shown': a filling with each value kept with probability `share`; 'noise': random givens at that rate. */
export type RandomBoardMode = 'shown' | 'noise';

export function randomBoard(shape: Shape, mode: RandomBoardMode, share: number, rng: Rng, solver = new SudominoSolver()): SudominoBoard {
  const { rows, cols, values } = shape;
  if (mode === 'shown') {
    const filled = randomFilled(shape, rng, solver);
    if (filled !== null) {
      const given = filled.board.given as Uint8Array;
      for (let d = 0; d < given.length; d++) if (rng.float() >= share) given[d] = 0;
      return filled.board;
    }
  }
  const { domino, cells } = randomCovering(rows, cols, values, rng);
  const given = new Uint8Array(cells.length / 2);
  for (let d = 0; d < given.length; d++) if (rng.float() < share) given[d] = rng.int(1, values);
  return withLines(rows, cols, values, domino, cells, given);
}
