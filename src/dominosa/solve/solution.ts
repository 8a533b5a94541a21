// Solutions: a domino per entry as [r1, c1, r2, c2], first cell before the second in
// row-major order, sorted by first cell. checkSolution is the ground truth every solver and
// every stored puzzle is tested against: a perfect tiling that spells every pair exactly once.
import type { Board } from '../board.js';
import { pairCount, pairIndex } from '../pairs.js';

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

const jsonText = new TextDecoder();
// Room for one domino (four coordinates of at most 10 digits, its brackets and four commas) and
// the list's closing bracket.
const DOMINO_BYTES = 4 * 10 + 7;

/**
 * Writes a tiling given as cell → partner cell (row-major, rows × cols) as the compact JSON of
 * its Solution, each domino at its first cell in row-major order: e.g. [[0,0,0,1],[0,2,1,2]].
 * Written straight from the array as ASCII bytes into the writer's own buffer, decoded once
 * (concatenating the pieces made the solution most of the cost of a JSON line); one writer per
 * stream of boards keeps the buffer.
 */
export class MateJson {
  private bytes = new Uint8Array(1 << 12);

  write(mate: ArrayLike<number>, rows: number, cols: number): string {
    let b = this.bytes;
    let at = 0;
    b[at++] = 91; // [
    for (let a = 0, n = rows * cols; a < n; a++) {
      const p = mate[a];
      if (p <= a) continue;
      if (at + DOMINO_BYTES > b.length) {
        const grown = new Uint8Array(b.length * 2);
        grown.set(b);
        this.bytes = b = grown;
      }
      if (at > 1) b[at++] = 44; // ,
      b[at++] = 91;
      at = putCount(b, at, Math.floor(a / cols));
      b[at++] = 44;
      at = putCount(b, at, a % cols);
      b[at++] = 44;
      at = putCount(b, at, Math.floor(p / cols));
      b[at++] = 44;
      at = putCount(b, at, p % cols);
      b[at++] = 93; // ]
    }
    b[at++] = 93;
    return jsonText.decode(b.subarray(0, at));
  }
}

/** One tiling's JSON (see MateJson), with a buffer of its own. */
export function mateJson(mate: ArrayLike<number>, rows: number, cols: number): string {
  return new MateJson().write(mate, rows, cols);
}

/** Write a whole number 0 ≤ n < 2^32 in decimal at `at`, returning the end. */
function putCount(b: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    b[at] = 48 + n;
    return at + 1;
  }
  let end = at + 1;
  for (let x = n; x >= 10; x = (x / 10) >>> 0) end++;
  for (let x = n, k = end; k > at; x = (x / 10) >>> 0) b[--k] = 48 + (x % 10);
  return end;
}

/** Why a solution fails, or null if it is a perfect tiling using every pair exactly once. */
export function checkSolution(board: Board, solution: Solution): string | null {
  const { rows, cols, m, cells } = board;
  const covered = new Uint8Array(rows * cols);
  const used = new Uint8Array(pairCount(m));
  if (solution.length !== pairCount(m)) {
    return `expected ${pairCount(m)} dominoes, got ${solution.length}`;
  }
  // Nothing is built per domino but on failure: audit checks one solution a puzzle.
  const inside = (r: number, c: number): boolean =>
    Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols;
  const where = (d: Domino): string => `domino (${d[0]},${d[1]})-(${d[2]},${d[3]})`;
  for (let i = 0; i < solution.length; i++) {
    const d = solution[i];
    const r1 = d[0];
    const c1 = d[1];
    const r2 = d[2];
    const c2 = d[3];
    if (!inside(r1, c1) || !inside(r2, c2)) return `${where(d)} leaves the ${rows}x${cols} grid`;
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return `${where(d)} does not join adjacent cells`;
    const a = r1 * cols + c1;
    const b = r2 * cols + c2;
    if (covered[a] || covered[b]) return `${where(d)} overlaps another domino`;
    covered[a] = covered[b] = 1;
    const p = pairIndex(cells[a], cells[b]);
    if (used[p])
      return `${where(d)} spells ${Math.min(cells[a], cells[b])}-${Math.max(cells[a], cells[b])} a second time`;
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

/**
 * Whether two solutions of a rows x cols grid hold the same dominoes (in any order, either way
 * round), as equal solutionKeys say, without building the keys: a mate array of `a`, then each
 * domino of `b` taken from it once.
 */
let sameScratch = new Int32Array(0);

export function sameSolution(a: Solution, b: Solution, rows: number, cols: number): boolean {
  if (a.length !== b.length) return false;
  const cell = (r: number, c: number): number =>
    Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
  // One scratch array for every call (audit makes one or two a puzzle): a fresh typed array of
  // this size would be a backing store apart from the heap, costly to free by the hundred thousand.
  if (sameScratch.length < rows * cols) sameScratch = new Int32Array(rows * cols);
  const mate = sameScratch.fill(-1, 0, rows * cols);
  for (const [r1, c1, r2, c2] of a) {
    const x = cell(r1, c1);
    const y = cell(r2, c2);
    // Not a tiling (off the grid, a cell twice): the keys decide.
    if (x < 0 || y < 0 || x === y || mate[x] >= 0 || mate[y] >= 0) return solutionKey(a) === solutionKey(b);
    mate[x] = y;
    mate[y] = x;
  }
  for (const [r1, c1, r2, c2] of b) {
    const x = cell(r1, c1);
    const y = cell(r2, c2);
    if (x < 0 || y < 0 || mate[x] !== y) return false;
    mate[x] = mate[y] = -1;
  }
  return true;
}

/** A mate array as a Solution: one [r1, c1, r2, c2] per domino, sorted by first cell. */
export function tilingToSolution(mate: Int32Array, rows: number, cols: number): Solution {
  const sol: Solution = [];
  const n = rows * cols;
  for (let a = 0; a < n; a++) {
    const b = mate[a];
    if (b > a) sol.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
  }
  return sol;
}
