// The position the human-style grader reasons about: which placements are still possible,
// which dominoes are laid, and the work lists that let the easy rules look only where the
// position changed. Trials (forcing chains, search) lay dominoes and roll them back here.
import type { Board } from '../board.js';
import { Model } from '../solve/model.js';
import { pairFromIndex } from '../pairs.js';
import { type Domino, type Solution, solutionFromCellPairs } from '../solve/solution.js';
import { ChainScratch } from './rules/chains.js';
import { DuplicateScratch } from './rules/duplicates.js';
import { LookaheadScratch } from './rules/lookahead.js';
import { ParityScratch } from './rules/parity.js';
import { SetScratch } from './rules/sets.js';
import type { Cell, PairUV, Reason } from './step.js';
import { WorkList } from './worklist.js';

/**
 * Live placements with counts per cell and per pair. Killing a placement is O(1) and goes on
 * a trail, so a trial is undone by popping the trail. Outside trials, every change feeds the
 * work lists of the singles (counts that reached one) and the intersections (anything that
 * changed); inside a trial it feeds one FIFO that `propagate` drains.
 */
/** Setup items (cells, pairs, placements) between two polls of the interrupt while a board loads. */
const SETUP_POLL = 4096;
/** Items of a rule's work between two polls of the interrupt while grading. */
const RULE_POLL = 1024;

export class GradeState {
  readonly model = new Model();
  rows = 0;
  cols = 0;
  m = 0;
  nCells = 0;
  nPairs = 0;
  nPl = 0;
  cells: ArrayLike<number> = new Uint16Array(0);
  plA = new Int32Array(0);
  plB = new Int32Array(0);
  plPair = new Int32Array(0);
  cellPl = new Int32Array(0);
  cellDeg = new Uint8Array(0);
  pairStart = new Int32Array(0);
  pairPl = new Int32Array(0);
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
   * (duplicates and all); tracing switches itself off if the buffer fills up.
   */
  tracing = false;
  trace = new Int32Array(1024);
  traceLen = 0;
  /** In a trial: the index (in `placed`) of the domino whose laying killed placement p. */
  killedBy = new Int32Array(0);
  /** In a trial: the item (cell, or nCells + pair) that forced placed[i], or -1 if assumed. */
  forcedBy = new Int32Array(0);

  /**
   * Every change outside trials, in order: the cells (c) and pairs (nCells + q) of each killed
   * or laid placement, after the whole board once at load. Rules that look only at what changed
   * keep their own read position in it. lastChange[item] is the log length just after the
   * item's latest entry.
   */
  changes = new Int32Array(0);
  changesLen = 0;
  lastChange = new Int32Array(0);

  /** Search nodes used so far, the budget, and whether a budget ran out. */
  nodes = 0;
  maxNodes = Infinity;
  gaveUp = false;
  /** The caller's clock (polled between rules and every search node); true stops the grading. */
  interrupt: (() => boolean) | undefined = undefined;
  /** The interrupt stopped the grading (gaveUp is set too). */
  outOfTime = false;
  /** Dominoes laid in trials so far (lookahead, probing, search), and their budget. */
  trialWork = 0;
  maxTrialWork = Infinity;

  // Logging: the eliminations of the current step and its reason (set by the rule that fired).
  logging = false;
  eliminatedNow: number[] = [];
  reason: Reason | null = null;

  // The rules' scratch space, one object per rule file, as Tatham keeps his solver's in its
  // scratch struct: owned by this state, so rules are re-entrant and two states never meet.
  // Each grows to the largest board it has seen and notices a new board by `loads`.
  readonly duplicates = new DuplicateScratch();
  readonly parity = new ParityScratch();
  readonly sets = new SetScratch();
  readonly chains = new ChainScratch();
  readonly lookahead = new LookaheadScratch();

  /** How many boards were loaded: with trailLen, tells whether the position changed. */
  loads = 0;

  /** A rule's work items left before the next poll of the interrupt (tick). */
  private ruleLeft = RULE_POLL;

  /**
   * Count `items` of a rule's work (a change read, a placement tested; 1 by default) and poll
   * the interrupt every RULE_POLL of them: one rule's pass over an M = 400 board runs for
   * seconds. True once time is up; the rule then stops, concluding nothing, and the grading ends.
   */
  tick(items = 1): boolean {
    if ((this.ruleLeft -= items) > 0) return this.outOfTime;
    this.ruleLeft = RULE_POLL;
    return this.timeUp();
  }

  /** Setup items left before the next poll of the interrupt (setupStopped). */
  private setupLeft = SETUP_POLL;

  /** Count `items` of setup work and poll the interrupt every SETUP_POLL of them; true when time is up. */
  private setupStopped(items: number): boolean {
    if ((this.setupLeft -= items) > 0) return false;
    this.setupLeft = SETUP_POLL;
    return this.timeUp();
  }

  /**
   * Start from the board with every placement live. The interrupt (kept for the grading) is
   * polled while loading too: if it stops the load, the state is out of time and holds no board.
   */
  load(board: Board, interrupt?: () => boolean): this {
    this.loads++;
    this.interrupt = interrupt;
    this.outOfTime = false;
    this.gaveUp = false;
    // Polls fall at the same points of every grading of a board, whatever was graded before.
    this.setupLeft = SETUP_POLL;
    this.ruleLeft = RULE_POLL;
    this.nodes = 0;
    const stop = (items: number): boolean => this.setupStopped(items);
    if (!this.model.load(board, stop)) return this;
    const md = this.model;
    this.rows = md.rows;
    this.cols = md.cols;
    this.m = md.m;
    this.nCells = md.nCells;
    this.nPairs = md.nPairs;
    this.nPl = md.nPlacements;
    this.cells = md.cells;
    this.plA = md.plA;
    this.plB = md.plB;
    this.plPair = md.plPair;
    this.cellPl = md.cellPl;
    this.cellDeg = md.cellDeg;
    this.pairStart = md.pairStart;
    this.pairPl = md.pairPl;
    const { nCells, nPairs, nPl } = this;
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
    const logCap = 3 * nPl + 3 * nPairs + nCells + nPairs;
    if (this.changes.length < logCap) this.changes = new Int32Array(logCap);
    if (this.lastChange.length < nCells + nPairs) this.lastChange = new Int32Array(nCells + nPairs);
    this.changesLen = 0;
    for (let x = 0; x < nCells + nPairs; x++) {
      if ((x & 1023) === 1023 && this.setupStopped(1024)) return this;
      this.logChange(x);
    }
    if (this.trace.length < 4 * (nCells + nPairs)) this.trace = new Int32Array(4 * (nCells + nPairs));
    if (this.fifo.length < nCells + nPairs) {
      this.fifo = new Int32Array(nCells + nPairs);
      this.inFifo = new Uint8Array(nCells + nPairs);
    }
    if (this.acrossRows !== this.rows || this.acrossCols !== this.cols) {
      if (this.across.length < 4 * nCells) this.across = new Int32Array(4 * nCells);
      const { slotA, slotB } = md;
      for (let c = 0; c < nCells; c++) {
        for (let k = 4 * c, end = 4 * c + this.cellDeg[c]; k < end; k++) {
          const t = this.cellPl[k];
          this.across[k] = this.plA[t] === c ? slotB[t] : slotA[t];
        }
      }
      this.acrossRows = this.rows;
      this.acrossCols = this.cols;
    }
    // The pair table depends on M alone: made again only when M changes.
    if (this.pairsFor !== this.m) {
      this.pairsFor = -1;
      for (let q = 0; q < nPairs; q++) {
        if ((q & 1023) === 1023 && this.setupStopped(1024)) return this;
        [this.pairLo[q], this.pairHi[q]] = pairFromIndex(q);
      }
      this.pairsFor = this.m;
    }
    this.live.fill(1, 0, nPl);
    this.cellCnt.set(this.cellDeg.subarray(0, nCells));
    for (let q = 0; q < nPairs; q++) this.pairCnt[q] = this.pairStart[q + 1] - this.pairStart[q];
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
    this.nodes = 0;
    this.maxNodes = Infinity;
    this.trialWork = 0;
    this.maxTrialWork = Infinity;
    this.logging = false;
    this.eliminatedNow.length = 0;
    this.reason = null;
    // Everything is new: every item has changed, and the counts of one are singles already.
    this.singleCells.reset(nCells);
    this.singlePairs.reset(nPairs);
    this.changedCells.reset(nCells);
    this.changedPairs.reset(nPairs);
    for (let c = nCells - 1; c >= 0; c--) {
      if ((c & 1023) === 1023 && this.setupStopped(1024)) return this;
      this.touchCell(c);
    }
    for (let q = nPairs - 1; q >= 0; q--) {
      if ((q & 1023) === 1023 && this.setupStopped(1024)) return this;
      this.touchPair(q);
    }
    return this;
  }

  /**
   * Whether grading has spent its budget: dominoes laid in trials, and, for a caller about to
   * spend a search node (`searching`), the search nodes too. The one place a budget is checked;
   * the ladder asks between steps, the lookahead per trial and search per node, and whoever
   * finds it spent sets gaveUp (the board then grades as search). Search nodes are search's
   * alone: a spent node budget (maxSearchNodes 0, say) leaves the levels below search free to
   * finish the board, as it always has (the generator grades in-band boards that way).
   */
  outOfBudget(searching = false): boolean {
    return this.trialWork >= this.maxTrialWork || (searching && this.nodes >= this.maxNodes);
  }

  get solved(): boolean {
    return this.covered === this.nCells;
  }

  /** Ask the interrupt whether time is up; once it says so, the state stays out of time. */
  timeUp(): boolean {
    if (!this.outOfTime && this.interrupt?.() === true) {
      this.outOfTime = true;
      this.gaveUp = true;
    }
    return this.outOfTime;
  }

  /** The cell at the other end of placement p from cell c. */
  other(p: number, c: number): number {
    return this.plA[p] === c ? this.plB[p] : this.plA[p];
  }

  /** Does placement p cover cell c? */
  covers(p: number, c: number): boolean {
    return this.plA[p] === c || this.plB[p] === c;
  }

  /** The first live placement of cell c (-1 if none). */
  firstLiveAt(c: number): number {
    for (let k = 4 * c, end = 4 * c + this.cellDeg[c]; k < end; k++) {
      if (this.live[this.cellPl[k]] === 1) return this.cellPl[k];
    }
    return -1;
  }

  /** The first live spot of pair q (-1 if none). */
  firstLiveOf(q: number): number {
    for (let k = this.pairStart[q], end = this.pairStart[q + 1]; k < end; k++) {
      if (this.live[this.pairPl[k]] === 1) return this.pairPl[k];
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
      this.brokenItem = this.nCells + q;
    }
    if (n === 1) this.singlePairs.push(q);
    this.changedPairs.push(q);
  }

  private push(x: number): void {
    if (this.tracing) {
      if (this.traceLen < this.trace.length) this.trace[this.traceLen++] = x;
      else this.tracing = false;
    }
    if (this.inFifo[x] === 1) return;
    this.inFifo[x] = 1;
    const cap = this.nCells + this.nPairs;
    let at = this.fifoHead + this.fifoLen++;
    if (at >= cap) at -= cap;
    this.fifo[at] = x;
  }

  private logChange(x: number): void {
    this.changes[this.changesLen++] = x;
    this.lastChange[x] = this.changesLen;
  }

  private kill(p: number): void {
    const a = this.plA[p];
    const b = this.plB[p];
    const q = this.plPair[p];
    this.live[p] = 0;
    this.trailPos[p] = this.trailLen;
    this.trail[this.trailLen++] = p;
    this.cellCnt[a]--;
    this.cellCnt[b]--;
    this.pairCnt[q]--;
    if (this.trial) {
      // The hot path of chains, probing and search: queue what changed, nothing more.
      this.killedBy[p] = this.placedLen - 1;
      if (this.cellDone[a] === 0) this.queueInTrial(a, this.cellCnt[a]);
      if (this.cellDone[b] === 0) this.queueInTrial(b, this.cellCnt[b]);
      if (this.pairDone[q] === 0) this.queueInTrial(this.nCells + q, this.pairCnt[q]);
      return;
    }
    this.logChange(a);
    this.logChange(b);
    this.logChange(this.nCells + q);
    this.touchCell(a);
    this.touchCell(b);
    this.touchPair(q);
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
    const a = this.plA[p];
    const b = this.plB[p];
    const q = this.plPair[p];
    this.cellDone[a] = 1;
    this.cellDone[b] = 1;
    this.pairDone[q] = 1;
    this.mate[a] = b;
    this.mate[b] = a;
    this.covered += 2;
    if (this.trial) this.trialWork++;
    if (!this.trial) {
      this.logChange(a);
      this.logChange(b);
      this.logChange(this.nCells + q);
    }
    this.forcedBy[this.placedLen] = forcedBy;
    this.placed[this.placedLen++] = p;
    const { cellPl, live } = this;
    for (let k = 4 * a, end = 4 * a + this.cellDeg[a]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && live[r] === 1) this.kill(r);
    }
    for (let k = 4 * b, end = 4 * b + this.cellDeg[b]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && live[r] === 1) this.kill(r);
    }
    for (let k = this.pairStart[q], end = this.pairStart[q + 1]; k < end; k++) {
      const r = this.pairPl[k];
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
    const { plA, plB, plPair } = this;
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
    const cap = this.nCells + this.nPairs;
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
   * is up (see tick: callers that read anything into a true check outOfTime). Returns false on a
   * contradiction (see brokenItem).
   */
  propagate(extra?: (g: GradeState, item: number) => void, maxPlaced = Infinity): boolean {
    const cap = this.nCells + this.nPairs;
    const nCells = this.nCells;
    while (this.fifoLen > 0 && !this.broken) {
      // Out of time, a trial stops short: its contradictions still hold, its "no contradiction" does not.
      if (this.placedLen > maxPlaced || this.tick()) break;
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
    const out = new Int32Array(2 * this.placedLen);
    for (let i = 0; i < this.placedLen; i++) {
      out[2 * i] = this.plA[this.placed[i]];
      out[2 * i + 1] = this.plB[this.placed[i]];
    }
    return solutionFromCellPairs(this.cols, out, this.placedLen);
  }

  // Conversions for reasons and logs.
  domino(p: number): Domino {
    const a = this.plA[p];
    const b = this.plB[p];
    const cols = this.cols;
    return [Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols];
  }

  cellRC(c: number): Cell {
    return [Math.floor(c / this.cols), c % this.cols];
  }

  pairUV(q: number): PairUV {
    return [this.pairLo[q], this.pairHi[q]];
  }

  /** The placement joining cells a and b, or -1 if they are not neighbours. */
  placementBetween(a: number, b: number): number {
    for (let k = 4 * a, end = 4 * a + this.cellDeg[a]; k < end; k++) {
      const p = this.cellPl[k];
      if (this.plA[p] === b || this.plB[p] === b) return p;
    }
    return -1;
  }
}
