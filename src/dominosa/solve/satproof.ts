// The independent proof for boards of any size: a board as a Boolean formula (one variable per
// placement; every cell covered exactly once, every pair used exactly once), decided by the
// clause-learning solver in cdcl.ts and counted by src/sat/count.ts: a model is checked against
// the puzzle's rules before it counts, so "unique" is a checked solution plus a refutation of
// every other tiling. Shares no code with solver.ts.
import type { Board } from '../board.js';
import { pairCount, pairIndex } from '../pairs.js';
import { Cdcl, type SatBudget } from '../../sat/cdcl.js';
import { countModels } from '../../sat/count.js';
import { checkSolution, solutionFromCellPairs, type Solution } from './solution.js';

export interface SatProofOptions extends SatBudget {
  /** Stop after this many solutions (default 2; values below 1 act as 1). */
  cap?: number;
}

export interface SatProofResult {
  status: 'unique' | 'multiple' | 'none' | 'gave-up';
  /** Solutions found (never more than the cap). */
  solutions: number;
  /** Conflicts the clause-learning search met, over all its calls: its measure of effort. */
  conflicts: number;
  /** The first solution found, normalised. */
  solution: Solution | null;
}

/** Exactly-one groups up to this size get every pairwise exclusion; larger ones a ladder. */
const PAIRWISE_UP_TO = 6;

/** Count a board's solutions up to the cap, by satisfiability. */
export function countBySat(board: Board, options: SatProofOptions = {}): SatProofResult {
  const cap = Math.max(1, Math.floor(options.cap ?? 2));
  const { rows, cols, m, cells } = board;
  const n = rows * cols;
  const nPairs = pairCount(m);

  // Placement 2a is cell a with its right neighbour, 2a + 1 with the one below; a variable
  // each, whether the grid has it or not (one that leaves the grid, or spells a number
  // outside 0..M, is false from the start).
  const nPl = 2 * n;
  const other = (p: number): number => (p >> 1) + ((p & 1) === 0 ? 1 : cols);
  const exists = (p: number): boolean => {
    const a = p >> 1;
    if ((p & 1) === 0 ? a % cols === cols - 1 : a + cols >= n) return false;
    return cells[a] <= m && cells[other(p)] <= m;
  };
  // The spots of every pair, grouped by a counting sort.
  const pairOf = new Int32Array(nPl).fill(-1);
  const start = new Int32Array(nPairs + 1);
  for (let p = 0; p < nPl; p++) {
    if (!exists(p)) continue;
    pairOf[p] = pairIndex(cells[p >> 1], cells[other(p)]);
    start[pairOf[p] + 1]++;
  }
  let extra = 0;
  for (let q = 0; q < nPairs; q++) {
    if (start[q + 1] > PAIRWISE_UP_TO) extra += start[q + 1] - 1;
    start[q + 1] += start[q];
  }
  const spots = new Int32Array(start[nPairs]);
  const fill = start.slice(0, nPairs);
  for (let p = 0; p < nPl; p++) if (pairOf[p] >= 0) spots[fill[pairOf[p]]++] = p;

  const sat = new Cdcl(nPl + extra);
  let ladder = nPl;
  const group: number[] = [];
  const lits = new Int32Array(4 + spots.length);
  const exactlyOne = (): void => {
    const g = group;
    for (let i = 0; i < g.length; i++) lits[i] = 2 * g[i];
    sat.addClause(lits.subarray(0, g.length));
    if (g.length <= PAIRWISE_UP_TO) {
      for (let i = 0; i < g.length; i++)
        for (let j = i + 1; j < g.length; j++) sat.addBinary(2 * g[i] + 1, 2 * g[j] + 1);
      return;
    }
    // Sequential counter: s_i means "one of the first i + 1 is laid"; a later one may not be.
    const s = ladder;
    ladder += g.length - 1;
    for (let i = 0; i < g.length; i++) {
      const x = 2 * g[i] + 1;
      if (i < g.length - 1) sat.addBinary(x, 2 * (s + i));
      if (i > 0) {
        sat.addBinary(2 * (s + i - 1) + 1, x);
        if (i < g.length - 1) sat.addBinary(2 * (s + i - 1) + 1, 2 * (s + i));
      }
    }
  };
  for (let a = 0; a < n; a++) {
    group.length = 0;
    // Up, left, right, down.
    if (a >= cols && exists(2 * (a - cols) + 1)) group.push(2 * (a - cols) + 1);
    if (a % cols > 0 && exists(2 * (a - 1))) group.push(2 * (a - 1));
    if (exists(2 * a)) group.push(2 * a);
    if (exists(2 * a + 1)) group.push(2 * a + 1);
    exactlyOne();
  }
  for (let q = 0; q < nPairs; q++) {
    group.length = 0;
    for (let k = start[q]; k < start[q + 1]; k++) group.push(spots[k]);
    exactlyOne();
  }
  // Lay placements (decide them true) rather than rule them out: one laid domino settles two
  // cells and a pair. Absent ones are false.
  for (let p = 0; p < nPl; p++) {
    if (pairOf[p] < 0) sat.addClause([2 * p + 1]);
    else {
      sat.setPhase(p, true);
      sat.bump(p, 1);
    }
  }

  const laid = new Int32Array(2 * nPairs);
  const counted = countModels(sat, options, cap, () => {
    let k = 0;
    const block: number[] = [];
    for (let p = 0; p < nPl && k < nPairs; p++) {
      if (pairOf[p] < 0 || !sat.modelValue(p)) continue;
      laid[2 * k] = p >> 1;
      laid[2 * k + 1] = other(p);
      k++;
      block.push(2 * p + 1);
    }
    const found = solutionFromCellPairs(cols, laid, k);
    // The model must be a tiling spelling every pair once; anything else is a fault in here.
    const why = checkSolution(board, found);
    if (why !== null) throw new Error(`satproof: a model that is no solution (${why})`);
    return { model: found, block };
  });
  return { status: counted.status, solutions: counted.solutions, conflicts: sat.conflicts, solution: counted.first };
}
