// `dominosa build` of Dominosa puzzles, run as the compiled CLI in a child process (what every
// kind's build does alike is every-kind.test.ts's): every stored puzzle passes the audit's checks
// (src/catalog/check.ts: unique by both solvers, solution, nodes, tier, hash, variant = base under
// its transform) under thresholds sampled from another seed, the same rows and digests however
// decisions are cut into commits, a new size added with --extend, the main thread's memory, tiers
// by grade, resume after SIGINT, --dry-run, a size out of slots, and thresholds of another solver.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPuzzle } from '../../../src/dominosa/check.js';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { REFERENCE_VERSION } from '../../../src/dominosa/rank/reference.js';
import { GRADER_VERSION, storedGrade } from '../../../src/dominosa/rank/stored.js';
import { bandOfLevel, GRADE_BANDS } from '../../../src/dominosa/rank/bands.js';
import { proposeBandCuts } from '../../../src/rank/cuts.js';
import { TIERS, tierOf, type Thresholds, type Tier } from '../../../src/rank/tiers.js';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';
import {
  checksumBlob,
  dumpCatalog,
  editCatalog,
  query,
  scalar,
  storedRows,
  type CatalogDump,
} from '../../helpers/catalog.js';
import { CLI, DATA, cli } from '../../helpers/cli.js';

let dir: string;
let tiersFile: string;
let thresholds: Record<number, Thresholds>;

/**
 * Cuts at the 40/70/90th percentiles of a sample from another seed, so every tier is reachable
 * whatever the solver's current node counts; the tests then hold the build to these cuts.
 */
function sampleThresholds(sizes: number[]): Record<number, Thresholds> {
  const gen = new Generator();
  const out: Record<number, Thresholds> = {};
  for (const m of sizes) {
    const nodes: number[] = [];
    for (let k = 0; k < 300; k++) {
      const r = gen.generateSlot(9999, m, k);
      if (r.ok) nodes.push(r.puzzle.nodes);
    }
    nodes.sort((a, b) => a - b);
    const q = (p: number): number => nodes[Math.floor(p * nodes.length)];
    const t1 = q(0.4);
    const t2 = Math.max(q(0.7), t1 + 1);
    const t3 = Math.max(q(0.9), t2 + 1);
    out[m] = { t1, t2, t3 };
  }
  return out;
}

/** The grade bands' node ranges from a sample of another seed, and their yields per 1,000 (the shape sample-cuts writes). */
function sampleBandCuts(sizes: number[]): {
  grade: Record<number, Thresholds>;
  yields: Record<number, Record<Tier, number>>;
} {
  const gen = new Generator();
  const grade: Record<number, Thresholds> = {};
  const yields: Record<number, Record<Tier, number>> = {};
  for (const m of sizes) {
    const points = [];
    for (let k = 0; k < 300; k++) {
      const r = gen.generateSlot(9999, m, k);
      if (r.ok) points.push({ value: r.puzzle.nodes, band: bandOfLevel(storedGrade(r.puzzle.board).level) });
    }
    const p = proposeBandCuts(points);
    grade[m] = p.thresholds;
    yields[m] = Object.fromEntries(TIERS.map((t) => [t, (1000 * p.yields[t]) / points.length])) as Record<Tier, number>;
  }
  return { grade, yields };
}

let bandCuts: Record<number, Thresholds>;

// The node rule's own tests say --tier-by nodes; the default (grade) has its block below.
const SMALL = ['--sizes', '3..4', '--per-tier', '3', '--variants', '2', '--tier-by', 'nodes'];
const build = (db: string, ...extra: string[]) =>
  cli(['build', ...SMALL, '--thresholds', tiersFile, '--db', db, ...extra]);

type Row = PuzzleRow;

let dbA: string;
let a: CatalogDump;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-build-'));
  thresholds = sampleThresholds([3, 4, 5, 6]);
  tiersFile = join(dir, 'tiers.json');
  const graded = sampleBandCuts([3, 4, 5, 6]);
  writeFileSync(
    tiersFile,
    JSON.stringify({ solverVersion: REFERENCE_VERSION, sizes: thresholds, graderVersion: GRADER_VERSION, ...graded }),
  );
  bandCuts = graded.grade;
  dbA = join(dir, 'a.sqlite');
  const r = build(dbA, '--jobs', '2');
  expect(r.stderr).toMatch(/M=3/);
  expect(r.code).toBe(0);
  a = dumpCatalog(dbA);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dominosa build (sizes 3..4, 3 per tier, 2 variants)', () => {
  it('stores only puzzles that pass every audit check, variants included', () => {
    const byId = new Map(a.puzzles.map((p) => [p.id, p]));
    const solver = new Solver();
    expect(a.puzzles.filter((p) => p.base_id !== null).length).toBeGreaterThan(0);
    for (const p of a.puzzles) {
      expect([p.rows, p.cols]).toEqual([p.m + 1, p.m + 2]);
      const base = p.base_id === null ? null : (byId.get(p.base_id) ?? null);
      const rule = { measure: 'nodes' as const, th: thresholds[p.m] };
      expect(
        checkPuzzle(p, base, { rule, solverVersion: REFERENCE_VERSION, graderVersion: GRADER_VERSION, solver }),
      ).toEqual([]);
    }
  });

  it('grades by the thresholds, so tiers are strictly ordered by nodes within a size', () => {
    const bases = a.puzzles.filter((p) => p.base_id === null);
    for (const p of bases) expect(p.tier).toBe(tierOf(p.nodes, thresholds[p.m]));
    for (const m of [3, 4]) {
      const ranges = TIERS.map((t) => bases.filter((p) => p.m === m && p.tier === t).map((p) => p.nodes));
      for (let i = 0; i + 1 < ranges.length; i++)
        expect(Math.max(...ranges[i])).toBeLessThan(Math.min(...ranges[i + 1]));
    }
    // Distinct symmetry classes among the bases.
    expect(new Set(bases.map((p) => p.canonical_hash)).size).toBe(bases.length);
  });

  it('records the build, its thresholds and every decided slot', () => {
    const [b] = query<{ status: string; seed: number; solver_version: string; finished_at: string }>(
      dbA,
      'SELECT * FROM builds',
    );
    expect(b.status).toBe('finished');
    expect(b.seed).toBe(1);
    expect(b.finished_at).toBeTruthy();
    const th = query(
      dbA,
      'SELECT CAST(shape AS INTEGER) AS m, t1, t2, t3 FROM thresholds WHERE build_id = 1 ORDER BY CAST(shape AS INTEGER)',
    );
    expect(th).toEqual([3, 4].map((m) => ({ m, ...thresholds[m] })));
    const kept = scalar(dbA, `SELECT COUNT(*) FROM slots WHERE outcome = 'kept'`);
    expect(kept).toBe(24);
    // Slots are decided in order: 0..n-1 with no gap, per size.
    for (const m of [3, 4]) {
      const [s] = query<{ lo: number; hi: number; n: number }>(
        dbA,
        'SELECT MIN(slot) AS lo, MAX(slot) AS hi, COUNT(*) AS n FROM slots WHERE shape = ?',
        String(m),
      );
      expect([s.lo, s.hi]).toEqual([0, s.n - 1]);
    }
  });

  it('gives identical rows and digests with one decision per transaction and one slot per task', () => {
    // The default writes large transactions of rows the workers prepared; numbering them per
    // commit must agree however the decisions are cut into commits and the slots into tasks.
    // This small build commits on the deciding thread; with batches of one, every batch is full
    // and goes through the store's thread: both give the same rows and digests.
    const db = join(dir, 'batch1.sqlite');
    expect(build(db, '--jobs', '1', '--batch-size', '1', '--chunk', '1').code).toBe(0);
    const b = dumpCatalog(db);
    expect(b.puzzles).toEqual(a.puzzles);
    expect(b.slots).toEqual(a.slots);
    const digests = (path: string) =>
      query(path, "SELECT * FROM digest WHERE name IN ('puzzles', 'slots') ORDER BY name");
    expect(digests(db)).toEqual(digests(dbA));
    expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
  });

  it('fills a new size from the same catalog without touching the sizes already full (with --extend: one catalog, one build key otherwise)', () => {
    const db = join(dir, 'grow.sqlite');
    expect(build(db, '--jobs', '2').code).toBe(0);
    const args = [
      'build',
      '--sizes',
      '3..5',
      '--per-tier',
      '3',
      '--variants',
      '2',
      '--tier-by',
      'nodes',
      '--thresholds',
      tiersFile,
      '--db',
      db,
    ];
    expect(cli(args).code).toBe(2);
    const r = cli([...args, '--extend']);
    expect(r.code, r.stderr).toBe(0);
    const grown = dumpCatalog(db);
    expect(grown.puzzles.filter((p) => p.m <= 4)).toEqual(a.puzzles);
    expect(grown.puzzles.filter((p) => p.m === 5 && p.base_id === null)).toHaveLength(12);
    // Three builds in turn (the refused one included): minutes on a loaded two-core machine.
  }, 180_000);
});

describe('memory', () => {
  it('the main thread decides 16,000 rows within a 20 MB heap: memory does not grow with the catalog', () => {
    const db = join(dir, 'heap.sqlite');
    const r = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=20',
        CLI,
        'build',
        '--sizes',
        '6',
        '--per-tier',
        '1000',
        '--variants',
        '3',
        '--max-slots',
        '50000',
        '--tier-by',
        'nodes',
        '--db',
        db,
      ],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(query(db, 'SELECT COUNT(*) AS n FROM puzzles')).toEqual([{ n: 16_000 }]);
    // A 16,000-row build: about 40 s on a quiet 2-core machine, several times that under load.
  }, 300_000);
});

describe('dominosa build by grade (the default)', () => {
  it("keeps in each tier only its band's puzzles inside its node range, passes audit, and is the same with --jobs 1 and 2", () => {
    const db1 = join(dir, 'grade1.sqlite');
    const db2 = join(dir, 'grade2.sqlite');
    const args = ['--sizes', '5', '--per-tier', '2', '--variants', '1', '--thresholds', tiersFile];
    const r = cli(['build', ...args, '--db', db1, '--jobs', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(cli(['build', ...args, '--db', db2, '--jobs', '2']).code).toBe(0);
    const one = dumpCatalog(db1);
    expect(dumpCatalog(db2).puzzles).toEqual(one.puzzles);
    const bases = one.puzzles.filter((p) => p.base_id === null);
    expect(bases).toHaveLength(8);
    for (const p of bases) {
      expect(p.level).toBe(Math.floor(p.score));
      expect(bandOfLevel(p.level), `base ${p.id}`).toBe(p.tier);
      expect(tierOf(p.nodes, bandCuts[5]), `base ${p.id}`).toBe(p.tier);
    }
    const ranges = TIERS.map((t) => bases.filter((p) => p.tier === t).map((p) => p.nodes));
    for (let i = 0; i + 1 < ranges.length; i++) expect(Math.max(...ranges[i])).toBeLessThan(Math.min(...ranges[i + 1]));
    // The variants share their base's grade.
    for (const v of one.puzzles.filter((p) => p.base_id !== null))
      expect(v.score).toBe(bases.find((b) => b.id === v.base_id)?.score);
    expect(JSON.parse((one.builds[0] as { options: string }).options)).toMatchObject({
      tierBy: 'grade',
      graderVersion: GRADER_VERSION,
      thresholds: { 5: bandCuts[5] },
    });
    expect(cli(['audit', '--db', db1, '--jobs', '1']).code).toBe(0);
  }, 180_000);

  it('audit fails a catalog whose tier holds a puzzle of another band, even with its checksums renewed', () => {
    const db = join(dir, 'grade-tampered.sqlite');
    copyFileSync(join(dir, 'grade1.sqlite'), db);
    editCatalog(db, (d) => {
      const rows = storedRows<Row>(d);
      const base = rows.find((p) => p.base_id === null && p.tier === 'hard')!;
      const update = d.prepare('UPDATE puzzles SET tier = ?, checksum = ? WHERE id = ?');
      for (const p of rows.filter((x) => x.id === base.id || x.base_id === base.id))
        update.run('normal', checksumBlob({ ...p, tier: 'normal' }), p.id);
    });
    const r = cli(['audit', '--db', db, '--jobs', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/tier-mismatch +2\n/);
    expect(r.stdout).toMatch(
      /tier-mismatch: stored tier normal, but grade \w+ \(Hard\) with reference nodes \d+ is hard under M=5/,
    );
  });

  it('says what a finished catalog holds when it is run again', () => {
    const r = cli([
      'build',
      '--sizes',
      '5',
      '--per-tier',
      '2',
      '--variants',
      '1',
      '--thresholds',
      tiersFile,
      '--db',
      join(dir, 'grade1.sqlite'),
      '--jobs',
      '1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /already finished in .*grade1\.sqlite \(build 1\), which holds 16 puzzles of M = 5: 8 base puzzles in 4 tiers, and their variants; nothing to do \(to rebuild it, delete the file and rerun\)/,
    );
  });

  it('--grade keeps only puzzles of the target grade, records it, and audits clean', () => {
    const db = join(dir, 'graded.sqlite');
    const r = cli([
      'build',
      '--sizes',
      '6',
      '--per-tier',
      '2',
      '--variants',
      '1',
      '--grade',
      'expert',
      '--tier-by',
      'nodes',
      '--thresholds',
      tiersFile,
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const got = dumpCatalog(db);
    expect(got.puzzles.filter((p) => p.base_id === null)).toHaveLength(8);
    for (const p of got.puzzles) expect(p.level).toBeGreaterThanOrEqual(GRADE_BANDS.expert.minLevel);
    expect(JSON.parse((got.builds[0] as { options: string }).options)).toMatchObject({ grade: 'expert' });
    expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
  });
});

/**
 * Start a build whose worker stalls (a fault point) at slot `at` of M = 3, wait until it says it
 * stalled, with the slots before it finished, and stop it there with `signal`.
 */
async function stopAtStalledSlot(db: string, args: string[], at: number, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [CLI, 'build', ...args, '--db', db], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DOMINOSA_FAULT: `stall:slot:3:${at}` },
  });
  let stderr = '';
  const stalled = new Promise<boolean>((res) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.includes(`stalled at slot:3:${at}`)) res(true);
    });
    child.on('exit', () => res(false));
  });
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const reached = await stalled;
  child.kill(signal);
  return { code: await exited, stderr, reached };
}

describe('resuming a stopped build', () => {
  const args = () => [
    '--sizes',
    '3..6',
    '--per-tier',
    '6',
    '--variants',
    '1',
    '--jobs',
    '1',
    '--batch-size',
    '4',
    '--tier-by',
    'nodes',
    '--thresholds',
    tiersFile,
  ];
  let whole: CatalogDump;

  beforeAll(() => {
    const db = join(dir, 'whole.sqlite');
    expect(cli(['build', ...args(), '--db', db]).code).toBe(0);
    whole = dumpCatalog(db);
  });

  it('on SIGINT commits, says how to resume and exits 130; the rerun completes it', async () => {
    const db = join(dir, 'interrupted.sqlite');
    // Slots 0-4 are finished when slot 5 stalls; Ctrl-C commits them before it exits.
    const stop = await stopAtStalledSlot(db, [...args(), '--chunk', '1'], 5, 'SIGINT');
    expect(stop.reached, stop.stderr).toBe(true);
    expect(stop.code).toBe(130);
    expect(stop.stderr).toMatch(/Rerun the same command to resume/);
    const partial = dumpCatalog(db);
    expect((partial.builds[0] as { status: string }).status).toBe('interrupted');
    expect(partial.slots.map((x) => [x.shape, x.slot])).toEqual([0, 1, 2, 3, 4].map((k) => ['3', k]));
    expect(cli(['build', ...args(), '--db', db]).code).toBe(0);
    expect(dumpCatalog(db).puzzles).toEqual(whole.puzzles);
  });
});

describe('build --dry-run', () => {
  it("decides as the build would, from the catalog's own builds, and writes nothing", () => {
    const fresh = join(dir, 'dry-fresh.sqlite');
    const r0 = cli(['build', '--dry-run', '--db', fresh]);
    expect(r0.code, r0.stderr).toBe(0);
    expect(r0.stderr).toMatch(
      /^dominosa: would build M=3,4,5,6,7,8,9, 25 per tier, 3 variants, seed 1, tiers by grade, .*nothing was built \(--dry-run\)\n$/,
    );
    expect(existsSync(fresh)).toBe(false);
    const shipped = join(dir, 'dry-shipped.sqlite');
    copyFileSync(join(DATA, 'catalog.sqlite'), shipped);
    const before = readFileSync(shipped);
    const same = cli(['build', '--dry-run', '--db', shipped]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toMatch(/already holds this build, finished; nothing was built/);
    const other = cli(['build', '--dry-run', '--seed', '5', '--db', shipped]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^dominosa: .* holds another build \(build 1\), and this one differs in --seed 5 \(the catalog's: 1\): .*--extend.*\n$/,
    );
    expect(readFileSync(shipped).equals(before)).toBe(true);
  });
});

describe('a size that runs out of slots', () => {
  it('exits 1 with a clear message, keeps what it found, and continues given a larger budget', () => {
    const opts = [
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '3',
      '--variants',
      '2',
      '--tier-by',
      'nodes',
      '--thresholds',
      tiersFile,
    ];
    const db = join(dir, 'budget.sqlite');
    const r = cli([...opts, '--db', db, '--max-slots', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/dominosa: size M=3 ran out of slots before every tier held 3 puzzles; .* --max-slots/);
    const partial = dumpCatalog(db);
    expect(partial.slots).toHaveLength(5);
    expect((partial.builds[0] as { status: string }).status).toBe('incomplete');
    // --max-slots does not change which puzzles are kept, so this is the same build, resumed.
    expect(cli([...opts, '--db', db]).code).toBe(0);
    const fresh = join(dir, 'budget-fresh.sqlite');
    expect(cli([...opts, '--db', fresh]).code).toBe(0);
    expect(dumpCatalog(db).puzzles).toEqual(dumpCatalog(fresh).puzzles);
    expect(dumpCatalog(db).slots).toEqual(dumpCatalog(fresh).slots);
  });
});

describe('bad options', () => {
  it('refuses thresholds tuned for another solver version', () => {
    const stale = join(dir, 'stale-tiers.json');
    writeFileSync(stale, JSON.stringify({ solverVersion: 'some-older-solver', sizes: thresholds }));
    const db = join(dir, 'stale.sqlite');
    const r = cli(['build', '--sizes', '3', '--thresholds', stale, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tuned for solver some-older-solver.*re-tune/);
    expect(existsSync(db)).toBe(false);
  });
});
