// `npm run bench -- --only bands`: where a graded slot's time goes, step by step. Deals of one
// seed are dealt and checked as the generator checks them for a band (src/make/generator.ts:
// deal, uniqueness proof, the rules' verdict, reference measure, grade within the band), each
// step timed; a band's cost per kept puzzle is then what its slot spends on the deals it sees.
import { dealOnto } from '../../src/dominosa/make/deal.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { tilingFor } from '../../src/tiling/tiling.js';
import { GRADE_BANDS, inBand } from '../../src/dominosa/rank/bands.js';
import { nodeRange, type NodeRange } from '../../src/rank/rule.js';
import { referenceNodes } from '../../src/dominosa/rank/reference.js';
import type { Thresholds } from '../../src/rank/tiers.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import { derive } from '../../src/rng.js';
import { openCells } from '../../src/dominosa/solve/layers.js';
import { PINNED_PROBING, RULES, type SolveOptions } from '../../src/dominosa/solve/solver.js';

export interface SlotCostRow {
  m: number;
  tier: Tier;
  deals: number;
  /** Deals of the sample that the band keeps. */
  kept: number;
  /** ms per kept puzzle spent on each step, over all the deals the slot looks at. */
  dealMs: number;
  proofMs: number;
  referenceMs: number;
  gradeMs: number;
}

interface Deal {
  dealMs: number;
  proofMs: number;
  unique: boolean;
  /** The four rules settle the board (its proof took one node): level 1 or 2. */
  settled: boolean;
  /** Level 1 or 2 when settled (told by the singles), else 0. */
  rulesLevel: number;
  singlesMs: number;
  referenceMs: number;
  nodes: number;
  /** The band whose range holds the reference measure, its grade's cost and whether the grade fits. */
  rangeTier: Tier | null;
  gradeMs: number;
  fits: boolean;
}

const now = (): number => performance.now();

/** Whether a unique board's level may lie in the band, from the rules' verdict, as the generator asks it. */
function mayLieIn(d: Deal, tier: Tier): boolean {
  const band = GRADE_BANDS[tier];
  if (!d.settled) return band.maxLevel > 2;
  return band.minLevel <= 2 && inBand(band, d.rulesLevel);
}

/** Per band of size m, what a slot spends per kept puzzle on each step, from `count` deals. */
export function slotCostRows(m: number, th: Thresholds, count: number, seed = 2027): SlotCostRow[] {
  const gen = new Generator();
  const solver = gen.solver;
  const rows = m + 1;
  const cols = m + 2;
  const mate = new Int32Array(rows * cols);
  const cells = new Uint16Array(rows * cols);
  const board = { rows, cols, m, cells };
  const source = tilingFor(rows, cols);
  const prove: SolveOptions = {
    ...PINNED_PROBING,
    rules: RULES,
    cap: 2,
    maxNodes: 50_000,
    squareSwap: true,
    solution: false,
  };
  const ranges = new Map<Tier, NodeRange>(TIERS.map((t) => [t, nodeRange(t, th)]));
  const deals: Deal[] = [];
  for (let i = 0; i < count; i++) {
    const rng = derive(seed, m, i);
    let t = now();
    source.sample(rng, mate);
    dealOnto(mate, rows, cols, m, rng, { avoidSquares: true }, cells);
    const d: Deal = {
      dealMs: now() - t,
      proofMs: 0,
      unique: false,
      settled: false,
      rulesLevel: 0,
      singlesMs: 0,
      referenceMs: 0,
      nodes: -1,
      rangeTier: null,
      gradeMs: 0,
      fits: false,
    };
    t = now();
    const res = solver.solve(board, prove);
    d.proofMs = now() - t;
    d.unique = res.status === 'unique';
    if (d.unique) {
      d.settled = res.nodes === 1;
      if (d.settled) {
        t = now();
        d.rulesLevel = openCells(solver, board, 'singles') === 0 ? 1 : 2;
        d.singlesMs = now() - t;
      }
      t = now();
      d.nodes = referenceNodes(board, solver);
      d.referenceMs = now() - t;
      d.rangeTier = TIERS.find((x) => d.nodes >= ranges.get(x)!.min && d.nodes <= ranges.get(x)!.max) ?? null;
      if (d.rangeTier !== null && mayLieIn(d, d.rangeTier)) {
        t = now();
        d.fits = gen.gradeWithin(board, GRADE_BANDS[d.rangeTier]) !== null;
        d.gradeMs = now() - t;
      }
    }
    deals.push(d);
  }
  return TIERS.map((tier) => {
    const row: SlotCostRow = { m, tier, deals: count, kept: 0, dealMs: 0, proofMs: 0, referenceMs: 0, gradeMs: 0 };
    for (const d of deals) {
      row.dealMs += d.dealMs;
      row.proofMs += d.proofMs;
      if (!d.unique) continue;
      row.proofMs += d.singlesMs; // the rules' verdict, read off the proof (and the singles when it settled)
      if (!mayLieIn(d, tier)) continue;
      row.referenceMs += d.referenceMs;
      if (d.rangeTier !== tier) continue;
      row.gradeMs += d.gradeMs;
      if (d.fits) row.kept++;
    }
    const k = Math.max(1, row.kept);
    return {
      ...row,
      dealMs: row.dealMs / k,
      proofMs: row.proofMs / k,
      referenceMs: row.referenceMs / k,
      gradeMs: row.gradeMs / k,
    };
  });
}

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Prints the table for sizes 3..9 and returns its rows. */
export function slotCostTable(cuts: Record<number, Thresholds>, quick: boolean): SlotCostRow[] {
  console.log(
    '\nWhere a graded slot spends its time: ms per kept puzzle by step (one core, one sample of deals per size, seed 2027)',
  );
  console.log('  M  tier     deals   kept     deal    proof  reference    grade    total  grade share');
  const out: SlotCostRow[] = [];
  for (const m of [3, 4, 5, 6, 7, 8, 9]) {
    const th = cuts[m];
    if (th === undefined) continue;
    slotCostRows(m, th, 200); // warm-up: the JIT and the size's tables
    const count = (m <= 4 ? 16_000 : m === 5 ? 8000 : 2000) / (quick ? 4 : 1);
    for (const r of slotCostRows(m, th, count)) {
      const total = r.dealMs + r.proofMs + r.referenceMs + r.gradeMs;
      console.log(
        `${String(m).padStart(3)}  ${r.tier.padEnd(6)} ${String(r.deals).padStart(6)} ${String(r.kept).padStart(6)} ${fmt(r.dealMs).padStart(8)} ${fmt(r.proofMs).padStart(8)} ${fmt(r.referenceMs).padStart(10)} ${fmt(r.gradeMs).padStart(8)} ${fmt(total).padStart(8)}  ${((100 * r.gradeMs) / total).toFixed(0).padStart(10)}%`,
      );
      out.push(r);
    }
  }
  return out;
}
