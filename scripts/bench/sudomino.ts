// The Sudomino part of `npm run bench` (`--only sudomino`): uniqueness proofs of generated
// puzzles per shape (median and p95 against the 8x8:6 target), generation time per puzzle, and
// the two methods (solver.ts, satcount.ts) compared on 10,000 random boards of every outcome.
import { makePuzzle } from '../../src/sudomino/make/generator.js';
import { makeTieredSlot } from '../../src/sudomino/make/tiered.js';
import { Grader } from '../../src/sudomino/grade/ladder.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import { randomBoard } from '../../src/sudomino/make/random-board.js';
import { Solver } from '../../src/sudomino/solve/solver.js';
import { countBySat } from '../../src/sudomino/solve/satcount.js';
import { formatShape, type Shape } from '../../src/sudomino/shape.js';
import { formatBoardText } from '../../src/sudomino/formats/text.js';
import type { Board } from '../../src/sudomino/board.js';
import { derive } from '../../src/rng.js';

const SHAPES: Shape[] = [
  { rows: 6, cols: 6, values: 4 },
  { rows: 8, cols: 8, values: 6 },
  { rows: 10, cols: 10, values: 7 },
  { rows: 12, cols: 12, values: 8 },
];
/** The targets for 8x8:6: proof median, generation median. */
const PROOF_TARGET_US = 25;
const GENERATION_TARGET_MS = 5;

export interface SudominoRow {
  shape: string;
  puzzles: number;
  proofMedianUs: number;
  proofP95Us: number;
  proofMaxUs: number;
  medianNodes: number;
  generateMedianMs: number;
  generateP95Ms: number;
  medianGivens: number;
}

function quantile(sorted: number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

function shapeRow(shape: Shape, count: number, solver: Solver): SudominoRow {
  const boards: Board[] = [];
  const genMs: number[] = [];
  // One untimed puzzle first, so the JIT has compiled the generator's paths.
  makePuzzle(shape, derive(1, shape.rows, shape.cols, shape.values, -1), solver);
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    boards.push(makePuzzle(shape, derive(1, shape.rows, shape.cols, shape.values, k), solver).board);
    genMs.push(performance.now() - t0);
  }
  // Each board's fastest of three interleaved passes, after an untimed one.
  const us = boards.map(() => Infinity);
  const nodes: number[] = [];
  // Repeats per timing: enough for the clock to resolve a fast proof, one for a slow one.
  const reps: number[] = [];
  for (const b of boards) {
    const t0 = performance.now();
    nodes.push(solver.solve(b, { solution: false }).nodes);
    reps.push(performance.now() - t0 < 0.1 ? 20 : 1);
  }
  for (let pass = 0; pass < 3; pass++) {
    for (let i = 0; i < boards.length; i++) {
      const n = reps[i];
      const t0 = performance.now();
      for (let r = 0; r < n; r++) solver.solve(boards[i], { solution: false });
      us[i] = Math.min(us[i], ((performance.now() - t0) * 1000) / n);
    }
  }
  const u = sorted(us);
  const g = sorted(genMs);
  const givens = sorted(boards.map((b) => b.given.filter((v) => v > 0).length));
  return {
    shape: formatShape(shape),
    puzzles: count,
    proofMedianUs: quantile(u, 0.5),
    proofP95Us: quantile(u, 0.95),
    proofMaxUs: u[u.length - 1],
    medianNodes: quantile(sorted(nodes), 0.5),
    generateMedianMs: quantile(g, 0.5),
    generateP95Ms: quantile(g, 0.95),
    medianGivens: quantile(givens, 0.5),
  };
}

export interface Agreement {
  boards: number;
  unique: number;
  multiple: number;
  none: number;
  disagreements: number;
  seconds: number;
}

/** Both methods on `count` random boards (shapes 1..8 × 2..8, N 2..8, every share of givens). */
function agreement(count: number, solver: Solver): Agreement {
  const res: Agreement = { boards: count, unique: 0, multiple: 0, none: 0, disagreements: 0, seconds: 0 };
  const t0 = performance.now();
  for (let k = 0; k < count; k++) {
    const rng = derive(29, k);
    const shape = { rows: rng.int(1, 8), cols: rng.int(2, 8), values: rng.int(2, 8) };
    const b = randomBoard(shape, k % 2 === 0 ? 'shown' : 'noise', rng.float(), rng);
    const ours = solver.solve(b);
    const sat = countBySat(b);
    const agree =
      ours.status === sat.status &&
      ours.solutions === sat.solutions &&
      (ours.status !== 'unique' || String(ours.solution) === String(sat.solution));
    if (!agree) {
      res.disagreements++;
      console.log(`disagreement on board ${k} (solver ${ours.status}, sat ${sat.status}):\n${formatBoardText(b)}`);
    } else if (ours.status === 'unique' || ours.status === 'multiple' || ours.status === 'none') res[ours.status]++;
  }
  res.seconds = (performance.now() - t0) / 1000;
  return res;
}

/** The targets for a tiered 8x8:6 puzzle: generation median per tier. */
const TIER_TARGET_MS: Partial<Record<Tier, number>> = { easy: 5, expert: 50 };

export interface TierRow {
  shape: string;
  tier: Tier;
  puzzles: number;
  medianMs: number;
  p95Ms: number;
  medianDeals: number;
  medianGivens: number;
}

/** Slots 0..count-1 of each tier at a shape, timed one by one (generate --kind sudomino --grade TIER). */
function tierRows(shape: Shape, count: number): TierRow[] {
  const solver = new Solver();
  const grader = new Grader();
  const rows: TierRow[] = [];
  for (const tier of TIERS) {
    makeTieredSlot(1, shape, tier, -1, 1000, solver, grader);
    const ms: number[] = [];
    const deals: number[] = [];
    const givens: number[] = [];
    for (let slot = 0; slot < count; slot++) {
      const t0 = performance.now();
      const made = makeTieredSlot(1, shape, tier, slot, 1000, solver, grader);
      ms.push(performance.now() - t0);
      if (made === null) continue;
      deals.push(made.attempts);
      givens.push(made.board.given.reduce((n, v) => n + (v > 0 ? 1 : 0), 0));
    }
    const t = sorted(ms);
    rows.push({
      shape: formatShape(shape),
      tier,
      puzzles: deals.length,
      medianMs: quantile(t, 0.5),
      p95Ms: quantile(t, 0.95),
      medianDeals: quantile(sorted(deals), 0.5),
      medianGivens: quantile(sorted(givens), 0.5),
    });
  }
  return rows;
}

export function sudominoTable(quick: boolean): { shapes: SudominoRow[]; agreement: Agreement; tiers: TierRow[] } {
  const solver = new Solver();
  console.log(
    '\nSudomino (npm run bench -- --only sudomino): proof of generated unique puzzles, generation per puzzle',
  );
  console.log('shape     puzzles  proof median µs  p95 µs   max µs  nodes  generate median ms  p95 ms  givens');
  const shapes: SudominoRow[] = [];
  for (const shape of SHAPES) {
    const row = shapeRow(shape, quick ? 50 : 200, solver);
    shapes.push(row);
    const isDefault = row.shape === '8x8:6';
    const proofAim = isDefault ? ` (target ≤ ${PROOF_TARGET_US})` : '';
    const genAim = isDefault ? ` (target ≤ ${GENERATION_TARGET_MS})` : '';
    console.log(
      `${row.shape.padEnd(9)} ${String(row.puzzles).padStart(7)}  ${row.proofMedianUs.toFixed(1).padStart(15)}${proofAim}  ${row.proofP95Us.toFixed(1).padStart(7)}  ${row.proofMaxUs.toFixed(0).padStart(7)}  ${String(row.medianNodes).padStart(5)}  ${row.generateMedianMs.toFixed(2).padStart(18)}${genAim}  ${row.generateP95Ms.toFixed(1).padStart(6)}  ${String(row.medianGivens).padStart(6)}`,
    );
  }
  const a = agreement(quick ? 2000 : 10_000, solver);
  console.log(
    `solver against SAT count on ${a.boards} random boards: ${a.disagreements} disagreements (${a.unique} unique, ${a.multiple} multiple, ${a.none} none) in ${a.seconds.toFixed(1)} s`,
  );
  console.log('\nSudomino by tier (generate --kind sudomino --grade TIER), per puzzle');
  console.log('shape     tier     puzzles  median ms  p95 ms  deals  givens');
  const tiers: TierRow[] = [];
  for (const shape of SHAPES.slice(0, 3)) {
    for (const row of tierRows(shape, quick ? 20 : 100)) {
      tiers.push(row);
      const aim =
        row.shape === '8x8:6' && TIER_TARGET_MS[row.tier] !== undefined
          ? ` (target ≤ ${TIER_TARGET_MS[row.tier]})`
          : '';
      console.log(
        `${row.shape.padEnd(9)} ${row.tier.padEnd(7)}  ${String(row.puzzles).padStart(7)}  ${row.medianMs.toFixed(2).padStart(9)}${aim}  ${row.p95Ms.toFixed(1).padStart(6)}  ${String(row.medianDeals).padStart(5)}  ${String(row.medianGivens).padStart(6)}`,
      );
    }
  }
  return { shapes, agreement: a, tiers };
}
