// `npm run eval:grading`: how well our difficulty measures order puzzles the way a Tatham-like
// grading does. Per size it generates unique puzzles, labels each with the lowest of Simon
// Tatham's four levels that solves it (scripts/eval/dominosa/tatham-levels.ts, an independent engine),
// keeps an equal number per level, as his generator would make them, and prints Spearman's ρ of
// the reference node count and of our grader's score against those labels. Then the cost of
// grading per puzzle. An evaluation, not a test: it prints numbers and never fails on them.
import { type Board } from '../../../src/dominosa/board.js';
import { dealOnto } from '../../../src/dominosa/make/deal.js';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { spearman } from '../../../src/rank/correlation.js';
import { gradeBoard, LADDER, LEVELS, TATHAM_LEVELS } from '../../../src/dominosa/grade/ladder.js';
import { derive } from '../../../src/rng.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { tilingFor } from '../../../src/tiling/tiling.js';
import { BEYOND_EXTREME, tathamLevel } from './tatham-levels.js';

interface Options {
  sizes: number[];
  perLevel: number;
  maxSlots: number;
  seed: number;
  costBoards: number;
  costSizes: number[];
}

function parseArgs(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (s: string | undefined, dflt: number[]): number[] => (s === undefined ? dflt : s.split(',').map(Number));
  return {
    sizes: list(value('--sizes'), [6, 7, 8, 9]),
    perLevel: Number(value('--per-level') ?? (quick ? 30 : 100)),
    maxSlots: Number(value('--max-slots') ?? (quick ? 2000 : 8000)),
    seed: Number(value('--seed') ?? 2026),
    costBoards: Number(value('--cost-boards') ?? (quick ? 50 : 200)),
    costSizes: list(value('--cost-sizes'), [9, 30]),
  };
}

function quantile(sorted: number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}

interface Sample {
  label: number;
  nodes: number;
  score: number;
  level: number;
  /** Names of the rules the grader used on it. */
  used: string[];
}

interface SizeReport {
  m: number;
  slots: number;
  /** Labels of every puzzle looked at, 1..5 (index 0 unused). */
  natural: number[];
  sample: Sample[];
}

/** Generate slots of size m until every level has `perLevel` puzzles or the slots run out. */
function collect(m: number, opts: Options, gen: Generator): SizeReport {
  const natural = [0, 0, 0, 0, 0, 0];
  const buckets: Sample[][] = [[], [], [], [], []];
  let slot = 0;
  const full = (): boolean => buckets.slice(1).every((b) => b.length >= opts.perLevel);
  for (; slot < opts.maxSlots && !full(); slot++) {
    const r = gen.generateSlot(opts.seed, m, slot);
    if (!r.ok) continue;
    const { board, nodes } = r.puzzle;
    const label = tathamLevel(board);
    natural[label]++;
    if (label === BEYOND_EXTREME || buckets[label].length >= opts.perLevel) continue;
    const g = gradeBoard(board);
    const used = Object.keys(g.steps).filter((r) => g.steps[r] > 0);
    buckets[label].push({ label, nodes, score: g.score, level: g.level, used });
  }
  return { m, slots: slot, natural, sample: buckets.flat() };
}

/** Unique deals of size m onto uniform (or, past the exact sampler, flip-chain) tilings. */
function uniqueBoards(m: number, count: number, solver: Solver): Board[] {
  const rows = m + 1;
  const cols = m + 2;
  const tiles = tilingFor(rows, cols);
  const mate = new Int32Array(rows * cols);
  const out: Board[] = [];
  for (let k = 0; out.length < count && k < count * 200; k++) {
    const rng = derive(4242, m, k);
    tiles.sample(rng, mate);
    const cells = Uint16Array.from(dealOnto(mate, rows, cols, m, rng, { avoidSquares: true }));
    const board = { rows, cols, m, cells };
    if (solver.solve(board, { solution: false, maxNodes: 200_000 }).status === 'unique') out.push(board);
  }
  return out;
}

function pad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const gen = new Generator();
  console.log(
    `Tatham-like levels: ${TATHAM_LEVELS.map((n, i) => `${i + 1} ${n}`).join(', ')}, 5 beyond Extreme (dropped)`,
  );
  console.log(
    `up to ${opts.perLevel} puzzles per level and size, from at most ${opts.maxSlots} generated slots (seed ${opts.seed})\n`,
  );
  console.log('   M  slots  beyond  sample  T/B/H/E in sample    ρ nodes  ρ score  ρ grade');
  const reports: SizeReport[] = [];
  for (const m of opts.sizes) {
    const t0 = performance.now();
    const rep = collect(m, opts, gen);
    reports.push(rep);
    const labels = rep.sample.map((s) => s.label);
    const per = [1, 2, 3, 4].map((l) => labels.filter((x) => x === l).length).join('/');
    const beyond = `${((100 * rep.natural[5]) / Math.max(1, rep.slots)).toFixed(0)}%`;
    const rn = spearman(
      rep.sample.map((s) => s.nodes),
      labels,
    );
    const rs = spearman(
      rep.sample.map((s) => s.score),
      labels,
    );
    const rl = spearman(
      rep.sample.map((s) => s.level),
      labels,
    );
    console.log(
      `${pad(m, 4)} ${pad(rep.slots, 6)} ${pad(beyond, 7)} ${pad(rep.sample.length, 7)}  ${per.padEnd(18)} ${pad(rn.toFixed(3), 8)} ${pad(rs.toFixed(3), 8)} ${pad(rl.toFixed(3), 8)}   (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  // Where the orders disagree: each Tatham-like level against our grade.
  console.log('\nTatham-like level (rows) against our grade (columns), all sizes above together:');
  console.log(`${''.padEnd(10)}${LEVELS.map((l) => pad(l.name, 14)).join('')}`);
  for (let label = 1; label <= 4; label++) {
    const row = LEVELS.map((l) =>
      reports.reduce((n, r) => n + r.sample.filter((s) => s.label === label && s.level === l.level).length, 0),
    );
    console.log(`${TATHAM_LEVELS[label - 1].padEnd(10)}${row.map((n) => pad(n, 14)).join('')}`);
  }
  // Which rules the puzzles of each label needed: where a rule sits too low or too high.
  console.log('\nPuzzles of each Tatham-like level that used each rule (levels 3 up), all sizes together:');
  console.log(`${''.padEnd(28)}${TATHAM_LEVELS.map((n) => pad(n, 9)).join('')}`);
  for (const rule of LADDER.filter((r) => r.level >= 3)) {
    const row = [1, 2, 3, 4].map((label) =>
      reports.reduce((n, r) => n + r.sample.filter((s) => s.label === label && s.used.includes(rule.name)).length, 0),
    );
    console.log(`${`${rule.level} ${rule.name}`.padEnd(28)}${row.map((n) => pad(n, 9)).join('')}`);
  }
  console.log('\nNatural label distribution of the generated puzzles (T/B/H/E/beyond):');
  for (const r of reports) console.log(`  M=${r.m}: ${r.natural.slice(1).join('/')} of ${r.slots}`);

  // Cost of grading: one gradeBoard call per puzzle, after a warm-up.
  console.log('\nGrading cost per puzzle:');
  const solver = new Solver();
  for (const m of opts.costSizes) {
    const boards = uniqueBoards(m, opts.costBoards, solver);
    for (const b of boards.slice(0, 10)) gradeBoard(b);
    const times: number[] = [];
    const levels = new Array<number>(LEVELS.length + 1).fill(0);
    for (const b of boards) {
      const t0 = performance.now();
      const g = gradeBoard(b);
      times.push(performance.now() - t0);
      levels[g.level]++;
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    times.sort((a, b) => a - b);
    console.log(
      `  M=${m}: ${boards.length} unique puzzles, median ${quantile(times, 0.5).toFixed(3)} ms, mean ${mean.toFixed(3)} ms, p95 ${quantile(times, 0.95).toFixed(3)} ms, max ${times[times.length - 1].toFixed(1)} ms; grades ${levels.slice(1).join('/')}`,
    );
  }
}

main();
