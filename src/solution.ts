// Solutions: a domino per entry as [r1, c1, r2, c2], first cell before the second in
// row-major order, sorted by first cell. checkSolution is the ground truth every solver and
// every stored puzzle is tested against: a perfect tiling that spells every pair exactly once.
import type { Board } from './board.js';
import { pairCount, pairIndex } from './pairs.js';

export type Domino = [r1: number, c1: number, r2: number, c2: number];
export type Solution = Domino[];

/** Build a normalised solution from cell-index pairs (a, b) of a board with `cols` columns. */
export function solutionFromCellPairs(cols: number, cellPairs: ArrayLike<number>, count: number): Solution {
  // Walking the cells in row-major order and emitting each domino at its first cell gives
  // the normalised order directly, with no sort.
  let n = 0;
  for (let i = 0; i < 2 * count; i++) n = Math.max(n, cellPairs[i] + 1);
  const mate = new Int32Array(n).fill(-1);
  for (let i = 0; i < count; i++) {
    mate[cellPairs[2 * i]] = cellPairs[2 * i + 1];
    mate[cellPairs[2 * i + 1]] = cellPairs[2 * i];
  }
  const out: Solution = [];
  for (let a = 0; a < n; a++) {
    const b = mate[a];
    if (b > a) out.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
  }
  return out;
}

/** The solution as compact JSON text, e.g. [[0,0,0,1],[0,2,1,2]] (no spaces). */
export function solutionJson(solution: Solution): string {
  let s = '[';
  for (let i = 0; i < solution.length; i++) {
    const d = solution[i];
    s += (i === 0 ? '[' : ',[') + d[0] + ',' + d[1] + ',' + d[2] + ',' + d[3] + ']';
  }
  return s + ']';
}

/** Why a solution fails, or null if it is a perfect tiling using every pair exactly once. */
export function checkSolution(board: Board, solution: Solution): string | null {
  const { rows, cols, m, cells } = board;
  const covered = new Uint8Array(rows * cols);
  const used = new Uint8Array(pairCount(m));
  if (solution.length !== pairCount(m)) {
    return `expected ${pairCount(m)} dominoes, got ${solution.length}`;
  }
  for (const [r1, c1, r2, c2] of solution) {
    const where = `domino (${r1},${c1})-(${r2},${c2})`;
    for (const [r, c] of [[r1, c1], [r2, c2]]) {
      if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || r >= rows || c < 0 || c >= cols) {
        return `${where} leaves the ${rows}x${cols} grid`;
      }
    }
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return `${where} does not join adjacent cells`;
    const a = r1 * cols + c1;
    const b = r2 * cols + c2;
    if (covered[a] || covered[b]) return `${where} overlaps another domino`;
    covered[a] = covered[b] = 1;
    const p = pairIndex(cells[a], cells[b]);
    if (used[p]) return `${where} spells ${Math.min(cells[a], cells[b])}-${Math.max(cells[a], cells[b])} a second time`;
    used[p] = 1;
  }
  return null;
}

/** Canonical text key of a solution (independent of the order of its dominoes). */
export function solutionKey(solution: Solution): string {
  return solution
    .map(([r1, c1, r2, c2]) => (r1 * 1e6 + c1 < r2 * 1e6 + c2 ? [r1, c1, r2, c2] : [r2, c2, r1, c1]).join(','))
    .sort()
    .join(';');
}
