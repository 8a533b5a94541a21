// Boards for tests: deals onto uniform random tilings (so a planted solution is known), in
// either orientation, with or without the 2×2 filter, and raw shuffles of the multiset.
import type { Board } from '../../src/board.js';
import { dealOnto } from '../../src/deal.js';
import { derive } from '../../src/rng.js';
import type { Solution } from '../../src/solution.js';
import { tilingFor, tilingToSolution } from '../../src/tiling.js';

export interface Planted {
  board: Board;
  planted: Solution;
}

/** A deal onto a random tiling; `wide` picks M+1 rows × M+2 columns, else the transpose. */
export function plantedBoard(m: number, seed: number, k: number, opts: { wide?: boolean; avoid?: boolean } = {}): Planted {
  const wide = opts.wide ?? true;
  const rows = wide ? m + 1 : m + 2;
  const cols = wide ? m + 2 : m + 1;
  const rng = derive(seed, m, k);
  const mate = tilingFor(rows, cols).sample(rng);
  const cells = dealOnto(mate, rows, cols, m, rng, { avoidSquares: opts.avoid ?? false });
  return { board: { rows, cols, m, cells: Uint16Array.from(cells) }, planted: tilingToSolution(mate, rows, cols) };
}

/** The multiset of a double-M set (each value M+2 times) shuffled: often no solution at all. */
export function shuffledBoard(m: number, seed: number, k: number, wide = true): Board {
  const rng = derive(seed, m, k, 7);
  const cells = new Uint16Array((m + 1) * (m + 2));
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(i / (m + 2));
  rng.shuffle(cells);
  return { rows: wide ? m + 1 : m + 2, cols: wide ? m + 2 : m + 1, m, cells };
}
