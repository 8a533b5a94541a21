// The position the Sudomino grader reasons about: each domino's candidate values as a bitmask,
// which dominoes are placed, and a trail that undoes any change, so a trial (a chain's
// assumption) costs no allocation. The state knows the board's lines and no rule.
import type { Board } from '../board.js';
import { countBits, valueOf } from './bits.js';
import type { Reason } from './step.js';

/**
 * Candidates per domino on flat typed arrays. Placing a value on a domino takes it out of every
 * other domino of the domino's three lines (a domino along a line is one entry of it). Every
 * change goes on the trail as (domino, old mask), a placement as (~domino, 0).
 */
export class GradeState {
  board: Board | null = null;
  /** Dominoes, values N, lines (rows then columns). */
  nDom = 0;
  nValues = 0;
  nLines = 0;
  lineStart: Int32Array = new Int32Array(0);
  lineDominoes: Int32Array = new Int32Array(0);
  /** lines[3d .. 3d+2]: domino d's lines; a horizontal one's row and two columns, a vertical one's two rows and column. */
  lines = new Int32Array(0);
  mask = new Int32Array(0);
  placed = new Uint8Array(0);
  nPlaced = 0;
  trail = new Int32Array(0);
  trailLen = 0;
  /** Scratch named by size, for whichever rule runs: a line's entries, a chain's placements and a round's demands. */
  entries = new Int32Array(0);
  /** valuePos[v - 1]: a mask of the positions (in `entries`) that can hold v. */
  valuePos = new Int32Array(0);
  chainDomino = new Int32Array(0);
  chainValue = new Int32Array(0);
  chainLen = 0;
  /** demand[d]: the values a chain's round of singles asks of domino d (zero between rounds). */
  demand = new Int32Array(0);
  /** What a refuted trial ended on (see contradiction). */
  chainDead = -1;
  /** Masks and placements as a step began, to log what the step changed. */
  before = new Int32Array(0);
  beforePlaced = new Uint8Array(0);
  /** Rounds of singles a chain may follow from its assumption before it gives up (the grader sets it). */
  chainLimit = 0;
  /** Keep reasons for the log (set by the grader); the rule that fires sets `reason`. */
  logging = false;
  reason: Reason | null = null;

  load(board: Board): this {
    const D = board.given.length;
    const N = board.values;
    this.board = board;
    this.nDom = D;
    this.nValues = N;
    this.nLines = board.rows + board.cols;
    this.lineStart = board.lineStart;
    this.lineDominoes = board.lineDominoes;
    if (this.mask.length < D) {
      this.mask = new Int32Array(D);
      this.placed = new Uint8Array(D);
      this.lines = new Int32Array(3 * D);
      this.demand = new Int32Array(D);
      this.before = new Int32Array(D);
      this.beforePlaced = new Uint8Array(D);
    }
    if (this.entries.length < N) {
      this.entries = new Int32Array(N);
      this.valuePos = new Int32Array(N);
    }
    // A chain places each domino once, and its last round may ask up to N values of each.
    if (this.chainDomino.length < D * N) {
      this.chainDomino = new Int32Array(D * N);
      this.chainValue = new Int32Array(D * N);
    }
    // Each entry removes a value or places a domino: at most D·N + D of them.
    if (this.trail.length < 2 * D * (N + 1)) this.trail = new Int32Array(2 * D * (N + 1));
    const { cells, cols, rows } = board;
    for (let d = 0; d < D; d++) {
      const a = cells[2 * d];
      const b = cells[2 * d + 1];
      const ra = (a / cols) | 0;
      const rb = (b / cols) | 0;
      this.lines[3 * d] = ra;
      this.lines[3 * d + 1] = rb !== ra ? rb : rows + (a % cols);
      this.lines[3 * d + 2] = rows + (b % cols);
    }
    const full = (1 << N) - 1;
    this.mask.fill(full, 0, D);
    this.placed.fill(0, 0, D);
    this.demand.fill(0, 0, D);
    this.nPlaced = 0;
    this.trailLen = 0;
    this.chainLen = 0;
    for (let d = 0; d < D; d++) if (board.given[d] !== 0) this.place(d, board.given[d]);
    // The givens are the start, not a step: nothing to undo past them.
    this.trailLen = 0;
    return this;
  }

  get solved(): boolean {
    return this.nPlaced === this.nDom;
  }

  /** Take the values in `bits` out of domino d; true if any was there. */
  remove(d: number, bits: number): boolean {
    const m = this.mask[d];
    if ((m & bits) === 0) return false;
    this.trail[this.trailLen++] = d;
    this.trail[this.trailLen++] = m;
    this.mask[d] = m & ~bits;
    return true;
  }

  /** Put value v on domino d and take v out of every other domino of its lines. */
  place(d: number, v: number): void {
    const bit = 1 << (v - 1);
    this.remove(d, ~bit);
    this.trail[this.trailLen++] = ~d;
    this.trail[this.trailLen++] = 0;
    this.placed[d] = 1;
    this.nPlaced++;
    const { lineStart, lineDominoes, lines } = this;
    for (let k = 3 * d; k < 3 * d + 3; k++) {
      const l = lines[k];
      for (let e = lineStart[l]; e < lineStart[l + 1]; e++) {
        const o = lineDominoes[e];
        if (o !== d) this.remove(o, bit);
      }
    }
  }

  /** Roll every change after the trail position `mark` back. */
  undo(mark: number): void {
    const trail = this.trail;
    while (this.trailLen > mark) {
      this.trailLen -= 2;
      const x = trail[this.trailLen];
      if (x < 0) {
        this.placed[~x] = 0;
        this.nPlaced--;
      } else this.mask[x] = trail[this.trailLen + 1];
    }
  }

  /** Entries of line l (dominoes counted once). */
  lineSize(l: number): number {
    return this.lineStart[l + 1] - this.lineStart[l];
  }

  /** Does line l have an entry for every value, so that each value must appear in it? */
  lineFull(l: number): boolean {
    return this.lineSize(l) === this.nValues;
  }

  /** The values already placed on line l. */
  placedIn(l: number): number {
    let m = 0;
    for (let e = this.lineStart[l]; e < this.lineStart[l + 1]; e++) {
      const d = this.lineDominoes[e];
      if (this.placed[d] === 1) m |= this.mask[d];
    }
    return m;
  }

  /**
   * The dominoes of line l not yet placed, into `entries`; returns how many. With `valuePos`,
   * also which of those positions can hold each value.
   */
  openEntries(l: number, valuePos = false): number {
    let u = 0;
    if (valuePos) this.valuePos.fill(0, 0, this.nValues);
    for (let e = this.lineStart[l]; e < this.lineStart[l + 1]; e++) {
      const d = this.lineDominoes[e];
      if (this.placed[d] === 1) continue;
      if (valuePos) for (let m = this.mask[d]; m !== 0; m &= m - 1) this.valuePos[31 - Math.clz32(m & -m)] |= 1 << u;
      this.entries[u++] = d;
    }
    return u;
  }

  /** The dominoes at the positions of `sel` in `entries`. */
  picked(sel: number): number[] {
    const out: number[] = [];
    for (let i = 0; sel !== 0; i++, sel >>>= 1) if ((sel & 1) !== 0) out.push(this.entries[i]);
    return out;
  }

  /** Does domino d lie along or across line l? */
  onLine(d: number, l: number): boolean {
    const k = 3 * d;
    return this.lines[k] === l || this.lines[k + 1] === l || this.lines[k + 2] === l;
  }

  /**
   * What makes the position impossible, if anything: a domino with no value left (its index),
   * or a line whose entries have fewer values between them than entries (nDom + line); else -1.
   */
  contradiction(): number {
    for (let d = 0; d < this.nDom; d++) if (this.mask[d] === 0) return d;
    for (let l = 0; l < this.nLines; l++) {
      let union = 0;
      for (let e = this.lineStart[l]; e < this.lineStart[l + 1]; e++) union |= this.mask[this.lineDominoes[e]];
      if (countBits(union) < this.lineSize(l)) return this.nDom + l;
    }
    return -1;
  }

  /** The solution once solved: one value per domino. */
  values(): Uint8Array {
    const out = new Uint8Array(this.nDom);
    for (let d = 0; d < this.nDom; d++) out[d] = valueOf(this.mask[d]);
    return out;
  }

  /** Remember the position as a step begins (see the grader's log). */
  snapshot(): void {
    this.before.set(this.mask.subarray(0, this.nDom));
    this.beforePlaced.set(this.placed.subarray(0, this.nDom));
  }
}
