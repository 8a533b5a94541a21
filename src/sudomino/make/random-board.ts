// Random Sudomino boards of every outcome, for cross-checking the two proofs (tests and the
// bench): a filled layout showing a random share of its values (unique or several solutions),
// or a random share of random givens (often none).
import type { Board } from '../board.js';
import type { Shape } from '../shape.js';
import type { Rng } from '../../rng.js';
import { randomFilled } from './generator.js';

/** 'shown': a filling with each value kept with probability `share`; 'noise': random givens at that rate. */
export type RandomBoardMode = 'shown' | 'noise';

export function randomBoard(shape: Shape, mode: RandomBoardMode, share: number, rng: Rng): Board {
  const { board } = randomFilled(shape, rng);
  const given = board.given;
  for (let d = 0; d < given.length; d++) {
    if (rng.float() >= share) given[d] = 0;
    else if (mode === 'noise') given[d] = rng.int(1, shape.values);
  }
  return board;
}
