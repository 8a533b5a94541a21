// `npm run bench -- --only bands`: graded generation per band and size, as a default build's
// slots make it (slot 4j + b aims at band b inside its range from data/tiers.json's "grade"),
// where a graded slot spends its time (slot-cost.ts), and the stored grade's time at M = 9
// and M = 30 against its targets. Numbers and ratios only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Generator, type GeneratedPuzzle } from '../../src/dominosa/make/generator.js';
import { GRADE_BANDS, TATHAM_NAMES } from '../../src/dominosa/rank/bands.js';
import { nodeRange } from '../../src/rank/rule.js';
import { guardrailName } from '../../src/dominosa/rank/reference.js';
import { storedGrade } from '../../src/dominosa/rank/stored.js';
import { parseTierTable, TIERS, type Tier } from '../../src/rank/tiers.js';
import { slotCostTable, type SlotCostRow } from './slot-cost.js';

export interface BandRow {
  m: number;
  tier: Tier;
  puzzles: number;
  medianMs: number;
  p90Ms: number;
  /** Median CPU ms of this thread per kept puzzle: steadier than wall time on a shared machine. */
  cpuMedianMs: number;
  /** Deals (rejection) or deals repaired (repair) per kept puzzle, mean. */
  attempts: number;
  /** This band's median over the size's easy band's. */
  vsEasy: number;
}

export interface GradingRow {
  m: number;
  boards: number;
  medianMs: number;
  p90Ms: number;
  targetMedianMs: number;
}

/** Grading's median targets (issue 13: it stays within the grader's old ones). */
const GRADING_TARGET_MS: Record<number, number> = { 9: 1, 30: 20 };

function quantile(sorted: readonly number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3));

export function bandsTable(
  root: string,
  quick: boolean,
): { generation: BandRow[]; slotCost: SlotCostRow[]; grading: GradingRow[] } {
  const file = parseTierTable(JSON.parse(readFileSync(join(root, 'data', 'tiers.json'), 'utf8')));
  if (!file.ok) throw new Error(file.error);
  const cuts = file.grade ?? {};
  const small = [3, 4, 5, 6, 7, 8, 9];
  const large = quick ? [12, 30] : [12, 15, 20, 30];
  const per = (m: number): number => (m <= 9 ? (quick ? 12 : 40) : quick ? 3 : 8);
  const gen = new Generator();
  const rows: BandRow[] = [];
  const kept = new Map<number, GeneratedPuzzle[]>();
  console.log(
    '\nGraded generation per band, ms per kept puzzle (one core; a build slot: band and range, rejected deals, grading and hash included)',
  );
  console.log(
    `  M  tier    band     range                  puzzles   median      p90  cpu median  attempts  × easy (cpu)`,
  );
  for (const m of [...small, ...large]) {
    const th = cuts[m];
    if (th === undefined) {
      console.log(`${String(m).padStart(3)}  (no grade-band ranges in data/tiers.json)`);
      continue;
    }
    // Warm-up on another seed, so the first band does not pay for the JIT and the size's tables.
    gen.generateSlot(1, m, 0, { grade: GRADE_BANDS.easy, nodes: nodeRange('easy', th) });
    const n = per(m);
    const out: GeneratedPuzzle[] = [];
    const sizeRows: BandRow[] = [];
    for (let b = 0; b < TIERS.length; b++) {
      const tier = TIERS[b];
      const range = nodeRange(tier, th);
      const ms: number[] = [];
      const cpu: number[] = [];
      let attempts = 0;
      for (let j = 0; j < n; j++) {
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        const r = gen.generateSlot(2026, m, TIERS.length * j + b, { grade: GRADE_BANDS[tier], nodes: range });
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1e3);
        if (!r.ok) throw new Error(`bench: M=${m} ${tier} slot ${TIERS.length * j + b}: ${r.reason}`);
        attempts += r.puzzle.attempts;
        out.push(r.puzzle);
      }
      ms.sort((a, c) => a - c);
      cpu.sort((a, c) => a - c);
      sizeRows.push({
        m,
        tier,
        puzzles: n,
        medianMs: quantile(ms, 0.5),
        p90Ms: quantile(ms, 0.9),
        cpuMedianMs: quantile(cpu, 0.5),
        attempts: attempts / n,
        vsEasy: 0,
      });
    }
    for (const r of sizeRows) {
      r.vsEasy = r.cpuMedianMs / sizeRows[0].cpuMedianMs;
      const rng = nodeRange(r.tier, th);
      const span = `${guardrailName(m)} ${rng.min}..${rng.max === Infinity ? '' : rng.max}`;
      console.log(
        `${String(m).padStart(3)}  ${r.tier.padEnd(6)}  ${TATHAM_NAMES[r.tier].padEnd(7)}  ${span.padEnd(22)} ${String(r.puzzles).padStart(7)} ${fmt(r.medianMs).padStart(8)} ${fmt(r.p90Ms).padStart(8)} ${fmt(r.cpuMedianMs).padStart(11)} ${r.attempts.toFixed(1).padStart(9)} ${r.vsEasy.toFixed(2).padStart(7)}`,
      );
    }
    rows.push(...sizeRows);
    kept.set(m, out);
  }
  const slotCost = slotCostTable(cuts, quick);
  const grading: GradingRow[] = [];
  console.log(
    '\nStored grade (the build grades every kept puzzle so), ms per board over the puzzles above, all bands alike',
  );
  console.log('  M  boards   median      p90  target (median)');
  for (const m of [9, 30]) {
    const boards = (kept.get(m) ?? []).map((p) => p.board);
    if (boards.length === 0) {
      console.log(`${String(m).padStart(3)}  (not generated)`);
      continue;
    }
    for (const b of boards) storedGrade(b);
    // Each board's fastest of three passes: its cost without the pauses that land on one by chance.
    const ms = boards.map(() => Infinity);
    for (let pass = 0; pass < 3; pass++) {
      boards.forEach((b, i) => {
        const t0 = process.hrtime.bigint();
        storedGrade(b);
        ms[i] = Math.min(ms[i], Number(process.hrtime.bigint() - t0) / 1e6);
      });
    }
    ms.sort((a, c) => a - c);
    const row = {
      m,
      boards: boards.length,
      medianMs: quantile(ms, 0.5),
      p90Ms: quantile(ms, 0.9),
      targetMedianMs: GRADING_TARGET_MS[m],
    };
    grading.push(row);
    console.log(
      `${String(m).padStart(3)}  ${String(row.boards).padStart(6)} ${fmt(row.medianMs).padStart(8)} ${fmt(row.p90Ms).padStart(8)}  ${row.targetMedianMs} ms (${(row.medianMs / row.targetMedianMs).toFixed(2)}× target)`,
    );
  }
  console.log(`(npm run bench -- --only bands${quick ? ' --quick' : ''})`);
  return { generation: rows, slotCost, grading };
}
