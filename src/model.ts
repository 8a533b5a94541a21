// The exact-cover model of a board: every placement (two orthogonally adjacent cells, which
// spell one domino), indexed by cell and by pair in flat typed arrays. A Model is built once
// and reloaded for each board, so solving a stream of boards allocates nothing after warm-up.
import type { Board } from './board.js';
import { pairCount, pairIndex } from './pairs.js';

export class Model {
  rows = 0;
  cols = 0;
  m = 0;
  nCells = 0;
  nPairs = 0;
  nPlacements = 0;
  /** Placement p joins cells plA[p] < plB[p] and spells pair plPair[p]. */
  plA = new Int32Array(0);
  plB = new Int32Array(0);
  plPair = new Int32Array(0);
  /** The placements covering cell c are cellPl[4c .. 4c + cellDeg[c]). */
  cellPl = new Int32Array(0);
  cellDeg = new Uint8Array(0);
  /** The placements spelling pair q are pairPl[pairStart[q] .. pairStart[q+1]). */
  pairStart = new Int32Array(0);
  pairPl = new Int32Array(0);

  /** Load a board, growing the buffers only when it is larger than any seen before. */
  load(board: Board): this {
    const { rows, cols, m, cells } = board;
    const nCells = rows * cols;
    const nPairs = pairCount(m);
    const nPl = rows * (cols - 1) + (rows - 1) * cols;
    this.rows = rows;
    this.cols = cols;
    this.m = m;
    this.nCells = nCells;
    this.nPairs = nPairs;
    this.nPlacements = nPl;
    if (this.plA.length < nPl) {
      this.plA = new Int32Array(nPl);
      this.plB = new Int32Array(nPl);
      this.plPair = new Int32Array(nPl);
      this.pairPl = new Int32Array(nPl);
    }
    if (this.cellDeg.length < nCells) {
      this.cellPl = new Int32Array(nCells * 4);
      this.cellDeg = new Uint8Array(nCells);
    }
    if (this.pairStart.length < nPairs + 1) this.pairStart = new Int32Array(nPairs + 1);

    const { plPair, cellDeg, pairStart, pairPl } = this;
    cellDeg.fill(0, 0, nCells);
    pairStart.fill(0, 0, nPairs + 1);
    // Row-major over first cells, right neighbour before the one below: a fixed order, so
    // node counts depend on the board alone.
    let p = 0;
    for (let a = 0; a < nCells; a++) {
      const c = a % cols;
      if (c + 1 < cols) p = this.addPlacement(p, a, a + 1, cells);
      if (a + cols < nCells) p = this.addPlacement(p, a, a + cols, cells);
    }
    // Counting sort of placements by pair into pairPl (pairStart holds counts, then offsets).
    for (let i = 0; i < nPl; i++) pairStart[plPair[i] + 1]++;
    for (let q = 0; q < nPairs; q++) pairStart[q + 1] += pairStart[q];
    for (let i = 0; i < nPl; i++) {
      const q = plPair[i];
      // pairStart[q] is advanced as a fill cursor and restored below.
      pairPl[pairStart[q]++] = i;
    }
    for (let q = nPairs; q > 0; q--) pairStart[q] = pairStart[q - 1];
    pairStart[0] = 0;
    return this;
  }

  private addPlacement(p: number, a: number, b: number, cells: ArrayLike<number>): number {
    this.plA[p] = a;
    this.plB[p] = b;
    this.plPair[p] = pairIndex(cells[a], cells[b]);
    this.cellPl[4 * a + this.cellDeg[a]++] = p;
    this.cellPl[4 * b + this.cellDeg[b]++] = p;
    return p + 1;
  }

  /** The cell of placement p other than c. */
  other(p: number, c: number): number {
    return this.plA[p] === c ? this.plB[p] : this.plA[p];
  }
}
