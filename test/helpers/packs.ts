// Pack puzzles for the format tests: deals onto random tilings (a planted solution is known;
// uniqueness does not matter for formats), with ids, tiers and node counts filled in.
import { boardToGrid } from '../../src/dominosa/board.js';
import type { PackPuzzle } from '../../src/formats/pack.js';
import { TIERS } from '../../src/rank/tiers.js';
import { plantedBoard } from './boards.js';

/** Puzzle k of size m, wide unless `tall`; tier cycles through TIERS unless given. */
export function packPuzzle(m: number, k: number, opts: { tall?: boolean; tier?: string; id?: number | string; grade?: string } = {}): PackPuzzle {
  const { board, planted } = plantedBoard(m, 20240601, k, { wide: !opts.tall });
  return {
    id: opts.id ?? 1000 * m + k,
    m,
    rows: board.rows,
    cols: board.cols,
    tier: opts.tier ?? TIERS[k % TIERS.length],
    nodes: 10 * m + k,
    ...(opts.grade === undefined ? {} : { grade: opts.grade }),
    grid: boardToGrid(board),
    solution: planted,
    baseId: k % 3 === 0 ? null : k,
    transform: k % 3 === 0 ? null : 'mirror-h',
  };
}

/** `count` puzzles cycling through the sizes given. */
export function packOf(count: number, sizes: readonly number[], opts: { tall?: boolean } = {}): PackPuzzle[] {
  return Array.from({ length: count }, (_, k) => packPuzzle(sizes[k % sizes.length], k, opts));
}
