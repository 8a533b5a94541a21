// Bench section `scale` (issue 36's table): the 1M-row catalog built (`build --sizes 6 --per-tier
// 62500 --variants 3 --tier-by nodes`) into a temporary directory and audited at --jobs 2, and
// Sudomino's 16×16 shapes generated for seeds 1..10. Each command runs as a child under
// /usr/bin/time -v, whose maximum resident set covers the child's worker threads too; each
// Sudomino slot is also made in this process as generate's worker makes it, the puzzle alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindNamed } from '../../src/kinds.js';
import { median } from './startup.js';

/** Issue 36's targets, on a quiet two-core machine. */
const TARGETS = { buildS: 50, auditS: 45, wasteShare: 0.15, rssMB: 1024, bytesPerRow: 350, sudominoS: 1 };
/** Rows a base puzzle stores: itself and its 3 variants; 4 tiers of one size. */
const ROWS_PER_BASE = 4;
const TIERS = 4;

export interface ScaleOptions {
  /** Catalog rows to build (default 1,000,000); a multiple of 16 keeps the tiers even. */
  rows: number;
  /** Seeds 1..seeds of each Sudomino shape (default 10). */
  seeds: number;
  shapes: string[];
}

/** One child command as /usr/bin/time -v saw it. */
interface Timed {
  wallS: number;
  cpuS: number | null;
  maxRssMB: number | null;
  stderr: string;
  stdout: string;
}

export interface ScaleResult {
  rows: number;
  perTier: number;
  build: Timed & {
    slots: number | null;
    tierFull: number | null;
    /** Share of worker time spent on slots not kept, as the build's summary prints it. */
    wasteShare: number | null;
    /** An upper bound of the CPU spent on slots not kept over the build's CPU: waste × workers × wall / CPU. */
    wasteOfCpu: number | null;
    fileBytes: number;
  };
  audit: Timed;
  sudomino: {
    shape: string;
    seeds: number;
    /** The whole command per seed: start-up, worker thread and exit included. */
    wallS: number[];
    medianS: number;
    /** The puzzle alone per seed: slot 0 made in this process by the kind's maker, as the worker makes it. */
    puzzleS: number[];
    medianPuzzleS: number;
    maxRssMB: number | null;
  }[];
}

/** The section's own options after `--only scale`: --scale-rows N, --scale-seeds N, --scale-shapes A,B. */
export function scaleOptions(argv: readonly string[]): ScaleOptions {
  const at = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i < 0 ? undefined : argv[i + 1];
  };
  const whole = (flag: string, fallback: number): number => {
    const text = at(flag);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`bench: ${flag} needs a whole number ≥ 1 (got ${text})`);
    return n;
  };
  return {
    rows: whole('--scale-rows', 1_000_000),
    seeds: whole('--scale-seeds', 10),
    shapes: (at('--scale-shapes') ?? '16x16:10,16x16:12').split(','),
  };
}

/** A field of /usr/bin/time -v's report, by its label. */
function field(text: string, label: string): string | undefined {
  const line = text.split('\n').find((l) => l.trim().startsWith(label));
  return line?.slice(line.lastIndexOf(': ') + 2).trim();
}

/** `node cli.js args` in a child, timed; throws on a non-zero exit. */
function run(cli: string, args: string[]): Timed {
  const timeV = existsSync('/usr/bin/time');
  const argv = [process.execPath, cli, ...args];
  const t0 = process.hrtime.bigint();
  const r = timeV
    ? spawnSync('/usr/bin/time', ['-v', ...argv], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallS = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const user = Number(field(r.stderr, 'User time (seconds)') ?? NaN);
  const sys = Number(field(r.stderr, 'System time (seconds)') ?? NaN);
  const rss = Number(field(r.stderr, 'Maximum resident set size (kbytes)') ?? NaN);
  return {
    wallS,
    cpuS: Number.isFinite(user + sys) ? user + sys : null,
    maxRssMB: Number.isFinite(rss) ? rss / 1024 : null,
    stderr: r.stderr,
    stdout: r.stdout,
  };
}

/** Seconds to make slot 0 of Sudomino `shape` for `seed` in this process, as generate's worker makes it. */
function puzzleSeconds(shape: string, seed: number): number {
  const maker = kindNamed('sudomino').generating.maker({ seed, format: 'jsonl' });
  const t0 = process.hrtime.bigint();
  const made = maker.make(shape, 0, undefined);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (!made.ok) throw new Error(`sudomino ${shape} seed ${seed}: ${made.timedOut ? 'timed out' : made.error}`);
  return s;
}

/** The build summary's row of size M=6: slots, tier-full, ms/kept, kept and waste. */
function summaryRow(
  text: string,
): { slots: number; kept: number; tierFull: number; msPerKept: number; waste: number } | null {
  const line = text.split('\n').find((l) => /^M=6\s+\d+\s+\d+\s+\d+\s+\d+/.test(l));
  if (line === undefined) return null;
  const f = line.trim().split(/\s+/);
  // size slots kept duplicate tier-full rejected attempts/unique ms/kept waste
  return {
    slots: Number(f[1]),
    kept: Number(f[2]),
    tierFull: Number(f[4]),
    msPerKept: Number(f[7]),
    waste: Number(f[8].replace('%', '')) / 100,
  };
}

const ratio = (x: number | null, target: number): string => (x === null ? '' : ` (${(x / target).toFixed(2)}× target)`);
const mb = (x: number | null): string => (x === null ? '-' : `${x.toFixed(0)} MB`);

export function scaleRun(root: string, o: ScaleOptions): ScaleResult {
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const perTier = Math.max(1, Math.round(o.rows / (ROWS_PER_BASE * TIERS)));
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-scale-'));
  try {
    const db = join(dir, 'scale.sqlite');
    const args = ['build', '--sizes', '6', '--per-tier', String(perTier), '--variants', '3', '--tier-by', 'nodes'];
    const b = run(cli, [...args, '--db', db]);
    const row = summaryRow(b.stderr);
    const rows = perTier * ROWS_PER_BASE * TIERS;
    // The summary's waste is a share of worker time, which is wall time in the workers: at least
    // their CPU, since a worker may wait for a core (two workers, the deciding thread and the
    // writer share two). No more than the build's default worker count times its wall time can
    // be worker time, so waste × jobs × wall over the build's CPU bounds the thrown-away slots'
    // share of that CPU from above, however busy the machine.
    const jobs = availableParallelism();
    const wasteOfCpu = row === null || b.cpuS === null ? null : (row.waste * jobs * b.wallS) / b.cpuS;
    const build = {
      ...b,
      slots: row?.slots ?? null,
      tierFull: row?.tierFull ?? null,
      wasteShare: row?.waste ?? null,
      wasteOfCpu,
      fileBytes: statSync(db).size,
    };
    const audit = run(cli, ['audit', '--db', db, '--jobs', '2']);
    const sudomino = o.shapes.map((shape) => {
      const runs = Array.from({ length: o.seeds }, (_, k) =>
        run(cli, ['generate', '--kind', 'sudomino', '--sizes', shape, '--count', '1', '--seed', String(k + 1)]),
      );
      const wallS = runs.map((r) => r.wallS);
      const rss = runs.map((r) => r.maxRssMB).filter((x): x is number => x !== null);
      const puzzleS = Array.from({ length: o.seeds }, (_, k) => puzzleSeconds(shape, k + 1));
      return {
        shape,
        seeds: o.seeds,
        wallS,
        medianS: median(wallS),
        puzzleS,
        medianPuzzleS: median(puzzleS),
        maxRssMB: rss.length > 0 ? Math.max(...rss) : null,
      };
    });
    console.log(`\nScale (issue 36): ${rows.toLocaleString('en')} rows (${args.join(' ')}), then audit --jobs 2`);
    console.log(
      `  build                 ${b.wallS.toFixed(1).padStart(7)} s${ratio(b.wallS, TARGETS.buildS)}, ${b.cpuS?.toFixed(1) ?? '-'} s CPU, peak RSS ${mb(b.maxRssMB)}${ratio(b.maxRssMB, TARGETS.rssMB)}`,
    );
    if (row !== null)
      console.log(
        `  thrown-away slots     ${row.tierFull} tier-full of ${row.slots}; ${(100 * row.waste).toFixed(0)}% of worker time on slots not kept${ratio(row.waste, TARGETS.wasteShare)}; ${build.wasteOfCpu === null ? "of the build's CPU: - (no CPU time measured)" : `at most ${(100 * build.wasteOfCpu).toFixed(1)}% of the build's CPU${ratio(build.wasteOfCpu, TARGETS.wasteShare)}`}`,
      );
    console.log(
      `  catalog file          ${(build.fileBytes / rows).toFixed(0)} B/row${ratio(build.fileBytes / rows, TARGETS.bytesPerRow)} (${(build.fileBytes / 2 ** 20).toFixed(0)} MB)`,
    );
    console.log(
      `  audit --jobs 2        ${audit.wallS.toFixed(1).padStart(7)} s${ratio(audit.wallS, TARGETS.auditS)}, ${audit.cpuS?.toFixed(1) ?? '-'} s CPU, peak RSS ${mb(audit.maxRssMB)}${ratio(audit.maxRssMB, TARGETS.rssMB)}`,
    );
    for (const s of sudomino)
      console.log(
        `  generate ${s.shape.padEnd(12)} ${s.medianPuzzleS.toFixed(2).padStart(7)} s a puzzle${ratio(s.medianPuzzleS, TARGETS.sudominoS)} (the slot alone, max ${Math.max(...s.puzzleS).toFixed(2)} s); the command ${s.medianS.toFixed(2)} s${ratio(s.medianS, TARGETS.sudominoS)} (max ${Math.max(...s.wallS).toFixed(2)} s), peak RSS ${mb(s.maxRssMB)}; medians of seeds 1..${s.seeds}`,
      );
    const strip = (t: Timed): Timed => ({ ...t, stderr: '', stdout: '' });
    return { rows, perTier, build: { ...build, stderr: '', stdout: '' }, audit: strip(audit), sudomino };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
