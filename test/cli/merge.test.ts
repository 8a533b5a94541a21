// Tests for sharded builds and `dominosa merge`, through the compiled CLI: shards merged in any
// order give exactly the unsharded build's rows (puzzles with their ids, slots, the build row),
// also when the slots run out first; merging again changes nothing; and what cannot be merged
// is refused with one line and exit 2.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { dumpCatalog, editCatalog, type CatalogDump } from '../helpers/catalog.js';
import { cli, DATA } from '../helpers/cli.js';

let dir: string;
let tiersFile: string;

/** The package's node and grade cuts for M = 3, 4, and the level cuts for M = 13 (210 cells). */
function writeTiers(): void {
  const shipped = JSON.parse(readFileSync(join(DATA, 'tiers.json'), 'utf8')) as {
    sizes: Record<string, unknown>;
    grade: Record<string, unknown>;
    yields: Record<string, unknown>;
    graderVersion: string;
  };
  const sizes = { '3': shipped.sizes['3'], '4': shipped.sizes['4'], '13': { t1: 1, t2: 211, t3: 421 } };
  const pick = (t: Record<string, unknown>) => ({ '3': t['3'], '4': t['4'] });
  const graded = { graderVersion: shipped.graderVersion, grade: pick(shipped.grade), yields: pick(shipped.yields) };
  writeFileSync(tiersFile, JSON.stringify({ solverVersion: REFERENCE_VERSION, sizes, ...graded }));
}

const OPTS = [
  '--sizes',
  '3,4,13',
  '--per-tier',
  '3',
  '--variants',
  '1',
  '--seed',
  '5',
  '--max-slots',
  '400',
  '--tier-by',
  'nodes',
];
const build = (db: string, ...extra: string[]) =>
  cli(['build', ...OPTS, '--thresholds', tiersFile, '--db', db, ...extra]);

let whole: CatalogDump;
const shard = (i: number, n = 3) => join(dir, `shard-${i}-of-${n}.sqlite`);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-merge-'));
  tiersFile = join(dir, 'tiers.json');
  writeTiers();
  const r = build(join(dir, 'whole.sqlite'), '--jobs', '2');
  expect(r.code, r.stderr).toBe(0);
  whole = dumpCatalog(join(dir, 'whole.sqlite'));
  for (let i = 0; i < 3; i++) {
    const s = build(shard(i), '--jobs', '1', '--shard', `${i}/3`);
    expect(s.code, s.stderr).toBe(0);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('build --shard and merge', () => {
  it('merges into exactly the unsharded catalog, ids included', () => {
    const out = join(dir, 'merged.sqlite');
    const r = cli(['merge', out, shard(0), shard(1), shard(2)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/merged 3 shards/);
    const merged = dumpCatalog(out);
    expect(merged.puzzles.length).toBeGreaterThan(0);
    expect(merged.puzzles).toEqual(whole.puzzles);
    expect(merged.slots).toEqual(whole.slots);
    expect(merged.builds).toEqual(whole.builds);
    expect(merged.thresholds).toEqual(whole.thresholds);
    // The catalog records which method made each puzzle.
    for (const p of merged.puzzles) expect(p.method).toBe(p.m === 13 ? 'repair' : 'rejection');
    // The unsharded build run against the merged catalog finds its own build there, finished.
    const again = build(out, '--jobs', '1');
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already finished/);
  });

  it('merges builds tiered by grade into the unsharded one too', () => {
    const opts = [
      '--sizes',
      '4',
      '--per-tier',
      '2',
      '--variants',
      '1',
      '--seed',
      '3',
      '--max-slots',
      '300',
      '--tier-by',
      'grade',
      '--thresholds',
      tiersFile,
    ];
    const one = join(dir, 'grade-whole.sqlite');
    expect(cli(['build', ...opts, '--db', one]).code).toBe(0);
    const parts = [0, 1].map((i) => join(dir, `grade-shard-${i}.sqlite`));
    for (const [i, p] of parts.entries()) expect(cli(['build', ...opts, '--db', p, '--shard', `${i}/2`]).code).toBe(0);
    const out = join(dir, 'grade-merged.sqlite');
    const r = cli(['merge', out, ...parts]);
    expect(r.code, r.stderr).toBe(0);
    expect(dumpCatalog(out)).toEqual(dumpCatalog(one));
    expect(dumpCatalog(out).thresholds.every((t) => (t as { measure: string }).measure === 'grade')).toBe(true);
  });

  it('stops at a shard row changed behind its back (exit 1), naming it', () => {
    const bad = join(dir, 'tampered-shard-1.sqlite');
    copyFileSync(shard(1), bad);
    let id = 0;
    editCatalog(bad, (d) => {
      id = d.prepare('SELECT MIN(id) FROM puzzles WHERE base_id IS NULL').pluck().get() as number;
      d.prepare('UPDATE puzzles SET nodes = nodes + 1 WHERE id = ?').run(id);
    });
    const r = cli(['merge', join(dir, 'from-tampered.sqlite'), shard(0), bad, shard(2)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^dominosa: ${bad}: puzzle ${id} \\(M=\\d+\\) fails its checks \\(checksum-mismatch: .*\\n$`),
    );
  });

  it("stops at a shard whose slot row was edited into another shard's class (exit 1), naming it", () => {
    const bad = join(dir, 'slot-edited-shard-1.sqlite');
    copyFileSync(shard(1), bad);
    editCatalog(bad, (d) => {
      // Drop triggers that guard the table, as someone editing it by hand would.
      for (const t of d
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'slots'")
        .pluck()
        .all() as string[])
        d.exec(`DROP TRIGGER "${t}"`);
      const row = d
        .prepare('SELECT build_id, shape, slot FROM slots ORDER BY CAST(shape AS INTEGER), slot LIMIT 1')
        .get() as { build_id: number; shape: string; slot: number };
      d.prepare('UPDATE slots SET slot = slot + 1 WHERE build_id = ? AND shape = ? AND slot = ?').run(
        row.build_id,
        row.shape,
        row.slot,
      );
    });
    const out = join(dir, 'from-slot-edited.sqlite');
    const r = cli(['merge', out, shard(0), bad, shard(2)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(bad);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('splits the slots: each shard holds only its own residue class', () => {
    for (let i = 0; i < 3; i++) {
      const slots = dumpCatalog(shard(i)).slots as { slot: number }[];
      expect(slots.length).toBeGreaterThan(0);
      for (const s of slots) expect(s.slot % 3).toBe(i);
    }
  });

  it('is idempotent and does not care about the order of its inputs', () => {
    const out = join(dir, 'twice.sqlite');
    expect(cli(['merge', out, shard(2), shard(0), shard(1)]).code).toBe(0);
    const once = dumpCatalog(out);
    const r = cli(['merge', out, shard(1), shard(2), shard(0)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/0 new puzzle rows/);
    const twice = dumpCatalog(out);
    expect(twice).toEqual(once);
    expect(twice.puzzles).toEqual(whole.puzzles);
  });

  it('equals the unsharded build also when the slots run out first (both exit 1)', () => {
    const opts = [
      '--sizes',
      '3',
      '--per-tier',
      '3',
      '--variants',
      '1',
      '--max-slots',
      '12',
      '--tier-by',
      'nodes',
      '--thresholds',
      tiersFile,
    ];
    const a = cli(['build', ...opts, '--db', join(dir, 'short.sqlite')]);
    expect(a.code).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect(cli(['build', ...opts, '--shard', `${i}/2`, '--db', join(dir, `short-${i}.sqlite`)]).code).toBe(0);
    }
    const out = join(dir, 'short-merged.sqlite');
    const r = cli(['merge', out, join(dir, 'short-0.sqlite'), join(dir, 'short-1.sqlite')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/M=3: the shards' slots ran out .* --max-slots/);
    const short = dumpCatalog(join(dir, 'short.sqlite'));
    const merged = dumpCatalog(out);
    expect(merged.puzzles).toEqual(short.puzzles);
    expect(merged.slots).toEqual(short.slots);
    expect(merged.builds).toEqual(short.builds);
  });
});

describe('merge refuses', () => {
  const cases: [string, () => string[], RegExp][] = [
    ['a missing shard', () => [shard(0), shard(2)], /missing shard 1\/3/],
    ['the same shard twice', () => [shard(0), shard(0), shard(1), shard(2)], /both shard 0\/3/],
    ['a catalog that is no shard', () => [join(dir, 'whole.sqlite')], /not built with --shard/],
    ['a file that does not exist', () => [join(dir, 'nope.sqlite')], /no shard catalog/],
  ];
  for (const [name, inputs, message] of cases) {
    it(`${name}: one line, exit 2, no output file`, () => {
      const out = join(dir, `refused-${name.replace(/\W+/g, '-')}.sqlite`);
      const r = cli(['merge', out, ...inputs()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(() => readFileSync(out)).toThrow();
    });
  }

  it('shards of another build, and the output named as an input', () => {
    const other = join(dir, 'other-seed.sqlite');
    const seed6 = OPTS.map((x, i) => (OPTS[i - 1] === '--seed' ? '6' : x));
    expect(cli(['build', ...seed6, '--thresholds', tiersFile, '--shard', '1/3', '--db', other]).code).toBe(0);
    const r = cli(['merge', join(dir, 'mixed.sqlite'), shard(0), other, shard(2)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/shard of another build/);
    const same = cli(['merge', shard(0), shard(0), shard(1), shard(2)]);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/an input of this command; write somewhere else/);
  });

  it('a shard that did not finish (stopped by --time-limit, exit 1, resumable)', () => {
    const db = join(dir, 'slow-shard.sqlite');
    const args = [
      'build',
      '--sizes',
      '30',
      '--per-tier',
      '40',
      '--variants',
      '0',
      '--jobs',
      '1',
      '--shard',
      '0/2',
      '--tier-by',
      'nodes',
      '--db',
      db,
    ];
    // Shard 0/2 holds the even slots; its time limit runs out at slot 4 (a fault point), not by the clock.
    const r = cli([...args, '--time-limit', '600'], { env: { DOMINOSA_FAULT: 'deadline:slot:30:4' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--time-limit of 600 s ran out; committed slots are kept/);
    const partial = dumpCatalog(db);
    expect((partial.builds[0] as { status: string }).status).toBe('interrupted');
    expect(partial.slots.map((s) => s.slot)).toEqual([0, 2]);
    const m = cli(['merge', join(dir, 'slow-merged.sqlite'), db]);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/shard 0\/2 in .* is interrupted: run its build to the end first/);
  });
});
