// The Sudomino proof: exact search over one candidate bitmask per domino (bit v-1: value v),
// propagating to a fixpoint at every node, then branching on the domino with fewest candidates.
// It counts solutions up to a cap and reports its nodes, as Dominosa's solver does.
//
// Propagation: a decided domino's value leaves every other domino of its three lines; a line
// whose entries have fewer values between them than it has entries is dead; in a line of N
// entries a value with one place goes there. Every change of a mask goes on a trail, undone in
// reverse order on backtracking, so a search node allocates nothing.
import { cellValues, type Board } from '../board.js';
import type { SolveLimit, SolveStatus } from '../../proof.js';

export type { SolveLimit, SolveStatus };

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  cap?: number;
  /** Give up once the search has visited this many nodes (default: no limit). */
  maxNodes?: number;
  /** Polled at the root and every POLL_NODES nodes; true stops the solve with 'gave-up' (limit 'time'). */
  interrupt?: () => boolean;
  /** Keep the first solution (default true); false saves the copy. */
  solution?: boolean;
  /** [d, v]: solve with value v taken from domino d's candidates (d must not be given). */
  without?: readonly [number, number];
}

export interface SolveResult {
  status: SolveStatus;
  /** Solutions found, at most the cap. */
  solutions: number;
  /** Search nodes: 1 for the root plus one per branch tried. Deterministic for a board. */
  nodes: number;
  /** The first solution, one value per cell (0 where blocked). */
  solution: Uint8Array | null;
  limit: SolveLimit | null;
}

/** Nodes between two polls of the interrupt: a node's work is bounded by the board's lines. */
export const POLL_NODES = 64;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class Solver {
  private dom = new Int32Array(0);
  private trail = new Int32Array(0);
  private trailLen = 0;
  private queue = new Int32Array(0);
  private qHead = 0;
  private qLen = 0;
  private peerStart = new Int32Array(0);
  private peers = new Int32Array(0);
  private stamp = new Int32Array(0);
  private first = new Int32Array(0);
  // The board being solved.
  private nDom = 0;
  private nLines = 0;
  private nValues = 0;
  private lineStart: Int32Array = new Int32Array(0);
  private lineDominoes: Int32Array = new Int32Array(0);
  // The run's counters and budgets.
  private nodes = 0;
  private solutions = 0;
  private cap = 2;
  private maxNodes = Infinity;
  private interrupt: (() => boolean) | undefined;
  private keep = true;
  private stopped: SolveLimit | null = null;

  solve(board: Board, options: SolveOptions = {}): SolveResult {
    this.load(board);
    this.cap = Math.max(1, Math.floor(options.cap ?? 2));
    this.maxNodes = options.maxNodes ?? Infinity;
    this.interrupt = options.interrupt;
    this.keep = options.solution ?? true;
    this.nodes = 1;
    this.solutions = 0;
    this.stopped = null;
    this.trailLen = 0;
    this.qHead = 0;
    this.qLen = 0;
    if (options.without !== undefined) this.dom[options.without[0]] &= ~(1 << (options.without[1] - 1));
    for (let d = 0; d < this.nDom; d++) {
      const m = this.dom[d];
      if ((m & (m - 1)) === 0) this.queue[this.qLen++] = d;
    }
    // Polled once before any work too, so a deadline already past stops at the root.
    if (this.interrupt?.() === true) this.stopped = 'time';
    else if (this.propagate()) this.search();
    const solutions = this.solutions;
    // A search stopped by the cap at one solution has not proved uniqueness.
    const status: SolveStatus =
      solutions >= 2
        ? 'multiple'
        : this.stopped !== null || solutions >= this.cap
          ? 'gave-up'
          : solutions === 1
            ? 'unique'
            : 'none';
    const limit = status !== 'gave-up' ? null : (this.stopped ?? 'cap');
    const solution = solutions > 0 && this.keep ? cellValues(board, this.first.subarray(0, this.nDom)) : null;
    return { status, solutions, nodes: this.nodes, solution, limit };
  }

  /** Masks from the givens, each domino's peers (the other dominoes of its lines), buffers sized. */
  private load(board: Board): void {
    const D = board.given.length;
    const N = board.values;
    this.nDom = D;
    this.nValues = N;
    this.nLines = board.rows + board.cols;
    this.lineStart = board.lineStart;
    this.lineDominoes = board.lineDominoes;
    if (this.dom.length < D) {
      this.dom = new Int32Array(D);
      this.queue = new Int32Array(D + 1);
      this.peerStart = new Int32Array(D + 1);
      this.stamp = new Int32Array(D);
      this.first = new Int32Array(D);
    }
    // Each change removes at least one candidate, so a path holds at most D·N of them.
    if (this.trail.length < 2 * D * N + 2) this.trail = new Int32Array(2 * D * N + 2);
    if (this.peers.length < 3 * D * N) this.peers = new Int32Array(3 * D * N);
    const full = (1 << N) - 1;
    for (let d = 0; d < D; d++) this.dom[d] = board.given[d] === 0 ? full : 1 << (board.given[d] - 1);
    this.stamp.fill(-1, 0, D);
    const { cells, cols, rows, lineStart, lineDominoes } = board;
    let len = 0;
    for (let d = 0; d < D; d++) {
      this.peerStart[d] = len;
      const a = cells[2 * d];
      const b = cells[2 * d + 1];
      const ra = (a / cols) | 0;
      const rb = (b / cols) | 0;
      // Its three lines: a horizontal domino's row and two columns, a vertical one's two rows and column.
      const l2 = rb !== ra ? rb : rows + (b % cols);
      const l3 = rows + (a % cols);
      for (let k = 0; k < 3; k++) {
        const l = k === 0 ? ra : k === 1 ? l2 : l3;
        for (let e = lineStart[l]; e < lineStart[l + 1]; e++) {
          const o = lineDominoes[e];
          if (o === d || this.stamp[o] === d) continue;
          this.stamp[o] = d;
          this.peers[len++] = o;
        }
      }
    }
    this.peerStart[D] = len;
  }

  /** Runs every rule to a fixpoint from the queued decided dominoes; false on a contradiction. */
  private propagate(): boolean {
    const dom = this.dom;
    const trail = this.trail;
    const queue = this.queue;
    const peers = this.peers;
    const peerStart = this.peerStart;
    const lineStart = this.lineStart;
    const lineDominoes = this.lineDominoes;
    const N = this.nValues;
    for (;;) {
      while (this.qHead < this.qLen) {
        const d = queue[this.qHead++];
        const m = dom[d];
        for (let p = peerStart[d], end = peerStart[d + 1]; p < end; p++) {
          const e = peers[p];
          const x = dom[e];
          if ((x & m) === 0) continue;
          const y = x & ~m;
          if (y === 0) return false;
          trail[this.trailLen++] = e;
          trail[this.trailLen++] = x;
          dom[e] = y;
          if ((y & (y - 1)) === 0) queue[this.qLen++] = e;
        }
      }
      let changed = false;
      for (let l = 0; l < this.nLines; l++) {
        const s = lineStart[l];
        const t = lineStart[l + 1];
        let once = 0;
        let twice = 0;
        for (let e = s; e < t; e++) {
          const m = dom[lineDominoes[e]];
          twice |= once & m;
          once |= m;
        }
        // Pigeonhole: k entries need k different values.
        if (popcount(once) < t - s) return false;
        if (t - s !== N) continue;
        // A full line holds every value: one with a single place goes there.
        const hidden = once & ~twice;
        if (hidden === 0) continue;
        for (let e = s; e < t; e++) {
          const d = lineDominoes[e];
          const m = dom[d];
          const h = m & hidden;
          if (h === 0) continue;
          if ((h & (h - 1)) !== 0) return false;
          if (h === m) continue;
          trail[this.trailLen++] = d;
          trail[this.trailLen++] = m;
          dom[d] = h;
          queue[this.qLen++] = d;
          changed = true;
        }
      }
      if (!changed) return true;
    }
  }

  private undo(mark: number): void {
    const dom = this.dom;
    const trail = this.trail;
    while (this.trailLen > mark) {
      this.trailLen -= 2;
      dom[trail[this.trailLen]] = trail[this.trailLen + 1];
    }
  }

  private search(): void {
    const dom = this.dom;
    let best = -1;
    let bestCount = 99;
    for (let d = 0; d < this.nDom; d++) {
      const m = dom[d];
      if ((m & (m - 1)) === 0) continue;
      const c = popcount(m);
      if (c < bestCount) {
        best = d;
        bestCount = c;
        if (c === 2) break;
      }
    }
    if (best < 0) {
      if (this.solutions === 0 && this.keep)
        for (let d = 0; d < this.nDom; d++) this.first[d] = 32 - Math.clz32(dom[d]);
      this.solutions++;
      return;
    }
    let rest = dom[best];
    while (rest !== 0) {
      const bit = rest & -rest;
      rest ^= bit;
      if (this.nodes >= this.maxNodes) {
        this.stopped = 'nodes';
        return;
      }
      this.nodes++;
      if (this.interrupt !== undefined && this.nodes % POLL_NODES === 0 && this.interrupt()) {
        this.stopped = 'time';
        return;
      }
      const mark = this.trailLen;
      this.trail[this.trailLen++] = best;
      this.trail[this.trailLen++] = dom[best];
      dom[best] = bit;
      this.qHead = 0;
      this.qLen = 0;
      this.queue[this.qLen++] = best;
      if (this.propagate()) this.search();
      this.undo(mark);
      if (this.stopped !== null || this.solutions >= this.cap) return;
    }
  }
}
