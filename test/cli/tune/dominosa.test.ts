// Tests for `dominosa tune` of Dominosa's sizes on a small real build (what it does alike for every
// kind is every-kind.test.ts's): without --apply nothing changes but the plots asked for appear;
// --apply keeps the sizes not tuned and the build's own thresholds, and through the CLI says what
// it wrote; the human grade beside the nodes, score and grade cuts; refusals leave everything
// untouched.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plotPath, runTune as runAnyTune, type TuneOptions } from '../../../pipeline/tune/tune.js';
import type { TunedSize } from '../../../src/dominosa/rank/tune.js';
import { spearman } from '../../../src/rank/correlation.js';
import { REFERENCE_VERSION } from '../../../src/dominosa/rank/reference.js';
import { GRADER_VERSION } from '../../../src/dominosa/rank/stored.js';
import { TIERS, parseTierTable, tierOf, type Thresholds } from '../../../src/rank/tiers.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, query } from '../../helpers/catalog.js';
import { cli, DATA } from '../../helpers/cli.js';

const PACKAGED_TIERS = join(DATA, 'tiers.json');

/** The packaged node cuts of size m, which a tune of other sizes leaves as they are. */
function packagedCuts(m: number): Thresholds {
  const file = parseTierTable(JSON.parse(readFileSync(PACKAGED_TIERS, 'utf8')));
  if (!file.ok) throw new Error(file.error);
  return file.table[m];
}
let dir: string;
let built: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-tune-'));
  built = join(dir, 'built.sqlite');
  buildSmallCatalog(built);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh copy of the built catalog and of the packaged tiers file. */
function fixture(): { db: string; tiers: string } {
  const k = n++;
  const db = copyCatalog(built, join(dir, `c${k}.sqlite`));
  const tiers = join(dir, `tiers${k}.json`);
  copyFileSync(PACKAGED_TIERS, tiers);
  return { db, tiers };
}

/** Dominosa's tune, its sizes' analyses typed as Dominosa's. */
const runTune = (o: TuneOptions) => runAnyTune<TunedSize>(o);
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const opts = (f: { db: string; tiers: string }, over: Partial<TuneOptions> = {}): TuneOptions => ({
  db: f.db,
  tiersFile: f.tiers,
  quantiles: [0.4, 0.7, 0.9],
  apply: false,
  ...over,
});

interface Row {
  id: number;
  m: number;
  tier: string;
  nodes: number;
  base_id: number | null;
}

function read(db: string): { rows: Row[]; current: Record<number, Thresholds>; byBuild: unknown[] } {
  const th = query<Thresholds & { m: number; solver_version: string }>(
    db,
    'SELECT CAST(shape AS INTEGER) AS m, t1, t2, t3, solver_version FROM thresholds WHERE build_id IS NULL',
  );
  for (const t of th) expect(t.solver_version).toBe(REFERENCE_VERSION);
  return {
    rows: query<Row>(db, 'SELECT id, m, tier, nodes, base_id FROM puzzles ORDER BY id'),
    current: Object.fromEntries(th.map((t) => [t.m, { t1: t.t1, t2: t.t2, t3: t.t3 }])),
    byBuild: query(db, 'SELECT * FROM thresholds WHERE build_id IS NOT NULL ORDER BY CAST(shape AS INTEGER)'),
  };
}

describe('dominosa tune without --apply', () => {
  it('reports histograms, thresholds and tier counts, writes the plots asked for, and changes nothing', () => {
    const f = fixture();
    const before = [sha(f.db), sha(f.tiers)];
    const r = cli(['tune', '--db', f.db, '--thresholds', f.tiers, '--plot']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^M=3: 12 base puzzles, reference nodes \d+\.\.\d+\n/);
    expect(r.stdout).toMatch(/\n {2}thresholds +t1 +t2 +t3\n {2}current +1 +3 +5\n {2}proposed/);
    expect(r.stdout).toMatch(/\n {2}tier +now +proposed\n {2}easy +3 +\d+\n/);
    expect(r.stdout).toContain(`plot: ${plotPath(f.db, 'M4')}`);
    expect(r.stdout).toMatch(/nothing changed; rerun with --apply/);
    expect([sha(f.db), sha(f.tiers)]).toEqual(before);
    for (const m of [3, 4]) expect(readFileSync(plotPath(f.db, `M${m}`), 'utf8')).toMatch(/^<svg [^]*<\/svg>$/);
    expect(readFileSync(plotPath(f.db, 'M3'), 'utf8')).toContain(
      '<title>M=3: reference nodes of 12 base puzzles</title>',
    );
  });

  it('writes no plots with --no-plot, and only the sizes asked for', async () => {
    const f = fixture();
    const res = await runTune(opts(f, { sizes: ['4'], plots: false }));
    expect(res.sizes.map((s) => s.m)).toEqual([4]);
    expect(readdirSync(dir).filter((x) => x.startsWith(`${f.db.split('/').pop()}.tune`))).toEqual([]);
  });
});

describe('dominosa tune --apply', () => {
  it("writes the tiers file for this solver version, keeping the sizes not tuned and the build's own thresholds; moves some tiers, each to its proposed count", async () => {
    const f = fixture();
    const res = await runTune(opts(f, { apply: true }));
    expect(res.applied).toBe(true);
    // The tiers file: this solver version, still valid, the sizes not tuned kept.
    const file = parseTierTable(JSON.parse(readFileSync(f.tiers, 'utf8')));
    if (!file.ok) throw new Error(file.error);
    expect(file.solverVersion).toBe(REFERENCE_VERSION);
    expect(file.table[9]).toEqual(packagedCuts(9));
    // The catalog: the build's own thresholds left as history; some puzzles moved, every tier to its count.
    const after = read(f.db);
    expect(after.byBuild).toEqual(read(built).byBuild);
    const before = new Map(read(built).rows.map((r) => [r.id, r.tier]));
    expect(after.rows.filter((r) => before.get(r.id) !== r.tier).length).toBeGreaterThan(0);
    for (const s of res.sizes) {
      const bases = after.rows.filter((r) => r.m === s.m && r.base_id === null);
      for (const t of ['easy', 'normal', 'hard', 'expert'] as const)
        expect(bases.filter((b) => b.tier === t).length).toBe(s.next[t]);
    }
  });

  it('applies through the CLI and says so', () => {
    const f = fixture();
    const r = cli([
      'tune',
      '--db',
      f.db,
      '--thresholds',
      f.tiers,
      '--sizes',
      '3',
      '--quantiles',
      '0.3,0.6,0.9',
      '--apply',
      '--no-plot',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /\napplied: thresholds written to .*\.sqlite and .*tiers\d+\.json; \d+ puzzles? changed tier\n$/,
    );
    // Size 4 was not tuned: it keeps the cuts the build took from the packaged file.
    expect(read(f.db).current[4]).toEqual(packagedCuts(4));
  });
});

describe('dominosa tune and the human grade', () => {
  it('reports how nodes and grade scores agree, and how each tier spreads over the grades', async () => {
    const f = fixture();
    const res = await runTune(opts(f, { plots: false }));
    for (const s of res.sizes) {
      const bases = query<{
        nodes: number;
        score: number;
        tier: 'easy' | 'normal' | 'hard' | 'expert';
        level: number;
      }>(f.db, 'SELECT nodes, score, tier, level FROM puzzles WHERE m = ? AND base_id IS NULL ORDER BY id', s.m);
      expect(s.rho).toBe(
        spearman(
          bases.map((b) => b.nodes),
          bases.map((b) => b.score),
        ),
      );
      for (const t of TIERS) {
        for (let l = 1; l <= 7; l++)
          expect(s.spread[t][l]).toBe(bases.filter((b) => b.tier === t && b.level === l).length);
      }
    }
    const text = cli(['tune', '--db', f.db, '--thresholds', f.tiers, '--no-plot']).stdout;
    expect(text).toMatch(/\n {2}nodes vs grade score: Spearman's rho = -?\d\.\d{3}\n {2}tier \/ grade +singles/);
  });

  it('--measure score proposes score cuts; --apply writes them as the file\'s "scores" and tiers by score; build --tier-by score then uses them', async () => {
    const f = fixture();
    const res = await runTune(opts(f, { measure: 'score', apply: true, plots: false }));
    const file = parseTierTable(JSON.parse(readFileSync(f.tiers, 'utf8')));
    if (!file.ok) throw new Error(file.error);
    expect(file.graderVersion).toBe(GRADER_VERSION);
    expect(file.table[9]).toEqual(packagedCuts(9)); // node cuts are kept
    for (const s of res.sizes) {
      expect(file.scores?.[s.m]).toEqual(s.proposed);
      const { t1, t2, t3 } = s.proposed;
      expect(t1 < t2 && t2 < t3).toBe(true);
    }
    const rows = query<{
      m: number;
      tier: string;
      score: number;
      measure: string;
    }>(
      f.db,
      'SELECT p.m, p.tier, p.score, t.measure FROM puzzles p JOIN thresholds t ON t.build_id IS NULL AND t.kind = p.kind AND t.shape = p.shape',
    );
    for (const r of rows) {
      expect(r.measure).toBe('score');
      expect(r.tier).toBe(tierOf(r.score, file.scores![r.m]));
    }
    expect(cli(['audit', '--db', f.db, '--jobs', '1']).code).toBe(0);
    // A build tiered by score with these cuts, into a new catalog: its tiers follow the scores.
    const db2 = join(dir, `score${n++}.sqlite`);
    const b = cli([
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '2',
      '--variants',
      '1',
      '--tier-by',
      'score',
      '--thresholds',
      f.tiers,
      '--db',
      db2,
    ]);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout + b.stderr).toMatch(/M=3 +easy +- +grade score \d\.\d{3}\S* +2\n/);
    expect(cli(['audit', '--db', db2, '--jobs', '1']).code).toBe(0);
  });

  it('build --tier-by score refuses a size above M = 30 that the tiers file has no score cuts for', () => {
    const f = fixture();
    // The packaged file has score cuts for sizes 3..9 only; up to M = 30 a build calibrates the rest.
    const r = cli([
      'build',
      '--sizes',
      '40',
      '--per-tier',
      '2',
      '--tier-by',
      'score',
      '--thresholds',
      f.tiers,
      '--db',
      join(dir, 'none.sqlite'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^dominosa: no score cuts for M=40 in .* calibrates them only up to M=30 .*--measure score --write my-tiers\.json, then add --thresholds my-tiers\.json\n$/,
    );
    expect(existsSync(join(dir, 'none.sqlite'))).toBe(false);
  });
});

describe('dominosa tune refuses, changing nothing', () => {
  function untouched(f: { db: string; tiers: string }, args: string[], message: RegExp): void {
    const before = [sha(f.db), sha(f.tiers)];
    const r = cli(['tune', '--db', f.db, '--thresholds', f.tiers, '--no-plot', ...args]);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect([sha(f.db), sha(f.tiers)]).toEqual(before);
    expect(readdirSync(dir).filter((x) => x.includes('.tmp-'))).toEqual([]);
  }

  it('a size the catalog does not hold, and bad quantiles', () => {
    const f = fixture();
    untouched(f, ['--sizes', '7', '--apply'], /no base puzzles of size M=7 in .* \(it holds sizes 3,4\)/);
    untouched(f, ['--quantiles', '0.5,0.25,0.75', '--apply'], /--quantiles: quantiles must rise strictly/);
  });

  it('node counts from another solver version', () => {
    const f = fixture();
    // As an older release would have recorded it (the digest sealed again, as dominosa writes it).
    editAndReseal(f.db, (d) => d.exec(`UPDATE builds SET solver_version = 'ref-0'`));
    untouched(f, ['--apply'], /M=3: node counts were measured by ref-0, not ref-\d+; .*rebuild first/);
  });

  it('a broken tiers file', () => {
    const f = fixture();
    writeFileSync(f.tiers, '{"sizes": ');
    untouched(f, ['--apply'], /tiers file .* not valid JSON/);
  });

  it('a tiers file that cannot be written leaves the catalog as it was', async () => {
    const f = fixture();
    const before = sha(f.db);
    const missingDir = join(dir, 'no-such-dir', 'tiers.json');
    await expect(runTune(opts(f, { apply: true, plots: false, tiersFile: missingDir }))).rejects.toThrow(
      /cannot write tiers file/,
    );
    expect(sha(f.db)).toBe(before);
    expect(existsSync(missingDir)).toBe(false);
  });
});

describe('dominosa tune on a catalog tiered by grade (the default build)', () => {
  it('tunes the grade bands by default: nodes against grade as a table and a scatter, cuts that maximise the smallest per-band yield; --apply writes the file\'s "grade" and re-tiers inside the bands', async () => {
    const db = join(dir, 'graded.sqlite');
    buildSmallCatalog(db, '3..4', 'grade');
    const tiers = join(dir, 'graded-tiers.json');
    copyFileSync(PACKAGED_TIERS, tiers);
    const r = cli(['tune', '--db', db, '--thresholds', tiers, '--plot']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^M=3: 12 base puzzles, reference nodes \d+\.\.\d+\n {2}grade against reference nodes/);
    expect(r.stdout).toMatch(
      /\n {2}tier +band +in band +tier now +in box now +in box proposed\n {2}easy +Trivial +3 +3 +3 +\d+\n/,
    );
    expect(r.stdout).toMatch(/proposed: the smallest per-band yield is \d+ of 12 base puzzles/);
    const svg = readFileSync(plotPath(db, 'M3'), 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('singles</text>');
    expect(svg).toMatch(/<rect[^>]*>/);
    const dry = await runTune(opts({ db, tiers }, { plots: false }));
    // Apply refuses cuts that would leave a base in no tier (the catalog must keep every puzzle).
    if (dry.sizes.some((s) => TIERS.reduce((a, t) => a + s.next[t], 0) < 12)) {
      await expect(runTune(opts({ db, tiers }, { apply: true, plots: false }))).rejects.toThrow(/would fit no tier/);
      return;
    }
    const res = await runTune(opts({ db, tiers }, { apply: true, plots: false }));
    const file = parseTierTable(JSON.parse(readFileSync(tiers, 'utf8')));
    if (!file.ok) throw new Error(file.error);
    for (const s of res.sizes) {
      expect(s.measure).toBe('grade');
      expect(file.grade?.[s.m]).toEqual(s.proposed);
    }
    expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
  });
});
