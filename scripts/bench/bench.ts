// `npm run bench`: speed and memory of the solver, printed as tables with the targets beside
// them and written as JSON (bench-results/latest.json) for comparison between commits.
// A benchmark, not a test: it prints numbers and ratios and never fails on them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Board, formatBoardText } from '../../src/dominosa/board.js';
import { aimsTable } from './aims.js';
import { bandsTable } from './bands.js';
import { defaultBuild } from './default.js';
import { formatsTable } from './formats.js';
import { buildThroughput, generationTable } from './generate.js';
import { budgetTable, catalogRuns, proofTable } from './large.js';
import { mergeScaling } from './merge.js';
import { scaleOptions, scaleRun } from './scale.js';
import { slurmScenario } from './slurm.js';
import { startupTimes } from './startup.js';
import { sudominoTable } from './sudomino.js';
import { sudominoLargeTable } from './large-shapes.js';
import { dealOnto } from '../../src/dominosa/make/deal.js';
import { derive } from '../../src/rng.js';
import { Solver } from '../../src/dominosa/solve/solver.js';
import { tilingFor } from '../../src/tiling/tiling.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const quick = process.argv.includes('--quick');
const BOARDS = quick ? 50 : 200;

interface Row {
  m: number;
  kind: 'unique' | 'random';
  boards: number;
  medianUs: number;
  p95Us: number;
  maxUs: number;
  medianNodes: number;
  targetMedianUs?: number;
  targetP95Us?: number;
  targetMaxUs?: number;
}

const TARGETS: Record<string, Partial<Row>> = {
  'unique:6': { targetMedianUs: 5 },
  'unique:9': { targetMedianUs: 10 },
  'unique:15': { targetMedianUs: 40 },
  'unique:20': { targetMedianUs: 200, targetP95Us: 2000 },
  'random:9': { targetMedianUs: 30, targetMaxUs: 10_000 },
  'random:20': { targetMedianUs: 250, targetMaxUs: 10_000 },
};

function quantile(sorted: number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}

/** Deals onto uniform tilings: filtered ones until `count` are unique, or raw ones. */
function boardsFor(m: number, kind: 'unique' | 'random', count: number, solver: Solver): Board[] {
  const rows = m + 1;
  const cols = m + 2;
  const tiles = tilingFor(rows, cols);
  const mate = new Int32Array(rows * cols);
  const out: Board[] = [];
  for (let k = 0; out.length < count && k < count * 1000; k++) {
    const rng = derive(2026, m, k, kind === 'unique' ? 1 : 2);
    tiles.sample(rng, mate);
    const cells = Uint16Array.from(dealOnto(mate, rows, cols, m, rng, { avoidSquares: kind === 'unique' }));
    const board = { rows, cols, m, cells };
    if (kind === 'random' || solver.solve(board, { solution: false }).status === 'unique') out.push(board);
  }
  return out;
}

/** Timed passes over the boards; each board's time is its fastest pass. */
const PASSES = 5;

function timeSolves(boards: Board[], solver: Solver): { us: number[]; nodes: number[] } {
  // One untimed pass so the JIT has compiled the hot paths. Then each board's fastest of a
  // few timed passes: a board's cost without the pauses (garbage collection, the other
  // core's work) that land on one solve by chance. The passes interleave the boards so that
  // no board runs on a cache warmed by its own previous solve.
  for (const b of boards) solver.solve(b);
  const us = boards.map(() => Infinity);
  const nodes: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (let i = 0; i < boards.length; i++) {
      const t0 = process.hrtime.bigint();
      const r = solver.solve(boards[i]);
      us[i] = Math.min(us[i], Number(process.hrtime.bigint() - t0) / 1e3);
      if (pass === 0) nodes.push(r.nodes);
    }
  }
  return { us: us.sort((a, b) => a - b), nodes: nodes.sort((a, b) => a - b) };
}

function fmt(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}

function solverTable(): Row[] {
  const solver = new Solver();
  const rows: Row[] = [];
  for (const m of [3, 6, 9, 12, 15, 20]) {
    for (const kind of ['unique', 'random'] as const) {
      const boards = boardsFor(m, kind, BOARDS, solver);
      const { us, nodes } = timeSolves(boards, solver);
      rows.push({
        m,
        kind,
        boards: boards.length,
        medianUs: quantile(us, 0.5),
        p95Us: quantile(us, 0.95),
        maxUs: us[us.length - 1],
        medianNodes: quantile(nodes, 0.5),
        ...TARGETS[`${kind}:${m}`],
      });
    }
  }
  console.log(
    `\nUniqueness proofs (count to 2, model build included), µs per board (each board's fastest of ${PASSES} passes)`,
  );
  console.log('  M  boards  kind    median    p95      max  nodes  target (median / p95 / max)');
  for (const r of rows) {
    const target = [r.targetMedianUs, r.targetP95Us, r.targetMaxUs]
      .map((t) => (t === undefined ? '-' : String(t)))
      .join(' / ');
    const ratio = r.targetMedianUs ? `  (${(r.medianUs / r.targetMedianUs).toFixed(2)}× target)` : '';
    console.log(
      `${String(r.m).padStart(3)}  ${String(r.boards).padStart(6)}  ${r.kind.padEnd(6)} ${fmt(r.medianUs).padStart(7)} ${fmt(r.p95Us).padStart(7)} ${fmt(r.maxUs).padStart(8)} ${String(r.medianNodes).padStart(6)}  ${target}${ratio}`,
    );
  }
  return rows;
}

/** Heap before and after a long run of solves: flat means no per-board garbage is kept. */
function memoryRun(): { boards: number; heapAfter10kMB: number; heapAfterAllMB: number; rssPeakMB: number } {
  const solver = new Solver();
  const boards = boardsFor(9, 'random', 500, solver);
  const total = quick ? 20_000 : 100_000;
  let heap10k = 0;
  let rssPeak = 0;
  for (let i = 0; i < total; i++) {
    solver.solve(boards[i % boards.length], { solution: false });
    if (i % 5000 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    if (i === 10_000) {
      global.gc?.();
      heap10k = process.memoryUsage().heapUsed;
    }
  }
  global.gc?.();
  const heapAll = process.memoryUsage().heapUsed;
  const mb = (x: number) => Math.round((x / 2 ** 20) * 10) / 10;
  const res = { boards: total, heapAfter10kMB: mb(heap10k), heapAfterAllMB: mb(heapAll), rssPeakMB: mb(rssPeak) };
  console.log(
    `\nMemory over ${total} M=9 solves: heap ${res.heapAfter10kMB} MB after 10k, ${res.heapAfterAllMB} MB at the end; peak RSS ${res.rssPeakMB} MB`,
  );
  return res;
}

/** `dominosa solve` end to end on a file of 10,000 M=9 boards (parse, solve, print). */
function cliThroughput(): { boards: number; seconds: number; boardsPerSecond: number } {
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-'));
  try {
    const solver = new Solver();
    const boards = boardsFor(9, 'random', quick ? 2000 : 10_000, solver);
    const file = join(dir, 'boards.txt');
    writeFileSync(file, boards.map((b) => formatBoardText(b)).join('\n\n') + '\n');
    const cli = join(root, 'dist', 'scripts', 'cli.js');
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [cli, 'solve', file, '--format', 'jsonl'], { maxBuffer: 1 << 30 });
      const s = Number(process.hrtime.bigint() - t0) / 1e9;
      if (r.status !== 0) throw new Error(`solve exited ${r.status}: ${String(r.stderr)}`);
      best = Math.min(best, s);
    }
    const res = { boards: boards.length, seconds: best, boardsPerSecond: Math.round(boards.length / best) };
    console.log(
      `\ndominosa solve, ${res.boards} M=9 boards, jsonl: ${best.toFixed(2)} s (best of 3) = ${res.boardsPerSecond} boards/s (target ≥ 20000, ${(res.boardsPerSecond / 20000).toFixed(2)}× target)`,
    );
    return res;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

// `--only merge,slurm` runs only the sections named (each prints the command that reproduces it);
// `--only large` the large-board sections (large.ts); `--only bands` graded generation per
// band and size and the stored grade's time (bands.ts); `--only aims` the default build's
// generation with shared aims against one tier per slot (aims.ts); `--only default` the
// default build's wall time from an empty catalog, Dominosa's part and Sudomino's (default.ts); `--only sudomino` Sudomino's
// proofs, generation and the two methods' agreement (sudomino.ts); `--only scale` issue 36's
// table, the 1M-row build and audit and Sudomino's 16×16 shapes (scale.ts; smaller with
// --scale-rows N, --scale-seeds N, --scale-shapes A,B); `--only sudomino-large` one 16x16 puzzle
// per seed against the second-a-puzzle target (large-shapes.ts).
const SECTIONS = [
  'solver',
  'memory',
  'cli',
  'startup',
  'generation',
  'bands',
  'aims',
  'default',
  'build',
  'formats',
  'merge',
  'slurm',
  'large',
  'sudomino',
  'scale',
  'sudomino-large',
] as const;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? null : (process.argv[onlyAt + 1] ?? '').split(',');
const unknown = (only ?? []).filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length > 0) {
  console.error(`bench: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  process.exit(2);
}
const runs = (s: (typeof SECTIONS)[number]): boolean => only === null || only.includes(s);
// Its size is checked before any section runs.
let scale: ReturnType<typeof scaleOptions>;
try {
  scale = scaleOptions(process.argv);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}

const started = new Date().toISOString();
const results: Record<string, unknown> = {};
if (runs('solver')) results.solver = solverTable();
if (runs('memory')) results.memory = memoryRun();
if (runs('cli')) results.cli = cliThroughput();
if (runs('startup')) results.startup = startupTimes(root, quick);
if (runs('generation')) results.generation = generationTable(root, quick);
if (runs('bands')) results.bands = bandsTable(root, quick);
if (runs('aims')) results.aims = aimsTable(root, quick);
if (runs('default')) results.default = defaultBuild(root, quick);
if (runs('build')) results.build = buildThroughput(root, quick);
if (runs('formats')) results.formats = await formatsTable();
if (runs('merge')) results.merge = mergeScaling(root, quick);
if (runs('slurm')) results.slurm = await slurmScenario(root);
if (runs('sudomino')) results.sudomino = sudominoTable(quick);
if (runs('scale')) results.scale = scaleRun(root, scale);
if (runs('sudomino-large')) results.sudominoLarge = sudominoLargeTable(root, quick);
if (runs('large'))
  results.large = { proofs: proofTable(quick), catalog: catalogRuns(root, quick), budgets: budgetTable(root, quick) };
// A partial run does not replace the full run's record.
const out = join(root, 'bench-results', only === null ? 'latest.json' : `only-${only.join('-')}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ started, commit: gitCommit(), node: process.version, quick, ...results }, null, 2) + '\n',
);
console.log(`\nwritten ${out}`);
