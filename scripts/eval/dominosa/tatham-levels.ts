// A Tatham-like grading, written from scratch for evaluating our grader (dev only): the four
// difficulty levels of Simon Tatham's Dominosa solver (Trivial, Basic, Hard, Extreme), restated
// as a plain, slow propagation engine. It shares no logic with src/dominosa/grade (only the names
// of the levels), so agreement is evidence.
//
// The position is just a set of live placements (two neighbouring cells, spelling one pair).
// A domino counts as laid when its pair has one live placement left; the board is solved when
// every pair has exactly one. Each rule sweeps the whole board and reports whether it ruled
// anything out; the engine always restarts from the easiest rule after progress, as Tatham's
// does, and remembers the hardest level it needed.
import type { Board } from '../../../src/dominosa/board.js';
/** The label of a board none of the four levels solves. */
export const BEYOND_EXTREME = 5;
/** The label of a board whose level the labeller cannot tell (see MAX_SET_CELLS). */
export const NOT_COVERED = 0;
/** The largest M the labeller takes: a cell's partners are bits of a 32-bit mask. */
export const MAX_M = 30;
/**
 * Set analysis tries every subset of one number's open cells (those with two or more live
 * placements); a number with more of them than this is left out and the run marked incomplete.
 */
export const MAX_SET_CELLS = 20;

interface Placement {
  a: number;
  b: number;
  /** Pair spelt, as an index into pairs (lo * (m + 1) + hi with lo ≤ hi). */
  pair: number;
  lo: number;
  hi: number;
}

/** The board's placements, cells and pairs, and which placements are still live. */
class Position {
  readonly placements: Placement[] = [];
  /** cellPl[c]: placements covering cell c. */
  readonly cellPl: number[][];
  /** pairPl[q]: placements spelling pair q. */
  readonly pairPl: number[][];
  readonly live: boolean[];
  readonly value: number[];
  readonly n: number;
  readonly m: number;
  /** Set when set analysis had to leave a number out: a failure to solve then proves nothing. */
  incomplete = false;

  constructor(board: Board) {
    const { rows, cols, m, cells } = board;
    if (m > MAX_M) throw new Error(`tatham-levels: M = ${m} is above ${MAX_M}`);
    this.n = rows * cols;
    this.m = m;
    this.value = Array.from(cells);
    this.cellPl = Array.from({ length: this.n }, () => []);
    this.pairPl = Array.from({ length: (m + 1) * (m + 1) }, () => []);
    const add = (a: number, b: number): void => {
      const lo = Math.min(cells[a], cells[b]);
      const hi = Math.max(cells[a], cells[b]);
      const id = this.placements.length;
      this.placements.push({ a, b, pair: lo * (m + 1) + hi, lo, hi });
      this.cellPl[a].push(id);
      this.cellPl[b].push(id);
      this.pairPl[lo * (m + 1) + hi].push(id);
    };
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const a = r * cols + c;
        if (c + 1 < cols) add(a, a + 1);
        if (r + 1 < rows) add(a, a + cols);
      }
    }
    this.live = this.placements.map(() => true);
  }

  cellLive(c: number): number[] {
    return this.cellPl[c].filter((p) => this.live[p]);
  }

  pairLive(q: number): number[] {
    return this.pairPl[q].filter((p) => this.live[p]);
  }

  /** Live placements sharing a cell with p (p itself excluded). */
  overlapping(p: number): number[] {
    const { a, b } = this.placements[p];
    return [...this.cellPl[a], ...this.cellPl[b]].filter((q) => q !== p && this.live[q]);
  }

  /** The cell of q that p does not cover (q overlaps p). */
  farCell(q: number, p: number): number {
    const pq = this.placements[q];
    const pp = this.placements[p];
    return pq.a === pp.a || pq.a === pp.b ? pq.b : pq.a;
  }

  ruleOut(p: number): void {
    this.live[p] = false;
  }

  /** The pairs of the set, as indices into pairPl. */
  *pairs(): Generator<number> {
    for (let lo = 0; lo <= this.m; lo++) for (let hi = lo; hi <= this.m; hi++) yield lo * (this.m + 1) + hi;
  }

  solved(): boolean {
    for (const q of this.pairs()) if (this.pairLive(q).length !== 1) return false;
    return true;
  }
}

type TRule = (pos: Position) => boolean;

// ---- Trivial ----------------------------------------------------------------------------

/** A pair with one place left is laid there: every placement overlapping that place dies. */
function pairHasOnePlace(pos: Position): boolean {
  let did = false;
  for (const q of pos.pairs()) {
    const live = pos.pairLive(q);
    if (live.length !== 1) continue;
    for (const o of pos.overlapping(live[0])) {
      pos.ruleOut(o);
      did = true;
    }
  }
  return did;
}

/** A cell with one placement left is covered by it: that pair's other places die. */
function cellHasOnePlacement(pos: Position): boolean {
  let did = false;
  for (let c = 0; c < pos.n; c++) {
    const live = pos.cellLive(c);
    if (live.length !== 1) continue;
    for (const o of pos.pairLive(pos.placements[live[0]].pair)) {
      if (o === live[0]) continue;
      pos.ruleOut(o);
      did = true;
    }
  }
  return did;
}

// ---- Basic ------------------------------------------------------------------------------

/** A cell whose live placements all spell one pair takes that pair: its places elsewhere die. */
function cellSpellsOnePair(pos: Position): boolean {
  let did = false;
  for (let c = 0; c < pos.n; c++) {
    const live = pos.cellLive(c);
    if (live.length < 2) continue;
    const q = pos.placements[live[0]].pair;
    if (live.some((p) => pos.placements[p].pair !== q)) continue;
    for (const o of pos.pairLive(q)) {
      if (pos.placements[o].a === c || pos.placements[o].b === c) continue;
      pos.ruleOut(o);
      did = true;
    }
  }
  return did;
}

/** A placement that overlaps every live place of some pair would leave that pair nowhere. */
function overlapsAllOfAPair(pos: Position): boolean {
  let did = false;
  for (const q of pos.pairs()) {
    const live = pos.pairLive(q);
    if (live.length < 2) continue;
    let common = pos.overlapping(live[0]);
    for (const p of live.slice(1)) {
      const ov = new Set(pos.overlapping(p));
      common = common.filter((o) => ov.has(o));
    }
    for (const o of common) {
      pos.ruleOut(o);
      did = true;
    }
  }
  return did;
}

/**
 * A placement of pair d dies if it takes away the last way for a neighbouring cell to be
 * anything but a second d (or to be covered at all).
 */
function forcesSecondCopy(pos: Position): boolean {
  for (let p = 0; p < pos.placements.length; p++) {
    if (!pos.live[p]) continue;
    const d = pos.placements[p].pair;
    for (const q of pos.overlapping(p)) {
      const s = pos.farCell(q, p);
      if (pos.cellLive(s).every((o) => o === q || pos.placements[o].pair === d)) {
        pos.ruleOut(p);
        return true;
      }
    }
  }
  return false;
}

/**
 * A placement dies if it leaves two neighbouring cells, which cannot be joined to each other,
 * each able to spell only the same pair: that pair would be needed twice.
 */
function forcesTwinCells(pos: Position): boolean {
  for (let p = 0; p < pos.placements.length; p++) {
    if (!pos.live[p]) continue;
    const ov = pos.overlapping(p);
    for (const qi of ov) {
      const si = pos.farCell(qi, p);
      const restI = pos.cellLive(si).filter((o) => o !== qi);
      if (restI.length === 0) continue;
      const d = pos.placements[restI[0]].pair;
      if (restI.some((o) => pos.placements[o].pair !== d)) continue;
      for (const qj of ov) {
        if (qj === qi) continue;
        const sj = pos.farCell(qj, p);
        if (sj === si) continue;
        const restJ = pos.cellLive(sj).filter((o) => o !== qj);
        if (restJ.length === 0) continue;
        const ok = restJ.every((o) => {
          const pl = pos.placements[o];
          return pl.pair === d && pl.a !== si && pl.b !== si;
        });
        if (!ok) continue;
        pos.ruleOut(p);
        return true;
      }
    }
  }
  return false;
}

/**
 * A placement that is the only link between two parts of the uncovered board, each of even
 * size, dies: laying it would leave both parts odd, and an odd area cannot be tiled.
 */
function splitsIntoOddAreas(pos: Position): boolean {
  let did = false;
  for (let p = 0; p < pos.placements.length; p++) {
    if (!pos.live[p]) continue;
    const { a, b } = pos.placements[p];
    // Flood from a over live placements other than p.
    const seen = new Set<number>([a]);
    const stack = [a];
    while (stack.length > 0) {
      const c = stack.pop()!;
      for (const o of pos.cellPl[c]) {
        if (o === p || !pos.live[o]) continue;
        const pl = pos.placements[o];
        const other = pl.a === c ? pl.b : pl.a;
        if (!seen.has(other)) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
    if (seen.has(b)) continue; // p is not a bridge
    const sideA = seen.size;
    const seenB = new Set<number>([b]);
    const stackB = [b];
    while (stackB.length > 0) {
      const c = stackB.pop()!;
      for (const o of pos.cellPl[c]) {
        if (o === p || !pos.live[o]) continue;
        const pl = pos.placements[o];
        const other = pl.a === c ? pl.b : pl.a;
        if (!seenB.has(other)) {
          seenB.add(other);
          stackB.push(other);
        }
      }
    }
    if (sideA % 2 === 0 && seenB.size % 2 === 0) {
      pos.ruleOut(p);
      did = true;
    }
  }
  return did;
}

// ---- Hard and Extreme: set analysis -----------------------------------------------------

/**
 * Set analysis on the cells carrying one number v: if k such cells can between them only take
 * k pairs (no double able to cover two of them), those pairs go on those cells and die
 * elsewhere. With doubles (Extreme): if a v-v placement could cover two of the chosen cells,
 * k cells with k−1 pairs must take the double on two of them (all k−1 pairs die elsewhere, the
 * double wherever it covers fewer than two), and k cells with k pairs need the double on at
 * least one of them (it dies where it covers none).
 *
 * Only cells with two or more live placements are chosen from: a cell with one left holds a
 * domino no other cell can take (the trivial rules have run), so adding it to a set changes
 * neither what the set proves nor what it rules out. The subsets of those cells are tried one
 * by one, so a number with more than MAX_SET_CELLS of them is not analysed and the position
 * is marked incomplete (the label is then unknown, not wrong).
 */
function setAnalysis(pos: Position, doubles: boolean): boolean {
  let did = false;
  for (let v = 0; v <= pos.m; v++) {
    const cells: number[] = [];
    let nsq = 0;
    for (let c = 0; c < pos.n; c++) {
      if (pos.value[c] !== v) continue;
      nsq++;
      if (pos.cellLive(c).length >= 2) cells.push(c);
    }
    const k = cells.length;
    if (k > MAX_SET_CELLS) {
      pos.incomplete = true;
      continue;
    }
    const local = new Map(cells.map((c, i) => [c, i]));
    const partners: number[] = []; // bit mask of the other numbers each cell can pair with
    const joinable: number[] = []; // bit mask of chosen cells a live double joins it to
    for (let i = 0; i < k; i++) {
      let mask = 0;
      let adj = 0;
      for (const p of pos.cellLive(cells[i])) {
        const pl = pos.placements[p];
        const other = pl.lo + pl.hi - v;
        mask |= 1 << other;
        const j = local.get(pl.a === cells[i] ? pl.b : pl.a);
        if (other === v && j !== undefined) adj |= 1 << j;
      }
      partners.push(mask);
      joinable.push(adj);
    }
    let done = 0;
    for (let set = 1; set < 2 ** k; set++) {
      if (set & done) continue;
      let union = 0;
      let size = 0;
      let withDouble = false;
      for (let i = 0; i < k; i++) {
        if (!(set & (1 << i))) continue;
        union |= partners[i];
        size++;
        if (joinable[i] & set) withDouble = true;
      }
      let nPairs = 0;
      for (let x = 0; x <= pos.m; x++) if (union & (1 << x)) nPairs++;
      let others: boolean; // may the non-double pairs die outside the set?
      let doubleNeeds: number; // cells of the set the double must cover to survive
      if (!withDouble) {
        if (nPairs !== size) continue;
        others = true;
        doubleNeeds = 1;
      } else {
        if (!doubles) continue;
        if (nPairs === size - 1) {
          others = true;
          doubleNeeds = 2;
        } else if (nPairs === size) {
          others = false;
          doubleNeeds = 1;
        } else continue;
      }
      // Sets this small or this large (against all the number's cells) are the easier rules' business.
      if (nPairs <= 1 || nPairs >= nsq - 1) continue;
      if (others) done |= set;
      let any = false;
      for (let x = 0; x <= pos.m; x++) {
        if (!(union & (1 << x))) continue;
        const lo = Math.min(v, x);
        const hi = Math.max(v, x);
        for (const p of pos.pairLive(lo * (pos.m + 1) + hi)) {
          const pl = pos.placements[p];
          let used = 0;
          for (const c of [pl.a, pl.b]) {
            const j = local.get(c);
            if (pos.value[c] === v && j !== undefined && set & (1 << j)) used++;
          }
          const dies = x === v ? used < doubleNeeds : others && used === 0;
          if (!dies) continue;
          pos.ruleOut(p);
          any = true;
        }
      }
      if (any) {
        did = true;
        done |= set;
      }
    }
  }
  return did;
}

const setsWithoutDoubles: TRule = (pos) => setAnalysis(pos, false);
const setsWithDoubles: TRule = (pos) => setAnalysis(pos, true);

// ---- Extreme: forcing chains ------------------------------------------------------------

/**
 * Chains: a cell with two live placements takes exactly one of them, so linking such pairs of
 * placements splits them into chains with two sides, exactly one side of which is laid.
 * Returns side[p] = 2 * chain + (0 | 1) for every live placement (a lone placement is a chain
 * of its own).
 */
function chainSides(pos: Position): Map<number, number> {
  const side = new Map<number, number>();
  let chain = 0;
  for (let p = 0; p < pos.placements.length; p++) {
    if (!pos.live[p] || side.has(p)) continue;
    side.set(p, 2 * chain);
    const stack = [p];
    while (stack.length > 0) {
      const x = stack.pop()!;
      const pl = pos.placements[x];
      for (const c of [pl.a, pl.b]) {
        const live = pos.cellLive(c);
        if (live.length !== 2) continue;
        const y = live[0] === x ? live[1] : live[0];
        if (side.has(y)) continue;
        side.set(y, side.get(x)! ^ 1);
        stack.push(y);
      }
    }
    chain++;
  }
  return side;
}

/**
 * Forcing chains: a chain side dies if it would lay one pair twice, or if laying it would take
 * every option from some other cell; and a pair with a place on each side of one chain must go
 * on one of those two places, so its other places die.
 */
function forcingChains(pos: Position): boolean {
  let side = chainSides(pos);
  const members = new Map<number, number[]>();
  for (const [p, s] of side) {
    if (!members.has(s)) members.set(s, []);
    members.get(s)!.push(p);
  }
  // A side that lays some pair twice.
  let did = false;
  for (const list of members.values()) {
    const pairs = list.map((p) => pos.placements[p].pair);
    if (new Set(pairs).size === pairs.length) continue;
    for (const p of list) pos.ruleOut(p);
    did = true;
  }
  if (did) return true;
  // A side that would leave another cell with no option: every option of the cell spells a
  // pair that the side lays elsewhere.
  for (let c = 0; c < pos.n; c++) {
    const live = pos.cellLive(c);
    if (live.length < 2) continue;
    const own = new Set(live.map((p) => side.get(p)!));
    // Sides that lay the pair of each option elsewhere, intersected over the options.
    const sidesPer = live.map((p) => {
      const sides = new Set<number>();
      for (const o of pos.pairLive(pos.placements[p].pair)) {
        const s = side.get(o)!;
        if (!own.has(s)) sides.add(s);
      }
      return sides;
    });
    const common = [...sidesPer[0]].filter((s) => sidesPer.every((set) => set.has(s)));
    for (const s of common) {
      for (const p of members.get(s) ?? []) pos.ruleOut(p);
      did = true;
    }
  }
  if (did) side = chainSides(pos);
  // A pair with places on both sides of one chain.
  for (const q of pos.pairs()) {
    const live = pos.pairLive(q);
    if (live.length <= 2) continue;
    let keep: [number, number] | null = null;
    for (let i = 0; i < live.length && keep === null; i++) {
      for (let j = i + 1; j < live.length; j++) {
        if ((side.get(live[i])! ^ side.get(live[j])!) === 1) {
          keep = [live[i], live[j]];
          break;
        }
      }
    }
    if (keep === null) continue;
    for (const p of live) if (p !== keep[0] && p !== keep[1]) pos.ruleOut(p);
    did = true;
  }
  return did;
}

/** The rules, easiest first, with the level each belongs to. */
const LADDER: readonly { level: number; rule: TRule }[] = [
  { level: 1, rule: pairHasOnePlace },
  { level: 1, rule: cellHasOnePlacement },
  { level: 2, rule: cellSpellsOnePair },
  { level: 2, rule: overlapsAllOfAPair },
  { level: 2, rule: forcesSecondCopy },
  { level: 2, rule: forcesTwinCells },
  { level: 2, rule: splitsIntoOddAreas },
  { level: 3, rule: setsWithoutDoubles },
  { level: 4, rule: setsWithDoubles },
  { level: 4, rule: forcingChains },
];

export interface TathamRun {
  solved: boolean;
  /** False when set analysis left some number out (too many open cells): see MAX_SET_CELLS. */
  complete: boolean;
  /** The hardest level a rule that made progress belonged to (1 if only singles). */
  hardest: number;
  /** The placements still live at the end, as [cellA, cellB] with cellA < cellB. */
  remaining: [number, number][];
}

function remaining(pos: Position): [number, number][] {
  return pos.placements.filter((_, p) => pos.live[p]).map((pl) => [pl.a, pl.b]);
}

/** Solve with the rules of levels 1..maxLevel, always the easiest that makes progress. */
export function tathamSolve(board: Board, maxLevel: number): TathamRun {
  const pos = new Position(board);
  let hardest = 1;
  for (;;) {
    const step = LADDER.find(({ level, rule }) => level <= maxLevel && rule(pos));
    if (step === undefined) break;
    hardest = Math.max(hardest, step.level);
    // A pair with no place left: the board has no solution, and no rule can help.
    for (const q of pos.pairs())
      if (pos.pairLive(q).length === 0) return { solved: false, complete: true, hardest, remaining: remaining(pos) };
  }
  return { solved: pos.solved(), complete: !pos.incomplete, hardest, remaining: remaining(pos) };
}

/**
 * The lowest Tatham-like level (1 Trivial … 4 Extreme) whose rules solve the board without
 * guessing, BEYOND_EXTREME if none does, or NOT_COVERED if a level that failed had to leave
 * set analysis out somewhere.
 */
export function tathamLevel(board: Board): number {
  for (let level = 1; level <= 4; level++) {
    const run = tathamSolve(board, level);
    if (run.solved) return level;
    if (!run.complete) return NOT_COVERED;
  }
  return BEYOND_EXTREME;
}
