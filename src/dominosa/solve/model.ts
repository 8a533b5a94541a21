// The exact-cover model of a board: every placement (two orthogonally adjacent cells, which
// spell one domino), indexed by cell and by pair in flat typed arrays. Which cells a placement
// joins depends only on the grid's shape, so that part is built once per shape; loading a
// board only spells the pairs and sorts placements by pair.
import type { Board } from '../board.js';
import { pairCount } from '../pairs.js';

export class Model {
  rows = 0;
  cols = 0;
  m = 0;
  nCells = 0;
  nPairs = 0;
  nPlacements = 0;
  /** The board's numbers, row-major (the board's own array, not a copy). */
  cells: ArrayLike<number> = new Uint16Array(0);
  /** Placement p joins cells plA[p] < plB[p] and spells pair plPair[p]. */
  plA = new Int32Array(0);
  plB = new Int32Array(0);
  plPair = new Int32Array(0);
  /** The placements covering cell c are cellPl[4c .. 4c + cellDeg[c]). */
  cellPl = new Int32Array(0);
  cellDeg = new Uint8Array(0);
  /** Where placement p sits in cellPl within the slot of its first and of its second cell. */
  slotA = new Int32Array(0);
  slotB = new Int32Array(0);
  /** The placements spelling pair q are pairPl[pairStart[q] .. pairStart[q+1]). */
  pairStart = new Int32Array(0);
  pairPl = new Int32Array(0);

  /**
   * Load a board, growing the buffers only when it is larger than any seen before. `stop` is
   * told of every stretch of items done (cells, placements) and answers true to stop: then
   * nothing is loaded and load returns false (a cold load of a very large board is long).
   */
  load(board: Board, stop?: (items: number) => boolean): boolean {
    const { rows, cols, m, cells } = board;
    if ((rows !== this.rows || cols !== this.cols) && !this.loadShape(rows, cols, stop)) return false;
    this.m = m;
    this.cells = cells;
    const nPairs = pairCount(m);
    const nPl = this.nPlacements;
    this.nPairs = nPairs;
    if (this.pairStart.length < nPairs + 1) this.pairStart = new Int32Array(nPairs + 1);
    const { plA, plB, plPair, pairStart, pairPl } = this;
    pairStart.fill(0, 0, nPairs + 1);
    for (let p = 0; p < nPl; p++) {
      if ((p & 1023) === 1023 && stop?.(1024) === true) return false;
      const u = cells[plA[p]];
      const v = cells[plB[p]];
      // The pair index v(v+1)/2 + u with u ≤ v (src/pairs.ts), inlined for the hot path.
      const q = u <= v ? ((v * (v + 1)) >> 1) + u : ((u * (u + 1)) >> 1) + v;
      plPair[p] = q;
      pairStart[q + 1]++;
    }
    // Counting sort of placements by pair: pairStart holds counts, then offsets.
    for (let q = 0; q < nPairs; q++) pairStart[q + 1] += pairStart[q];
    for (let p = 0; p < nPl; p++) pairPl[pairStart[plPair[p]]++] = p;
    // The fill advanced each offset to the next pair's start; shift them back.
    for (let q = nPairs; q > 0; q--) pairStart[q] = pairStart[q - 1];
    pairStart[0] = 0;
    return true;
  }

  /** Build the shape-only part: placements in row-major order of their first cell, right
   *  neighbour before the one below, so node counts depend on the board alone. */
  private loadShape(rows: number, cols: number, stop?: (items: number) => boolean): boolean {
    const nCells = rows * cols;
    const nPl = rows * (cols - 1) + (rows - 1) * cols;
    this.rows = rows;
    this.cols = cols;
    this.nCells = nCells;
    this.nPlacements = nPl;
    if (this.plA.length < nPl) {
      this.plA = new Int32Array(nPl);
      this.plB = new Int32Array(nPl);
      this.plPair = new Int32Array(nPl);
      this.pairPl = new Int32Array(nPl);
      this.slotA = new Int32Array(nPl);
      this.slotB = new Int32Array(nPl);
    }
    if (this.cellDeg.length < nCells) {
      this.cellPl = new Int32Array(nCells * 4);
      this.cellDeg = new Uint8Array(nCells);
    }
    this.cellDeg.fill(0, 0, nCells);
    let p = 0;
    for (let a = 0; a < nCells; a++) {
      if ((a & 1023) === 1023 && stop?.(1024) === true) {
        // Half a shape is none: the next load builds it again.
        this.rows = 0;
        this.cols = 0;
        return false;
      }
      if ((a % cols) + 1 < cols) this.addPlacement(p++, a, a + 1);
      if (a + cols < nCells) this.addPlacement(p++, a, a + cols);
    }
    return true;
  }

  private addPlacement(p: number, a: number, b: number): void {
    this.plA[p] = a;
    this.plB[p] = b;
    this.slotA[p] = 4 * a + this.cellDeg[a];
    this.cellPl[4 * a + this.cellDeg[a]++] = p;
    this.slotB[p] = 4 * b + this.cellDeg[b];
    this.cellPl[4 * b + this.cellDeg[b]++] = p;
  }
}
