// A conflict-driven clause-learning SAT solver for the independent proof (satproof.ts): two
// watched literals, first-UIP learning, activity-ordered decisions with saved phases, Luby
// restarts. It knows nothing of dominoes, so it shares no reasoning with solver.ts: every clause
// it learns is a resolvent of the ones it was given, so its "unsatisfiable" is a proof.
//
// A literal is 2v for variable v true and 2v + 1 for v false; lit ^ 1 is its negation.

/** The outcome of solve(): a model, a proof that none exists, or a budget that ran out. */
export type SatAnswer = 'sat' | 'unsat' | 'unknown';

export interface SatBudget {
  /** Stop with 'unknown' after this many conflicts (default: no limit). */
  maxConflicts?: number;
  /** Polled every 256 conflicts and every 65,536 assignments; true stops with 'unknown'. */
  interrupt?: () => boolean;
}

const UNDEF = 0;
const TRUE = 1;
const FALSE = -1;
/** reason[v] of a decision or a level-0 fact. */
const NO_REASON = -1;
/** A binary reason -(2 + other literal) sits below this. */
const BIN_BASE = -2;
/** solve()'s default: no assumptions. */
const NONE: readonly number[] = [];

export class Cdcl {
  readonly nVars: number;
  /** Value of every literal (TRUE, FALSE or UNDEF), both polarities kept in step. */
  private readonly value: Int8Array;
  private readonly level: Int32Array;
  /** The clause that implied each variable, a binary reason, or NO_REASON. */
  private readonly reason: Int32Array;
  private readonly trail: Int32Array;
  private trailLen = 0;
  private queueHead = 0;
  /** Where each decision level starts on the trail. */
  private readonly levelStart: number[] = [];
  /**
   * The binary clauses given before the first solve, as the literals implied when a literal
   * becomes false: binList[binStart[l] .. binStart[l + 1]) for literal l. Learnt binary
   * clauses and clauses given later are long clauses of two literals.
   */
  private binStart: Int32Array;
  private binList = new Int32Array(0);
  /** Binary clauses not yet sorted into binList, two literals each. */
  private pendingBin: number[] = [];
  /**
   * Long clauses, one after another in one arena: clause ci is lits[start[ci] .. start[ci] +
   * size[ci]), its first two literals its watches. Learnt ones carry their LBD; size 0: deleted.
   */
  private lits = new Int32Array(1 << 16);
  private litsLen = 0;
  private start = new Int32Array(1 << 12);
  private size = new Int32Array(1 << 12);
  private lbd = new Int32Array(1 << 12);
  private nClauses = 0;
  /** The long clauses watching each literal (to be visited when it becomes false). */
  private readonly watches: (number[] | undefined)[];
  private readonly activity: Float64Array;
  private activityStep = 1;
  private readonly heap: VarHeap;
  private readonly phase: Int8Array;
  private readonly seen: Uint8Array;
  /** Literals of the clause being added (addClause's duplicate test). */
  private readonly mark: Uint8Array;
  /** False once the clauses given so far are known to be unsatisfiable at level 0. */
  private consistent = true;
  private learntCount = 0;
  private reduceAt = 4000;
  conflicts = 0;
  decisions = 0;
  propagations = 0;

  constructor(nVars: number) {
    this.nVars = nVars;
    this.value = new Int8Array(2 * nVars);
    this.level = new Int32Array(nVars);
    this.reason = new Int32Array(nVars).fill(NO_REASON);
    this.trail = new Int32Array(nVars);
    this.watches = new Array<number[] | undefined>(2 * nVars);
    this.binStart = new Int32Array(2 * nVars + 1);
    this.activity = new Float64Array(nVars);
    this.heap = new VarHeap(this.activity);
    for (let v = 0; v < nVars; v++) this.heap.insert(v);
    this.phase = new Int8Array(nVars).fill(FALSE);
    this.seen = new Uint8Array(nVars);
    this.mark = new Uint8Array(2 * nVars);
  }

  /** The value of variable v in the model of the last 'sat' answer. */
  modelValue(v: number): boolean {
    return this.value[2 * v] === TRUE;
  }

  /** Prefer this value for v when it is next decided (before any phase is saved). */
  setPhase(v: number, value: boolean): void {
    this.phase[v] = value ? TRUE : FALSE;
  }

  /** Raise v's decision priority (for a first ordering of the variables). */
  bump(v: number, by: number): void {
    this.activity[v] += by;
    this.heap.increased(v);
  }

  /** Add the clause (a ∨ b) before the first solve, when neither literal is decided yet. */
  addBinary(a: number, b: number): void {
    this.pendingBin.push(a, b);
  }

  /**
   * Add a clause (any time between solves: learnt clauses stay valid, since each follows from
   * the clauses given). Literals false at level 0 are dropped; a clause true there is skipped.
   */
  addClause(lits: ArrayLike<number>): void {
    if (!this.consistent) return;
    this.backtrack(0);
    const keep = this.scratch;
    keep.length = 0;
    const mark = this.mark;
    let tautology = false;
    for (let k = 0; k < lits.length; k++) {
      const l = lits[k];
      const val = this.value[l];
      if (val === TRUE || mark[l ^ 1] === 1) tautology = true;
      else if (val === UNDEF && mark[l] === 0) {
        mark[l] = 1;
        keep.push(l);
      }
    }
    for (const l of keep) mark[l] = 0;
    if (tautology) return;
    if (keep.length === 0) this.consistent = false;
    else if (keep.length === 1) {
      this.assign(keep[0], NO_REASON);
      if (this.propagate() !== -1) this.consistent = false;
    } else this.attach(keep, 0);
  }

  private readonly scratch: number[] = [];
  private readonly dropped: number[] = [];

  /**
   * Search for a model of the clauses added so far in which every literal of `assumptions`
   * holds. The assumptions are taken as the first decisions, so what is learnt under them follows
   * from the clauses alone and stays for later calls with other assumptions; 'unsat' then says
   * only that no model has them all, and the next call may assume otherwise.
   */
  solve(budget: SatBudget = {}, assumptions: ArrayLike<number> = NONE): SatAnswer {
    if (this.pendingBin.length > 0) this.sortBinaries();
    if (!this.consistent) return 'unsat';
    // The last call's model, and the assumptions it was found under, are no start for this one.
    this.backtrack(0);
    const maxConflicts = this.conflicts + (budget.maxConflicts ?? Infinity);
    const interrupt = budget.interrupt;
    let restart = 0;
    let untilRestart = 64 * luby(restart);
    const learnt: number[] = [];
    for (;;) {
      const conflict = this.propagate();
      if (conflict !== -1) {
        this.conflicts++;
        if (this.levelStart.length === 0) {
          this.consistent = false;
          return 'unsat';
        }
        const back = this.analyze(conflict, learnt);
        this.backtrack(back);
        if (learnt.length === 1) this.assign(learnt[0], NO_REASON);
        else {
          this.learntCount++;
          this.assign(learnt[0], this.attach(learnt, this.levelsOf(learnt)));
        }
        this.activityStep /= 0.95;
        untilRestart--;
        if (this.conflicts >= maxConflicts || ((this.conflicts & 255) === 0 && interrupt?.() === true)) {
          this.backtrack(0);
          return 'unknown';
        }
        continue;
      }
      if (this.propagations > this.nextPoll) {
        this.nextPoll = this.propagations + 65536;
        if (interrupt?.() === true) {
          this.backtrack(0);
          return 'unknown';
        }
      }
      if (untilRestart <= 0) {
        this.backtrack(0);
        untilRestart = 64 * luby(++restart);
        continue;
      }
      if (this.learntCount > this.reduceAt) this.reduce();
      // Level k + 1 holds assumption k: a new level even when it holds already, so the levels
      // and the assumptions stay in step; one made false by the others ends the call.
      const k = this.levelStart.length;
      if (k < assumptions.length) {
        const a = assumptions[k];
        if (this.value[a] === FALSE) {
          this.backtrack(0);
          return 'unsat';
        }
        this.levelStart.push(this.trailLen);
        if (this.value[a] === UNDEF) this.assign(a, NO_REASON);
        continue;
      }
      const v = this.pickBranch();
      if (v < 0) return 'sat';
      this.decisions++;
      this.levelStart.push(this.trailLen);
      this.assign(2 * v + (this.phase[v] === TRUE ? 0 : 1), NO_REASON);
    }
  }

  private nextPoll = 65536;

  /** Move the pending binary clauses into binList, by the literal whose falsity triggers them. */
  private sortBinaries(): void {
    const pend = this.pendingBin;
    const n = 2 * this.nVars;
    const start = new Int32Array(n + 1);
    for (let i = 0; i < this.binStart.length - 1; i++) start[i + 1] = this.binStart[i + 1] - this.binStart[i];
    for (const l of pend) start[l + 1]++;
    for (let l = 0; l < n; l++) start[l + 1] += start[l];
    const list = new Int32Array(start[n]);
    const at = start.slice(0, n);
    for (let l = 0; l + 1 < this.binStart.length; l++) {
      for (let k = this.binStart[l]; k < this.binStart[l + 1]; k++) list[at[l]++] = this.binList[k];
    }
    for (let i = 0; i < pend.length; i += 2) {
      list[at[pend[i]]++] = pend[i + 1];
      list[at[pend[i + 1]]++] = pend[i];
    }
    this.binStart = start;
    this.binList = list;
    this.pendingBin = [];
    // A binary clause whose literal is already false at level 0 acts at once.
    this.queueHead = 0;
    if (this.propagate() !== -1) this.consistent = false;
  }

  private assign(lit: number, why: number): void {
    const v = lit >> 1;
    this.value[lit] = TRUE;
    this.value[lit ^ 1] = FALSE;
    this.level[v] = this.levelStart.length;
    this.reason[v] = why;
    this.trail[this.trailLen++] = lit;
  }

  /** Store a clause of two or more literals, watching its first two; returns its reason code. */
  private attach(lits: readonly number[], lbd: number): number {
    const ci = this.nClauses++;
    if (ci === this.start.length) {
      this.start = grow(this.start);
      this.size = grow(this.size);
      this.lbd = grow(this.lbd);
    }
    while (this.litsLen + lits.length > this.lits.length) this.lits = grow(this.lits);
    this.start[ci] = this.litsLen;
    this.size[ci] = lits.length;
    this.lbd[ci] = lbd;
    this.lits.set(lits, this.litsLen);
    this.litsLen += lits.length;
    (this.watches[lits[0]] ??= []).push(ci);
    (this.watches[lits[1]] ??= []).push(ci);
    return ci;
  }

  /**
   * Unit propagation from the queue. Returns -1, or the conflict: a clause index, or
   * BIN_BASE - x for the binary clause (x ∨ the literal last made false) whose both literals are false.
   */
  private propagate(): number {
    const { value, trail, watches, binStart, binList, lits: c, start, size } = this;
    while (this.queueHead < this.trailLen) {
      const falseLit = trail[this.queueHead++] ^ 1;
      this.propagations++;
      // Binary clauses (falseLit ∨ b): b must hold.
      for (let i = binStart[falseLit], end = binStart[falseLit + 1]; i < end; i++) {
        const b = binList[i];
        const val = value[b];
        if (val === TRUE) continue;
        if (val === FALSE) {
          this.conflictFalse = falseLit;
          return BIN_BASE - b;
        }
        this.assign(b, BIN_BASE - falseLit);
      }
      const ws = watches[falseLit];
      if (ws === undefined) continue;
      let j = 0;
      let i = 0;
      for (; i < ws.length; i++) {
        const ci = ws[i];
        const n = size[ci];
        if (n === 0) continue;
        const s = start[ci];
        if (c[s] === falseLit) {
          c[s] = c[s + 1];
          c[s + 1] = falseLit;
        }
        const first = c[s];
        if (value[first] === TRUE) {
          ws[j++] = ci;
          continue;
        }
        let moved = false;
        for (let k = s + 2, end = s + n; k < end; k++) {
          const l = c[k];
          if (value[l] !== FALSE) {
            c[s + 1] = l;
            c[k] = falseLit;
            (watches[l] ??= []).push(ci);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        ws[j++] = ci;
        if (value[first] === FALSE) {
          for (i++; i < ws.length; i++) ws[j++] = ws[i];
          ws.length = j;
          return ci;
        }
        this.assign(first, ci);
      }
      // Shortening an array is a runtime call even when nothing moved: skip it then.
      if (j !== ws.length) ws.length = j;
    }
    return -1;
  }

  /** The literal a binary conflict made false (the other is named in the conflict code). */
  private conflictFalse = 0;

  /**
   * First-UIP learning: resolve the conflict with the reasons of the current level's literals
   * until one of them is left. Fills `out` (the asserting literal first, then the literal of
   * the level to jump back to) and returns that level.
   */
  private analyze(conflict: number, out: number[]): number {
    const { seen, level, reason, trail } = this;
    const here = this.levelStart.length;
    out.length = 0;
    out.push(0);
    let open = 0;
    let at = this.trailLen - 1;
    let lit = -1;
    let why = conflict;
    for (;;) {
      // The reason's literals (for a binary conflict, also the one just made false), each
      // marked once: those of this level counted open, the others kept for the clause.
      if (why <= BIN_BASE) {
        open += this.visit(BIN_BASE - why, here, out);
        if (lit < 0) open += this.visit(this.conflictFalse, here, out);
      } else {
        const s = this.start[why];
        for (let k = s + (lit < 0 ? 0 : 1), end = s + this.size[why]; k < end; k++)
          open += this.visit(this.lits[k], here, out);
      }
      while (seen[trail[at] >> 1] === 0) at--;
      lit = trail[at--];
      const v = lit >> 1;
      seen[v] = 0;
      why = reason[v];
      if (--open === 0) break;
    }
    out[0] = lit ^ 1;
    // Drop a literal whose reason's other literals are all in the clause already (or level 0).
    // Every literal of the clause stays marked until all are judged, dropped ones too.
    const dropped = this.dropped;
    dropped.length = 0;
    let n = 1;
    for (let k = 1; k < out.length; k++) {
      const q = out[k];
      if (this.redundant(q)) dropped.push(q);
      else out[n++] = q;
    }
    out.length = n;
    for (let k = 1; k < n; k++) seen[out[k] >> 1] = 0;
    for (const q of dropped) seen[q >> 1] = 0;
    // Watch the literal of the highest level below this one second.
    let back = 0;
    for (let k = 1; k < out.length; k++) {
      const lv = level[out[k] >> 1];
      if (lv > back) {
        back = lv;
        const q = out[1];
        out[1] = out[k];
        out[k] = q;
      }
    }
    return back;
  }

  /** Mark q's variable seen if new and above level 0: 1 when it is of level `here`, else q joins `out`. */
  private visit(q: number, here: number, out: number[]): number {
    const v = q >> 1;
    const { seen, level } = this;
    if (seen[v] !== 0 || level[v] === 0) return 0;
    seen[v] = 1;
    this.bumpActivity(v);
    if (level[v] >= here) return 1;
    out.push(q);
    return 0;
  }

  private redundant(q: number): boolean {
    const why = this.reason[q >> 1];
    if (why === NO_REASON) return false;
    const { seen, level } = this;
    if (why <= BIN_BASE) {
      const o = (BIN_BASE - why) >> 1;
      return seen[o] === 1 || level[o] === 0;
    }
    const s = this.start[why];
    for (let k = s + 1, end = s + this.size[why]; k < end; k++) {
      const o = this.lits[k] >> 1;
      if (seen[o] === 0 && level[o] > 0) return false;
    }
    return true;
  }

  /**
   * Distinct decision levels among a clause's literals (its LBD: low means worth keeping),
   * counted by stamping each level with this call's number, so no set is made per conflict.
   */
  private levelsOf(lits: readonly number[]): number {
    if (this.stampNow === 0xffffffff) {
      this.levelStamp.fill(0);
      this.stampNow = 0;
    }
    const now = ++this.stampNow;
    let stamp = this.levelStamp;
    let n = 0;
    for (let k = 0; k < lits.length; k++) {
      // The asserting literal keeps the level it had before the backjump, above the current one.
      const lv = this.level[lits[k] >> 1];
      if (lv >= stamp.length) {
        const wider = new Uint32Array(2 * lv + 2);
        wider.set(stamp);
        stamp = this.levelStamp = wider;
      }
      if (stamp[lv] !== now) {
        stamp[lv] = now;
        n++;
      }
    }
    return n;
  }

  /** levelsOf's stamp per decision level (grown with the levels), and its last stamp. */
  private levelStamp = new Uint32Array(64);
  private stampNow = 0;

  private bumpActivity(v: number): void {
    const a = (this.activity[v] += this.activityStep);
    if (a > 1e100) {
      for (let u = 0; u < this.nVars; u++) this.activity[u] *= 1e-100;
      this.activityStep *= 1e-100;
    }
    this.heap.increased(v);
  }

  private pickBranch(): number {
    const { heap, value } = this;
    while (heap.size > 0) {
      const v = heap.pop();
      if (value[2 * v] === UNDEF) return v;
    }
    return -1;
  }

  /** Undo every assignment above `lvl`, saving each variable's phase. */
  private backtrack(lvl: number): void {
    if (this.levelStart.length <= lvl) return;
    const { value, trail, phase, heap } = this;
    const stop = this.levelStart[lvl];
    for (let t = this.trailLen - 1; t >= stop; t--) {
      const lit = trail[t];
      const v = lit >> 1;
      phase[v] = (lit & 1) === 0 ? TRUE : FALSE;
      value[lit] = UNDEF;
      value[lit ^ 1] = UNDEF;
      if (!heap.has(v)) heap.insert(v);
    }
    this.trailLen = stop;
    this.queueHead = stop;
    this.levelStart.length = lvl;
  }

  /** Forget the less useful half of the learnt long clauses (never one that is a reason now). */
  private reduce(): void {
    const { start, size, lbd, lits } = this;
    const cands: number[] = [];
    // Given clauses have LBD 0; learnt ones of LBD 2 or less are kept for good.
    for (let ci = 0; ci < this.nClauses; ci++) {
      if (size[ci] === 0 || lbd[ci] <= 2) continue;
      const first = lits[start[ci]];
      if (this.reason[first >> 1] === ci && this.value[first] === TRUE) continue;
      cands.push(ci);
    }
    cands.sort((x, y) => lbd[y] - lbd[x] || y - x);
    for (const ci of cands.slice(0, cands.length >> 1)) {
      size[ci] = 0;
      this.learntCount--;
    }
    this.reduceAt += 2000;
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** The Luby sequence 1, 1, 2, 1, 1, 2, 4, ...: restart intervals that waste little either way. */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x %= size;
  }
  return 2 ** seq;
}

/** A max-heap of variables by activity, with positions, for O(log n) updates. */
class VarHeap {
  private readonly items: number[] = [];
  private readonly at: Int32Array;
  constructor(private readonly key: Float64Array) {
    this.at = new Int32Array(key.length).fill(-1);
  }
  get size(): number {
    return this.items.length;
  }
  has(v: number): boolean {
    return this.at[v] >= 0;
  }
  insert(v: number): void {
    this.at[v] = this.items.length;
    this.items.push(v);
    this.up(this.at[v]);
  }
  increased(v: number): void {
    if (this.at[v] >= 0) this.up(this.at[v]);
  }
  pop(): number {
    const { items, at } = this;
    const top = items[0];
    const last = items.pop() as number;
    at[top] = -1;
    if (items.length > 0) {
      items[0] = last;
      at[last] = 0;
      this.down(0);
    }
    return top;
  }
  private up(i: number): void {
    const { items, at, key } = this;
    const v = items[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (key[items[p]] >= key[v]) break;
      items[i] = items[p];
      at[items[i]] = i;
      i = p;
    }
    items[i] = v;
    at[v] = i;
  }
  private down(i: number): void {
    const { items, at, key } = this;
    const v = items[i];
    const n = items.length;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && key[items[c + 1]] > key[items[c]]) c++;
      if (key[items[c]] <= key[v]) break;
      items[i] = items[c];
      at[items[i]] = i;
      i = c;
    }
    items[i] = v;
    at[v] = i;
  }
}
