// Boards for tests: deals onto uniform random tilings (so a planted solution is known), in
// either orientation, with or without the 2×2 filter, and raw shuffles of the multiset.
import type { Board } from '../../src/dominosa/board.js';
import { dealOnto } from '../../src/dominosa/make/deal.js';
import { derive } from '../../src/rng.js';
import type { Solution } from '../../src/dominosa/solve/solution.js';
import { tilingFor } from '../../src/tiling/tiling.js';
import { tilingToSolution } from '../../src/dominosa/solve/solution.js';

export interface Planted {
  board: Board;
  planted: Solution;
  /** The tiling dealt onto, as each cell's partner. */
  mate: Int32Array;
}

/** A deal onto a random tiling; `wide` picks M+1 rows × M+2 columns, else the transpose. */
export function plantedBoard(
  m: number,
  seed: number,
  k: number,
  opts: { wide?: boolean; avoid?: boolean } = {},
): Planted {
  const wide = opts.wide ?? true;
  const rows = wide ? m + 1 : m + 2;
  const cols = wide ? m + 2 : m + 1;
  const rng = derive(seed, m, k);
  const mate = tilingFor(rows, cols).sample(rng);
  const cells = dealOnto(mate, rows, cols, m, rng, { avoidSquares: opts.avoid ?? false });
  return {
    board: { rows, cols, m, cells: Uint16Array.from(cells) },
    planted: tilingToSolution(mate, rows, cols),
    mate,
  };
}

/** The multiset of a double-M set (each value M+2 times) shuffled: often no solution at all. */
export function shuffledBoard(m: number, seed: number, k: number, wide = true): Board {
  const rng = derive(seed, m, k, 7);
  const cells = new Uint16Array((m + 1) * (m + 2));
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(i / (m + 2));
  rng.shuffle(cells);
  return { rows: wide ? m + 1 : m + 2, cols: wide ? m + 2 : m + 1, m, cells };
}

/**
 * An adversarial board for even M: rows are paired, and each pair of rows holds horizontal
 * dominoes stacked two by two, spelling two pairs that share a number on a diagonal. Every such
 * 2×2 block can be re-laid independently, so the board has at least 2^(blocks) solutions.
 */
export function swapHeavyBoard(m: number): Board {
  if (m % 2 !== 0) throw new Error('swapHeavyBoard needs an even M');
  const rows = m + 1;
  const cols = m + 2;
  // Couple pairs that share their smaller number: [x,y] with [x,z]; odd ones out are singles.
  const couples: [number, number, number][] = []; // [shared x, y, z]
  const singles: [number, number][] = [];
  for (let x = 0; x <= m; x++) {
    const ys: number[] = [];
    for (let y = x; y <= m; y++) ys.push(y);
    while (ys.length >= 2) couples.push([x, ys.pop()!, ys.pop()!]);
    if (ys.length === 1) singles.push([x, ys[0]]);
  }
  const cells = new Uint16Array(rows * cols);
  let next = 0;
  for (let r = 0; r + 1 < rows; r += 2) {
    for (let c = 0; c < cols; c += 2) {
      // Top [x, y], bottom [z, x]: x at top-left and bottom-right.
      if (next < couples.length) {
        const [x, y, z] = couples[next++];
        cells[r * cols + c] = x;
        cells[r * cols + c + 1] = y;
        cells[(r + 1) * cols + c] = z;
        cells[(r + 1) * cols + c + 1] = x;
      } else {
        const [a, b] = singles.pop()!;
        const [d, e] = singles.pop()!;
        cells[r * cols + c] = a;
        cells[r * cols + c + 1] = b;
        cells[(r + 1) * cols + c] = d;
        cells[(r + 1) * cols + c + 1] = e;
      }
    }
  }
  for (let c = 0; c < cols; c += 2) {
    const [a, b] = singles.pop()!;
    cells[(rows - 1) * cols + c] = a;
    cells[(rows - 1) * cols + c + 1] = b;
  }
  return { rows, cols, m, cells };
}

/**
 * A deal onto rows of horizontal dominoes (M even, so rows have an even length): quick to make
 * at any size, with the planted tiling as one solution and plenty of work for a solver.
 */
export function brickBoard(m: number, seed: number): Board {
  const rows = m + 1;
  const cols = m + 2;
  const mate = Int32Array.from({ length: rows * cols }, (_, a) => a ^ 1);
  return {
    rows,
    cols,
    m,
    cells: Uint16Array.from(dealOnto(mate, rows, cols, m, derive(seed, m), { avoidSquares: false })),
  };
}
