// The position the human-style grader reasons about: which placements are still possible,
// which dominoes are laid, and the work lists that let the easy rules look only where the
// position changed. Trials (forcing chains, search) lay dominoes and roll them back here.
import type { Board } from '../board.js';
import { Model } from '../solve/model.js';
import { pairFromIndex } from '../pairs.js';
import { type Solution, solutionFromCellPairs } from '../solve/solution.js';
import { Budget } from './budget.js';
import { ChangeLog } from './changes.js';
import { Scratch } from './scratch.js';
import type { Reason } from './step.js';
import { WorkList } from './worklist.js';

/**
 * Live placements with counts per cell and per pair. Killing a placement is O(1) and goes on
 * a trail, so a trial is undone by popping the trail. Outside trials, every change feeds the
 * work lists of the singles (counts that reached one) and the intersections (anything that
 * changed); inside a trial it feeds one FIFO that `propagate` drains. The board's placements,
 * by cell and by pair, are the model's: read them there.
 */
export class GradeState {
  readonly model = new Model();
  /** Lower and upper number of each pair. */
  pairLo = new Int32Array(0);
  pairHi = new Int32Array(0);
  /**
   * across[4c + i]: the entry at the other end of cellPl[4c + i], in the neighbour's list (its
   * cell is across[4c + i] >> 2). Depends on the shape alone: made again when it changes.
   */
  across = new Int32Array(0);
  private acrossRows = -1;
  private acrossCols = -1;
  /** The M pairLo and pairHi were made for (-1: none). */
  private pairsFor = -1;

  live = new Uint8Array(0);
  cellCnt = new Int32Array(0);
  pairCnt = new Int32Array(0);
  cellDone = new Uint8Array(0);
  pairDone = new Uint8Array(0);
  /** The cell sharing c's laid domino, or -1. */
  mate = new Int32Array(0);
  covered = 0;
  /** Killed placements in order; trailPos[p] is where p went on it. */
  trail = new Int32Array(0);
  trailLen = 0;
  trailPos = new Int32Array(0);
  /** Laid placements in order. */
  placed = new Int32Array(0);
  placedLen = 0;
  /** Set when an open cell or an unused pair has no placement left; `brokenItem` says which
   *  (a cell c as c, a pair q as nCells + q). */
  broken = false;
  brokenItem = -1;

  /** Outside trials: cells and pairs whose count fell to one (maybe stale: re-check). */
  readonly singleCells = new WorkList();
  readonly singlePairs = new WorkList();
  /** Outside trials: cells and pairs whose options changed since the intersections looked. */
  readonly changedCells = new WorkList();
  readonly changedPairs = new WorkList();

  // Trials: a FIFO of items to re-examine, and who killed what (for explaining chains).
  trial = false;
  private fifo = new Int32Array(0);
  private fifoHead = 0;
  private fifoLen = 0;
  private inFifo = new Uint8Array(0);
  /**
   * In a trial, when `tracing`: every cell and pair the trial touched is appended to `trace`
   * when it joins the FIFO (so each is there at least once, in the order first touched).
   * `traceCount` counts every touch, repeats and all: tracing switches itself off once that
   * would overflow the buffer (see startTrace).
   */
  tracing = false;
  trace = new Int32Array(1024);
  traceLen = 0;
  traceCount = 0;
  /** In a trial: the index (in `placed`) of the domino whose laying killed placement p. */
  killedBy = new Int32Array(0);
  /** In a trial: the item (cell, or nCells + pair) that forced placed[i], or -1 if assumed. */
  forcedBy = new Int32Array(0);

  /** Every change outside trials, in order (see ChangeLog). */
  readonly changes = new ChangeLog();
  /** What this grading may spend, and the interrupt. */
  readonly budget = new Budget();

  // Logging: the eliminations of the current step and its reason (set by the rule that fired).
  logging = false;
  eliminatedNow: number[] = [];
  reason: Reason | null = null;

  /** The rules' scratch space, owned here so rules are re-entrant and two states never meet. */
  readonly scratch = new Scratch();

  /** How many boards were loaded: with trailLen, tells whether the position changed. */
  loads = 0;

  /**
   * Start from the board with every placement live. The interrupt (kept for the grading) is
   * polled while loading too: if it stops the load, the state is out of time and holds no board.
   */
  load(board: Board, interrupt?: () => boolean): this {
    this.loads++;
    const budget = this.budget;
    budget.start(interrupt);
    const stop = (items: number): boolean => budget.setupStopped(items);
    const md = this.model;
    if (!md.load(board, stop)) return this;
    const { nCells, nPairs, nPlacements: nPl, cellPl, cellDeg, plA } = md;
    if (this.live.length < nPl) {
      this.live = new Uint8Array(nPl);
      this.trail = new Int32Array(nPl);
      this.trailPos = new Int32Array(nPl);
      this.killedBy = new Int32Array(nPl);
    }
    if (this.cellCnt.length < nCells) {
      this.cellCnt = new Int32Array(nCells);
      this.cellDone = new Uint8Array(nCells);
      this.mate = new Int32Array(nCells);
    }
    if (this.pairCnt.length < nPairs) {
      this.pairCnt = new Int32Array(nPairs);
      this.pairDone = new Uint8Array(nPairs);
      this.placed = new Int32Array(nPairs);
      this.forcedBy = new Int32Array(nPairs);
      this.pairLo = new Int32Array(nPairs);
      this.pairHi = new Int32Array(nPairs);
      this.pairsFor = -1;
    }
    const changes = this.changes;
    changes.clear(3 * nPl + 3 * nPairs + nCells + nPairs, nCells + nPairs);
    for (let x = 0; x < nCells + nPairs; x++) {
      if ((x & 1023) === 1023 && budget.setupStopped(1024)) return this;
      changes.add(x);
    }
    if (this.trace.length < 4 * (nCells + nPairs)) this.trace = new Int32Array(4 * (nCells + nPairs));
    if (this.fifo.length < nCells + nPairs) {
      this.fifo = new Int32Array(nCells + nPairs);
      this.inFifo = new Uint8Array(nCells + nPairs);
    }
    if (this.acrossRows !== md.rows || this.acrossCols !== md.cols) {
      if (this.across.length < 4 * nCells) this.across = new Int32Array(4 * nCells);
      const { slotA, slotB } = md;
      for (let c = 0; c < nCells; c++) {
        for (let k = 4 * c, end = 4 * c + cellDeg[c]; k < end; k++) {
          const t = cellPl[k];
          this.across[k] = plA[t] === c ? slotB[t] : slotA[t];
        }
      }
      this.acrossRows = md.rows;
      this.acrossCols = md.cols;
    }
    // The pair table depends on M alone: made again only when M changes.
    if (this.pairsFor !== md.m) {
      this.pairsFor = -1;
      for (let q = 0; q < nPairs; q++) {
        if ((q & 1023) === 1023 && budget.setupStopped(1024)) return this;
        [this.pairLo[q], this.pairHi[q]] = pairFromIndex(q);
      }
      this.pairsFor = md.m;
    }
    this.live.fill(1, 0, nPl);
    this.cellCnt.set(cellDeg.subarray(0, nCells));
    const pairStart = md.pairStart;
    for (let q = 0; q < nPairs; q++) this.pairCnt[q] = pairStart[q + 1] - pairStart[q];
    this.cellDone.fill(0, 0, nCells);
    this.pairDone.fill(0, 0, nPairs);
    this.mate.fill(-1, 0, nCells);
    this.covered = 0;
    this.trailLen = 0;
    this.placedLen = 0;
    this.broken = false;
    this.brokenItem = -1;
    this.trial = false;
    this.fifoHead = this.fifoLen = 0;
    this.inFifo.fill(0, 0, nCells + nPairs);
    budget.unlimited();
    this.logging = false;
    this.eliminatedNow.length = 0;
    this.reason = null;
    // Everything is new: every item has changed, and the counts of one are singles already.
    this.singleCells.reset(nCells);
    this.singlePairs.reset(nPairs);
    this.changedCells.reset(nCells);
    this.changedPairs.reset(nPairs);
    for (let c = nCells - 1; c >= 0; c--) {
      if ((c & 1023) === 1023 && budget.setupStopped(1024)) return this;
      this.touchCell(c);
    }
    for (let q = nPairs - 1; q >= 0; q--) {
      if ((q & 1023) === 1023 && budget.setupStopped(1024)) return this;
      this.touchPair(q);
    }
    return this;
  }

  get solved(): boolean {
    return this.covered === this.model.nCells;
  }

  /** The cell at the other end of placement p from cell c. */
  other(p: number, c: number): number {
    const md = this.model;
    return md.plA[p] === c ? md.plB[p] : md.plA[p];
  }

  /** Does placement p cover cell c? */
  covers(p: number, c: number): boolean {
    const md = this.model;
    return md.plA[p] === c || md.plB[p] === c;
  }

  /** The first live placement of cell c (-1 if none). */
  firstLiveAt(c: number): number {
    const { cellPl, cellDeg } = this.model;
    for (let k = 4 * c, end = 4 * c + cellDeg[c]; k < end; k++) {
      if (this.live[cellPl[k]] === 1) return cellPl[k];
    }
    return -1;
  }

  /** The first live spot of pair q (-1 if none). */
  firstLiveOf(q: number): number {
    const { pairStart, pairPl } = this.model;
    for (let k = pairStart[q], end = pairStart[q + 1]; k < end; k++) {
      if (this.live[pairPl[k]] === 1) return pairPl[k];
    }
    return -1;
  }

  /** The placement joining cells a and b, or -1 if they are not neighbours. */
  placementBetween(a: number, b: number): number {
    const { cellPl, cellDeg, plA, plB } = this.model;
    for (let k = 4 * a, end = 4 * a + cellDeg[a]; k < end; k++) {
      const p = cellPl[k];
      if (plA[p] === b || plB[p] === b) return p;
    }
    return -1;
  }

  /** Outside trials: cell c's options changed; feed the work lists (and note a dead end). */
  private touchCell(c: number): void {
    if (this.cellDone[c] === 1) return;
    const n = this.cellCnt[c];
    if (n === 0 && !this.broken) {
      this.broken = true;
      this.brokenItem = c;
    }
    if (n === 1) this.singleCells.push(c);
    this.changedCells.push(c);
  }

  /** Outside trials: pair q's spots changed. */
  private touchPair(q: number): void {
    if (this.pairDone[q] === 1) return;
    const n = this.pairCnt[q];
    if (n === 0 && !this.broken) {
      this.broken = true;
      this.brokenItem = this.model.nCells + q;
    }
    if (n === 1) this.singlePairs.push(q);
    this.changedPairs.push(q);
  }

  /** Start tracing the trial about to begin (see `trace`). */
  startTrace(): void {
    this.tracing = true;
    this.traceLen = 0;
    this.traceCount = 0;
  }

  private push(x: number): void {
    const queued = this.inFifo[x] === 1;
    if (this.tracing) {
      // An item already queued was traced when it joined: only counted again.
      if (this.traceCount < this.trace.length) {
        this.traceCount++;
        if (!queued) this.trace[this.traceLen++] = x;
      } else this.tracing = false;
    }
    if (queued) return;
    this.inFifo[x] = 1;
    const cap = this.model.nCells + this.model.nPairs;
    let at = this.fifoHead + this.fifoLen++;
    if (at >= cap) at -= cap;
    this.fifo[at] = x;
  }

  private kill(p: number): void {
    if (this.trial) {
      this.killInTrial(p);
      return;
    }
    const md = this.model;
    const a = md.plA[p];
    const b = md.plB[p];
    const q = md.plPair[p];
    this.live[p] = 0;
    this.trailPos[p] = this.trailLen;
    this.trail[this.trailLen++] = p;
    this.cellCnt[a]--;
    this.cellCnt[b]--;
    this.pairCnt[q]--;
    const changes = this.changes;
    changes.add(a);
    changes.add(b);
    changes.add(md.nCells + q);
    this.touchCell(a);
    this.touchCell(b);
    this.touchPair(q);
  }

  /** kill in a trial, the hot path of chains, probing and search: queue what changed, nothing more. */
  private killInTrial(p: number): void {
    const md = this.model;
    const a = md.plA[p];
    const b = md.plB[p];
    const q = md.plPair[p];
    const { cellCnt, cellDone } = this;
    this.live[p] = 0;
    this.trailPos[p] = this.trailLen;
    this.trail[this.trailLen++] = p;
    this.killedBy[p] = this.placedLen - 1;
    const na = --cellCnt[a];
    const nb = --cellCnt[b];
    const nq = --this.pairCnt[q];
    if (cellDone[a] === 0) this.queueInTrial(a, na);
    if (cellDone[b] === 0) this.queueInTrial(b, nb);
    if (this.pairDone[q] === 0) this.queueInTrial(md.nCells + q, nq);
  }

  /** In a trial: item x (a cell, or nCells + pair) has n options left. */
  private queueInTrial(x: number, n: number): void {
    if (n === 0 && !this.broken) {
      this.broken = true;
      this.brokenItem = x;
    }
    this.push(x);
  }

  /** Rule a live placement out, as a deduction of the current step. */
  eliminate(p: number): void {
    if (this.live[p] === 0) return;
    if (this.logging && !this.trial) this.eliminatedNow.push(p);
    this.kill(p);
  }

  /** Lay the live placement p: its cells and pair are settled and every rival dies. */
  place(p: number, forcedBy = -1): void {
    const { plA, plB, plPair, cellPl, cellDeg, pairStart, pairPl, nCells } = this.model;
    const a = plA[p];
    const b = plB[p];
    const q = plPair[p];
    this.cellDone[a] = 1;
    this.cellDone[b] = 1;
    this.pairDone[q] = 1;
    this.mate[a] = b;
    this.mate[b] = a;
    this.covered += 2;
    if (this.trial) this.budget.trialWork++;
    if (!this.trial) {
      this.changes.add(a);
      this.changes.add(b);
      this.changes.add(nCells + q);
    }
    this.forcedBy[this.placedLen] = forcedBy;
    this.placed[this.placedLen++] = p;
    const live = this.live;
    for (let k = 4 * a, end = 4 * a + cellDeg[a]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && live[r] === 1) this.kill(r);
    }
    for (let k = 4 * b, end = 4 * b + cellDeg[b]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && live[r] === 1) this.kill(r);
    }
    for (let k = pairStart[q], end = pairStart[q + 1]; k < end; k++) {
      const r = pairPl[k];
      if (r !== p && live[r] === 1) this.kill(r);
    }
  }

  /** Enter trial mode: changes from here on are rolled back by endTrial(). */
  beginTrial(): void {
    this.trial = true;
    this.fifoHead = this.fifoLen = 0;
  }

  /** Roll back to the marks (taken inside the trial or at its start). */
  undo(trailMark: number, placedMark: number): void {
    const { plA, plB, plPair } = this.model;
    while (this.trailLen > trailMark) {
      const p = this.trail[--this.trailLen];
      this.live[p] = 1;
      this.cellCnt[plA[p]]++;
      this.cellCnt[plB[p]]++;
      this.pairCnt[plPair[p]]++;
    }
    while (this.placedLen > placedMark) {
      const p = this.placed[--this.placedLen];
      const a = plA[p];
      const b = plB[p];
      this.cellDone[a] = this.cellDone[b] = 0;
      this.pairDone[plPair[p]] = 0;
      this.mate[a] = this.mate[b] = -1;
      this.covered -= 2;
    }
    this.clearFifo();
    this.broken = false;
    this.brokenItem = -1;
  }

  /** Leave trial mode after rolling back to the marks taken when it began. */
  endTrial(trailMark: number, placedMark: number): void {
    this.undo(trailMark, placedMark);
    this.trial = false;
  }

  private clearFifo(): void {
    const cap = this.model.nCells + this.model.nPairs;
    while (this.fifoLen > 0) {
      this.inFifo[this.fifo[this.fifoHead]] = 0;
      if (++this.fifoHead === cap) this.fifoHead = 0;
      this.fifoLen--;
    }
    this.fifoHead = 0;
  }

  /**
   * In a trial: lay every single (a cell or pair with one placement left) until none is left,
   * oldest change first. `extra` is offered every other changed item (search adds the
   * intersection rules there). Stops after `maxPlaced` dominoes in total are laid, or when time
   * is up (see Budget.tick: callers that read anything into a true check outOfTime). Returns
   * false on a contradiction (see brokenItem).
   */
  propagate(extra?: (g: GradeState, item: number) => void, maxPlaced = Infinity): boolean {
    const { nCells, nPairs } = this.model;
    const cap = nCells + nPairs;
    const budget = this.budget;
    while (this.fifoLen > 0 && !this.broken) {
      // Out of time, a trial stops short: its contradictions still hold, its "no contradiction" does not.
      if (this.placedLen > maxPlaced || budget.tick()) break;
      const x = this.fifo[this.fifoHead];
      if (++this.fifoHead === cap) this.fifoHead = 0;
      this.fifoLen--;
      this.inFifo[x] = 0;
      if (x < nCells) {
        if (this.cellDone[x] === 1) continue;
        const n = this.cellCnt[x];
        if (n === 1) this.place(this.firstLiveAt(x), x);
        else if (n > 1 && extra) extra(this, x);
      } else {
        const q = x - nCells;
        if (this.pairDone[q] === 1) continue;
        const n = this.pairCnt[q];
        if (n === 1) this.place(this.firstLiveOf(q), x);
        else if (n > 1 && extra) extra(this, x);
      }
    }
    if (this.broken) {
      this.clearFifo();
      return false;
    }
    return true;
  }

  /** The dominoes laid so far as a Solution (complete once `solved`). */
  solution(): Solution {
    const { plA, plB, cols } = this.model;
    const out = new Int32Array(2 * this.placedLen);
    for (let i = 0; i < this.placedLen; i++) {
      out[2 * i] = plA[this.placed[i]];
      out[2 * i + 1] = plB[this.placed[i]];
    }
    return solutionFromCellPairs(cols, out, this.placedLen);
  }
}
