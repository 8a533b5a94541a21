// A cheap refutation of a deal before its uniqueness proof: on the smallest boards most deals
// are not unique, and a plain depth-first search for a second tiling that spells every pair
// once finds one faster than the solver's propagating search does (src/README.md, "Making boards").
import type { Board } from '../board.js';
import { pairCount, pairIndex } from '../pairs.js';

/** Largest M refuted first: from M = 5 up the search costs more than it saves (scripts/bench/README.md, "Cheaper small deals"). */
export const REFUTE_MAX_M = 4;
/** Search nodes a refutation may spend; beyond them it concludes nothing and the proof decides. */
const REFUTE_NODES = 512;

/**
 * Refutes deals of one size (M+1 × M+2, M ≤ REFUTE_MAX_M) by looking for a tiling other than the
 * dealt one that spells every pair once. Buffers are reused across deals; not re-entrant.
 */
export class DealRefuter {
  readonly m: number;
  private readonly rows: number;
  private readonly cols: number;
  private readonly n: number;
  private readonly w: number;
  private readonly pairOf: Int32Array;
  private readonly used: Uint8Array;
  private readonly covered: Uint8Array;
  private cells: ArrayLike<number> = new Uint16Array(0);
  private mate: ArrayLike<number> = new Int32Array(0);
  private nodesLeft = 0;

  constructor(m: number) {
    this.m = m;
    this.rows = m + 1;
    this.cols = m + 2;
    this.n = this.rows * this.cols;
    this.w = m + 1;
    this.pairOf = new Int32Array(this.w * this.w);
    for (let u = 0; u < this.w; u++) for (let v = 0; v < this.w; v++) this.pairOf[u * this.w + v] = pairIndex(u, v);
    this.used = new Uint8Array(pairCount(m));
    this.covered = new Uint8Array(this.n);
  }

  /**
   * True when the board, dealt on the tiling `mate`, has another tiling spelling every pair once:
   * the deal is then not unique (the solver would find that second solution). False concludes
   * nothing: the board may still have one the search did not reach within its node budget.
   */
  refutes(board: Board, mate: ArrayLike<number>): boolean {
    if (board.m !== this.m || board.rows !== this.rows || board.cols !== this.cols) return false;
    this.cells = board.cells;
    this.mate = mate;
    this.nodesLeft = REFUTE_NODES;
    return this.other(0, false);
  }

  /**
   * Tiles from the first uncovered cell at or after a, each cell across then down, the dealt
   * domino last; a domino whose pair is already spelled is never laid. `differs`: some laid
   * domino is not the dealt one. True once a complete tiling that differs is found.
   */
  private other(a: number, differs: boolean): boolean {
    const { covered, n } = this;
    while (a < n && covered[a] === 1) a++;
    if (a === n) return differs;
    if (--this.nodesLeft < 0) return false;
    const dealtAcross = this.mate[a] === a + 1;
    for (let k = 0; k < 2; k++) {
      const across = (k === 0) !== dealtAcross;
      const b = across ? a + 1 : a + this.cols;
      if (across ? b % this.cols === 0 || covered[b] === 1 : b >= n) continue;
      const q = this.pairOf[this.cells[a] * this.w + this.cells[b]];
      if (this.used[q] === 1) continue;
      this.used[q] = 1;
      covered[a] = covered[b] = 1;
      const found = this.other(a + 1, differs || k === 0);
      this.used[q] = 0;
      covered[a] = covered[b] = 0;
      if (found) return true;
    }
    return false;
  }
}
