// The generation sections of `npm run bench`: time per unique puzzle per size and tier (one
// core, in this process), the same for graded generation (generate --grade), and build throughput at M=6 with --jobs 1 and 2 (a child process each,
// so its peak memory is its own), with the main thread's load. Numbers and ratios to the targets; nothing fails on them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SEARCH_LEVEL } from '../../src/dominosa/grade/ladder.js';
import { Generator, methodFor } from '../../src/dominosa/make/generator.js';
import { parseGradeTarget } from '../../src/dominosa/rank/bands.js';
import { TIERS, parseTierTable, tierOf, type Tier, type TierTable } from '../../src/rank/tiers.js';

export interface GenerationRow {
  m: number;
  method: string;
  /** A tier, or 'all'. */
  tier: Tier | 'all';
  puzzles: number;
  medianMs: number;
  p90Ms: number;
  /** Means per puzzle: deals (attempts) and repair mutations (steps). */
  attempts: number;
  steps: number;
  /** Search nodes of the proof that kept the puzzle: median and largest. */
  proofNodesMedian: number;
  proofNodesMax: number;
  targetMedianMs?: number;
  /** Graded generation only: the --grade target, and how many puzzles landed on each level of the ladder. */
  grade?: string;
  levels?: number[];
}

export interface ThroughputRun {
  jobs: number;
  perTier: number;
  variants: number;
  puzzles: number;
  seconds: number;
  puzzlesPerSecond: number;
  peakRssMB: number;
  /** The main thread's event-loop utilisation over the build (performance.eventLoopUtilization). */
  mainElu: number;
  /** CPU seconds of the whole process, and of its main thread (null where /proc is not there). */
  cpuSeconds: number;
  mainCpuSeconds: number | null;
}

/** Median targets per size (any tier), and the expert ones that replace them. */
const TARGET_MS: Record<number, number> = { 6: 0.3, 9: 0.5, 15: 10, 30: 50, 50: 200, 100: 2000 };
const EXPERT_TARGET_MS: Record<number, number> = { 20: 1000, 30: 5000 };

function quantile(sorted: number[], f: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}

function loadTiers(root: string): TierTable {
  const res = parseTierTable(JSON.parse(readFileSync(join(root, 'data', 'tiers.json'), 'utf8')));
  if (!res.ok) throw new Error(res.error);
  return res.table;
}

function fmtMs(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3);
}

/**
 * Slots 0..n-1 of each size, seed 2026, one after another in one Generator (as a worker makes
 * them), each timed from the slot's start to its graded, hashed puzzle.
 */
export function generationTable(root: string, quick: boolean): GenerationRow[] {
  const counts: Record<number, number> = quick
    ? { 6: 200, 9: 200, 12: 80, 15: 60, 20: 40, 30: 24, 50: 8, 100: 3 }
    : { 6: 1000, 9: 1000, 12: 300, 15: 200, 20: 120, 30: 80, 50: 24, 100: 8 };
  const tiers = loadTiers(root);
  const gen = new Generator();
  const rows: GenerationRow[] = [];
  for (const [mText, n] of Object.entries(counts)) {
    const m = Number(mText);
    // Warm up the JIT and the size's tiling source, untimed (other seed).
    for (let k = 0; k < Math.min(20, n); k++) gen.generateSlot(1, m, k);
    const made: { ms: number; tier: Tier; attempts: number; steps: number; proofNodes: number }[] = [];
    for (let k = 0; k < n; k++) {
      const t0 = process.hrtime.bigint();
      const r = gen.generateSlot(2026, m, k);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (!r.ok) throw new Error(`bench: M=${m} slot ${k}: ${r.reason}`);
      const p = r.puzzle;
      made.push({
        ms,
        tier: tierOf(p.nodes, tiers[m]),
        attempts: p.attempts,
        steps: p.steps,
        proofNodes: p.proofNodes,
      });
    }
    for (const tier of ['all', ...TIERS] as const) {
      const group = tier === 'all' ? made : made.filter((x) => x.tier === tier);
      if (group.length === 0) continue;
      const ms = group.map((x) => x.ms).sort((a, b) => a - b);
      const nodes = group.map((x) => x.proofNodes).sort((a, b) => a - b);
      const target = tier === 'expert' ? (EXPERT_TARGET_MS[m] ?? TARGET_MS[m]) : TARGET_MS[m];
      rows.push({
        m,
        method: methodFor(m),
        tier,
        puzzles: group.length,
        medianMs: quantile(ms, 0.5),
        p90Ms: quantile(ms, 0.9),
        attempts: group.reduce((a, x) => a + x.attempts, 0) / group.length,
        steps: group.reduce((a, x) => a + x.steps, 0) / group.length,
        proofNodesMedian: quantile(nodes, 0.5),
        proofNodesMax: nodes[nodes.length - 1],
        ...(target !== undefined ? { targetMedianMs: target } : {}),
      });
    }
  }
  console.log('\nGeneration, ms per unique puzzle (one core; proof, grade and hash included), by size and tier');
  console.log(
    '  M  method     tier    puzzles   median      p90  attempts   steps  proof nodes (med/max)  target (median)',
  );
  for (const r of rows) {
    const target =
      r.targetMedianMs === undefined
        ? ''
        : `${fmtMs(r.targetMedianMs)} ms (${(r.medianMs / r.targetMedianMs).toFixed(2)}× target)`;
    console.log(
      `${String(r.m).padStart(3)}  ${r.method.padEnd(9)}  ${r.tier.padEnd(7)} ${String(r.puzzles).padStart(7)} ${fmtMs(r.medianMs).padStart(8)} ${fmtMs(r.p90Ms).padStart(8)} ${r.attempts.toFixed(1).padStart(9)} ${r.steps.toFixed(0).padStart(7)}  ${`${r.proofNodesMedian} / ${r.proofNodesMax}`.padStart(21)}  ${target}`,
    );
  }
  return [...rows, ...gradedGenerationTable(quick)];
}

/** Graded generation's median targets, ms per puzzle. */
const GRADED_TARGET_MS: Record<string, number> = { '9:hard': 50, '9:expert': 500, '20:expert': 5000 };

/**
 * Graded generation (Generator with a grade target), timed like generationTable: slots 0..n-1,
 * seed 2026, after a warm-up on another seed. A slot's time covers every deal it rejected.
 */
export function gradedGenerationTable(quick: boolean): GenerationRow[] {
  const cases: [number, string, number][] = quick
    ? [
        [9, 'hard', 100],
        [9, 'expert', 100],
        [15, 'hard', 30],
        [15, 'expert', 30],
        [20, 'hard', 30],
        [20, 'expert', 30],
      ]
    : [
        [9, 'hard', 500],
        [9, 'expert', 500],
        [15, 'hard', 100],
        [15, 'expert', 100],
        [20, 'hard', 60],
        [20, 'expert', 60],
      ];
  const gen = new Generator();
  const rows: GenerationRow[] = [];
  for (const [m, name, n] of cases) {
    const parsed = parseGradeTarget(name);
    if (!parsed.ok) throw new Error(parsed.error);
    const grade = parsed.target;
    for (let k = 0; k < Math.min(10, n); k++) gen.generateSlot(1, m, k, { grade });
    const ms: number[] = [];
    const nodes: number[] = [];
    const levels = new Array<number>(SEARCH_LEVEL + 1).fill(0);
    let attempts = 0;
    let steps = 0;
    for (let k = 0; k < n; k++) {
      const t0 = process.hrtime.bigint();
      const r = gen.generateSlot(2026, m, k, { grade });
      ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!r.ok) throw new Error(`bench: M=${m} --grade ${name} slot ${k}: ${r.reason}`);
      attempts += r.puzzle.attempts;
      steps += r.puzzle.steps;
      nodes.push(r.puzzle.proofNodes);
      levels[r.puzzle.level!]++;
    }
    ms.sort((a, b) => a - b);
    nodes.sort((a, b) => a - b);
    const target = GRADED_TARGET_MS[`${m}:${name}`];
    rows.push({
      m,
      method: methodFor(m),
      tier: 'all',
      grade: name,
      levels: levels.slice(1),
      puzzles: n,
      medianMs: quantile(ms, 0.5),
      p90Ms: quantile(ms, 0.9),
      attempts: attempts / n,
      steps: steps / n,
      proofNodesMedian: quantile(nodes, 0.5),
      proofNodesMax: nodes[nodes.length - 1],
      ...(target !== undefined ? { targetMedianMs: target } : {}),
    });
  }
  console.log(
    '\nGraded generation (--grade), ms per puzzle in the target (one core; rejected deals, grading and hash included)',
  );
  console.log(
    `  M  method     grade   puzzles   median      p90  attempts   steps  levels 1–${SEARCH_LEVEL}         target (median)`,
  );
  for (const r of rows) {
    const target =
      r.targetMedianMs === undefined
        ? ''
        : `${fmtMs(r.targetMedianMs)} ms (${(r.medianMs / r.targetMedianMs).toFixed(2)}× target)`;
    console.log(
      `${String(r.m).padStart(3)}  ${r.method.padEnd(9)}  ${r.grade!.padEnd(7)} ${String(r.puzzles).padStart(7)} ${fmtMs(r.medianMs).padStart(8)} ${fmtMs(r.p90Ms).padStart(8)} ${r.attempts.toFixed(1).padStart(9)} ${r.steps.toFixed(0).padStart(7)}  ${r.levels!.join(' ').padEnd(18)} ${target}`,
    );
  }
  return rows;
}

/** Runs one build in a child process and reports its wall time, its main thread's load and the child's peak RSS. */
function timedBuild(root: string, db: string, perTier: number, variants: number, jobs: number): ThroughputRun {
  const build = pathToFileURL(join(root, 'dist', 'pipeline', 'build', 'build.js')).href;
  const progress = pathToFileURL(join(root, 'dist', 'pipeline', 'progress.js')).href;
  // The main thread's own CPU time is Linux's /proc/self/task/PID/stat (utime + stime, in clock
  // ticks); elsewhere only the event loop's utilisation, which load inflates, is printed.
  const script = `
    const { runBuild } = await import(${JSON.stringify(build)});
    const { silentProgress } = await import(${JSON.stringify(progress)});
    const { readFileSync } = await import('node:fs');
    const mainCpu = () => {
      try {
        const f = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ');
        return (Number(f[11]) + Number(f[12])) / 100;
      } catch { return null; }
    };
    const m0 = mainCpu();
    const c0 = process.cpuUsage();
    const e0 = performance.eventLoopUtilization();
    const t0 = performance.now();
    const r = await runBuild({ sizes: ['6'], perTier: ${perTier}, variants: ${variants}, seed: 1, jobs: ${jobs}, tierBy: 'nodes',
      db: ${JSON.stringify(db)}, tiersFile: ${JSON.stringify(join(root, 'data', 'tiers.json'))}, maxAttempts: 100000 }, silentProgress);
    const seconds = (performance.now() - t0) / 1000;
    const elu = performance.eventLoopUtilization(e0).utilization;
    const c = process.cpuUsage(c0);
    const m1 = mainCpu();
    console.log(JSON.stringify({ status: r.status, seconds, elu, cpuS: (c.user + c.system) / 1e6, mainCpuS: m0 === null || m1 === null ? null : m1 - m0, maxRssKB: process.resourceUsage().maxRSS }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench build failed: ${r.stderr}`);
  const res = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
    status: string;
    seconds: number;
    elu: number;
    cpuS: number;
    mainCpuS: number | null;
    maxRssKB: number;
  };
  if (res.status !== 'finished') throw new Error(`bench build ended ${res.status}`);
  const puzzles = 4 * perTier * (1 + variants);
  return {
    jobs,
    perTier,
    variants,
    puzzles,
    seconds: res.seconds,
    puzzlesPerSecond: Math.round(puzzles / res.seconds),
    peakRssMB: Math.round(res.maxRssKB / 1024),
    mainElu: res.elu,
    cpuSeconds: res.cpuS,
    mainCpuSeconds: res.mainCpuS,
  };
}

/** The main thread's own work per row, measured alone (deciderAlone). */
interface DeciderAlone {
  rows: number;
  slots: number;
  cpuMs: number;
  /** Wall ms of each step: answers deserialised (as a worker's message is), decided, committed; and inside commits, the two inserts. */
  cloneMs: number;
  decideMs: number;
  commitMs: number;
  puzzlesMs: number;
  slotsMs: number;
}

/**
 * The build's decider alone: answers of an M = 6 build made in this child process first (as a
 * build's workers would, tier caps included), then replayed through the Decider into a fresh
 * catalog, each run of slots deserialised as a worker's message would be. One thread, no
 * workers to compete with: its CPU per row is what the main thread costs a build, and survives
 * a shared machine better than the builds' wall times.
 */
function deciderAlone(root: string, db: string, perTier: number): DeciderAlone {
  const url = (f: string): string => JSON.stringify(pathToFileURL(join(root, 'dist', ...f.split('/'))).href);
  const script = `
    const { serialize, deserialize } = await import('node:v8');
    const { loadCuts } = await import(${url('src/dominosa/rank/tiers-file.js')});
    const { tiersFileSource } = await import(${url('pipeline/build/thresholds.js')});
    const { planSize } = await import(${url('src/dominosa/rank/aims.js')});
    const runSlots = (await import(${url('pipeline/build/worker.js')})).default;
    const { Catalog } = await import(${url('pipeline/catalog/catalog.js')});
    const { Decider } = await import(${url('pipeline/build/decider.js')});
    const { zeroOutcomes } = await import(${url('pipeline/build/sizes.js')});
    const { silentProgress } = await import(${url('pipeline/build/progress.js')});
    const { kindNamed } = await import(${url('src/kinds.js')});
    const perTier = ${perTier}, db = ${JSON.stringify(db)};
    const { rules, yields } = loadCuts(tiersFileSource(${JSON.stringify(join(root, 'data', 'tiers.json'))}), [6], 'nodes').value;
    const aimed = planSize(6, rules[6], undefined, yields[6]).plan;
    const plan = { wanted: aimed.wanted, unreachable: aimed.unreachable, make: { method: 'auto', aims: aimed.aims } };
    const cat = Catalog.openWriter(db, 'build', null);
    const buildId = cat.transaction(() => cat.createBuild({ key: 'bench', seed: 1, options: '{}', solver_version: '-', grader_version: '-', started_at: '-', status: 'running' }));
    const made = { easy: 0, normal: 0, hard: 0, expert: 0 };
    const chunks = [];
    for (let first = 0; Object.values(made).some((n) => n < perTier); first += 64) {
      const fullTiers = Object.keys(made).filter((t) => made[t] >= perTier);
      const ans = runSlots({ kind: 'dominosa', seed: 1, key: '6', first, count: 64, stride: 1, variants: 3, maxAttempts: 100000, rule: rules[6], fullTiers, make: plan.make, buildId });
      for (const a of ans) if (a.ok && a.puzzle.tier !== null && made[a.puzzle.tier] < perTier) made[a.puzzle.tier]++;
      chunks.push(serialize(ans));
    }
    const size = { key: '6', label: 'M=6', rule: rules[6], plan, counts: { easy: 0, normal: 0, hard: 0, expert: 0 }, slotMs: 0, state: 'active', total: zeroOutcomes(), totalAttempts: 0,
      report: { label: 'M=6', state: 'open', outcomes: zeroOutcomes(), attempts: 0, workerMs: 0, wastedMs: 0 } };
    const options = { sizes: ['6'], perTier, variants: 3, seed: 1, jobs: 1, db, tiersFile: '-', maxAttempts: 100000 };
    const decider = new Decider({ cat, buildId, kind: kindNamed('dominosa'), runs: [size], options, maxSlots: 1e9, batchSize: 1024, batchMs: 1000, progress: silentProgress });
    const T = { clone: 0, decide: 0, commit: 0, puzzles: 0, slots: 0 };
    for (const [k, name] of [['puzzles', 'insertPreparedPuzzles'], ['slots', 'insertSlotValues']]) {
      const f = cat[name].bind(cat);
      cat[name] = (rows) => { const t = performance.now(); try { return f(rows); } finally { T[k] += performance.now() - t; } };
    }
    let slots = 0;
    const c0 = process.cpuUsage();
    for (const buf of chunks) {
      let t = performance.now();
      const ans = deserialize(buf);
      T.clone += performance.now() - t;
      for (const a of ans) {
        if (size.state !== 'active') break;
        t = performance.now(); decider.decide('6', a); T.decide += performance.now() - t; slots++;
        t = performance.now(); decider.commitIfDue(); T.commit += performance.now() - t;
      }
    }
    const t = performance.now(); decider.commit(); T.commit += performance.now() - t;
    const c = process.cpuUsage(c0);
    const rows = cat.countPuzzles();
    cat.close();
    console.log(JSON.stringify({ rows, slots, cpuMs: (c.user + c.system) / 1000, cloneMs: T.clone, decideMs: T.decide, commitMs: T.commit, puzzlesMs: T.puzzles, slotsMs: T.slots }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench decider failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as DeciderAlone;
}

/** The build's targets (issue 19): --jobs 2 at least 1.7× faster than --jobs 1, the main thread busy at most 25% of the wall time. */
const SPEEDUP_TARGET = 1.7;
const ELU_TARGET = 0.25;

/**
 * `build --sizes 6 --tier-by nodes` into a fresh catalog with --jobs 1 and --jobs 2. The full
 * run makes 100,000 puzzle rows (6,250 bases per tier, 3 variants each); tiered by nodes, so the
 * workload is the same whatever the tier rule's default. Targets: speedup ≥ 1.7×, main-thread
 * event-loop utilisation ≤ 25% at --jobs 2, ≤ 60 s and peak RSS < 300 MB for 100,000 puzzles.
 * The speedup needs a quiet machine; the main thread's share of the CPU (its CPU time over the
 * workers') survives load, and says what the main thread costs the workers.
 */
export function buildThroughput(root: string, quick: boolean): ThroughputRun[] {
  const perTier = quick ? 500 : 6250;
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-build-'));
  const runs: ThroughputRun[] = [];
  let alone: DeciderAlone;
  try {
    // A full run times each --jobs twice, in the order 1 2 2 1, so a drift of the machine's speed
    // during the runs falls on both alike (two runs of one command here differ by up to 20%).
    const order = quick ? [1, 2] : [1, 2, 2, 1];
    order.forEach((jobs, i) => runs.push(timedBuild(root, join(dir, `run${i}-jobs${jobs}.sqlite`), perTier, 3, jobs)));
    alone = deciderAlone(root, join(dir, 'decider.sqlite'), quick ? 100 : 1500);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nbuild --sizes 6 --per-tier ${perTier} --variants 3 --tier-by nodes --jobs N (${runs[0].puzzles} puzzle rows), fresh catalog`,
  );
  console.log(
    "  jobs  seconds  puzzles/s  peak RSS MB  main ELU  main CPU s  other CPU s  main/other CPU   (other: the workers, the store thread, V8's own threads)",
  );
  for (const r of runs) {
    const main = r.mainCpuSeconds;
    const cells =
      main === null
        ? ['-', '-', '-']
        : [main.toFixed(2), (r.cpuSeconds - main).toFixed(2), (main / (r.cpuSeconds - main)).toFixed(3)];
    console.log(
      `  ${String(r.jobs).padStart(4)} ${r.seconds.toFixed(1).padStart(8)} ${String(r.puzzlesPerSecond).padStart(10)} ${String(r.peakRssMB).padStart(12)} ${`${(100 * r.mainElu).toFixed(1)}%`.padStart(9)} ${cells[0].padStart(11)} ${cells[1].padStart(12)} ${cells[2].padStart(15)}`,
    );
  }
  const mean = (jobs: number, f: (r: ThroughputRun) => number): number => {
    const of = runs.filter((r) => r.jobs === jobs);
    return of.reduce((x, r) => x + f(r), 0) / of.length;
  };
  const speedup = mean(1, (r) => r.seconds) / mean(2, (r) => r.seconds);
  const elu = mean(2, (r) => r.mainElu);
  const scaled = (mean(2, (r) => r.seconds) * 100_000) / runs[0].puzzles;
  if (runs.length > 2) console.log("  (the speedup and the main thread's load: means of the runs of each --jobs)");
  console.log(
    `  --jobs 2 speedup ${speedup.toFixed(2)}× (target ≥ ${SPEEDUP_TARGET}×, ${(speedup / SPEEDUP_TARGET).toFixed(2)}× target; needs a quiet machine); ` +
      `main thread busy ${(100 * elu).toFixed(1)}% of the wall time at --jobs 2 (target ≤ ${100 * ELU_TARGET}%, ${(elu / ELU_TARGET).toFixed(2)}× target)`,
  );
  console.log(
    `  100,000 puzzles at this rate: ${scaled.toFixed(1)} s (target ≤ 60 s, ${(scaled / 60).toFixed(2)}× target), peak RSS target < 300 MB`,
  );
  const a = alone;
  const us = (ms: number): string => ((1000 * ms) / a.rows).toFixed(1);
  const other = a.commitMs - a.puzzlesMs - a.slotsMs;
  console.log(
    `  decider alone (answers of a ${a.rows}-row build replayed, deciding and committing on one thread, no workers): ${us(a.cpuMs)} µs CPU per row (${((a.cpuMs * 100_000) / a.rows / 1000).toFixed(1)} s per 100,000 rows); ` +
      `wall per row: messages ${us(a.cloneMs)}, decide ${us(a.decideMs)}, puzzle inserts ${us(a.puzzlesMs)}, slot inserts ${us(a.slotsMs)} (${a.slots} slots), commits and digest ${us(other)} µs`,
  );
  return runs;
}
