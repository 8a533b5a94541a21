// Sudomino puzzles for the play and web-pack tests: generated for a tier (so unique and graded),
// as the exporters receive them (SudominoPackPuzzle) and as a board with its filling.
import { cellValues, type SudominoBoard } from '../../src/sudomino/board.js';
import { boardRows } from '../../src/sudomino/formats/text.js';
import { SudominoGrader, LEVELS } from '../../src/sudomino/grade/ladder.js';
import { makeTieredSlot } from '../../src/sudomino/make/tiered.js';
import { formatShape, type Shape } from '../../src/sudomino/shape.js';
import type { SudominoPackPuzzle } from '../../src/sudomino/formats/row.js';
import type { Tier } from '../../src/rank/tiers.js';

const grader = new SudominoGrader();

export interface MadeSudomino {
  board: SudominoBoard;
  /** One value per domino. */
  filling: Uint8Array;
}

/** Slot `slot` of a shape and tier, seed 29. */
export function madeSudomino(shape: Shape, tier: Tier, slot: number): MadeSudomino {
  const made = makeTieredSlot(29, shape, tier, slot, 500);
  if (made === null) throw new Error(`no ${tier} puzzle at ${formatShape(shape)} slot ${slot}`);
  return made;
}

/** The same puzzle as the exporters receive it. */
export function sudominoPackPuzzle(
  shape: Shape,
  tier: Tier,
  slot: number,
  id: number | string = `s${slot}`,
): SudominoPackPuzzle {
  const { board, filling } = madeSudomino(shape, tier, slot);
  const values = cellValues(board, filling);
  const graded = grader.grade(board, { log: false });
  return {
    kind: 'sudomino',
    id,
    shape: formatShape(shape),
    rows: board.rows,
    cols: board.cols,
    values: board.values,
    tier,
    nodes: 1 + slot,
    grade: LEVELS[graded.level - 1].name,
    score: graded.score,
    board: boardRows(board),
    solution: Array.from({ length: board.rows }, (_, r) =>
      Array.from(values.subarray(r * board.cols, (r + 1) * board.cols)),
    ),
  };
}
