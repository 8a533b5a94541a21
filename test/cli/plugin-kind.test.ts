// A third puzzle kind as a plugin, through the compiled command line: Strip (test/fixtures/strip/),
// loaded by DOMINOSA_KINDS alone, is built with worker threads, audited, exported as JSON lines
// and built in shards that merge into the unsharded build, and lives in one catalog beside a
// Dominosa build without changing a Dominosa row. A catalog made without it has no place for it,
// and one made with it is not read without it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpCatalog, editAndReseal, type CatalogDump } from '../helpers/catalog.js';
import { cli, ROOT } from '../helpers/cli.js';

const STRIP = join(ROOT, 'dist', 'test', 'fixtures', 'strip', 'kind.js');
const withStrip = (args: string[]) => cli(args, { env: { DOMINOSA_KINDS: STRIP } });

const OPTS = ['--kind', 'strip', '--sizes', '6:3,8:4', '--per-tier', '2', '--variants', '2', '--seed', '5'];
const build = (db: string, ...extra: string[]) => withStrip(['build', ...OPTS, '--db', db, ...extra]);

let dir: string;
let whole: CatalogDump;
let wholeDb: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-plugin-'));
  wholeDb = join(dir, 'whole.sqlite');
  const r = build(wholeDb, '--jobs', '2');
  expect(r.code, r.stderr).toBe(0);
  whole = dumpCatalog(wholeDb);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The JSON lines an export writes to stdout. */
function exported(db: string, ...args: string[]): Record<string, unknown>[] {
  const r = withStrip(['export', '--db', db, '--format', 'jsonl', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('a plugin kind through build, audit, export and merge', () => {
  it('builds every tier of each size with worker threads', () => {
    const bases = whole.puzzles.filter((p) => p.base_id === null);
    expect(bases.length).toBe(16);
    for (const shape of ['6:3', '8:4'])
      for (const tier of ['easy', 'normal', 'hard', 'expert'])
        expect(bases.filter((p) => p.shape === shape && p.tier === tier).length, `${shape} ${tier}`).toBe(2);
    expect(new Set(whole.puzzles.map((p) => p.kind))).toEqual(new Set(['strip']));
    expect(whole.thresholds.map((t) => [t.kind, t.shape, t.measure])).toContainEqual(['strip', '8:4', 'score']);
    expect(whole.integrity).toBe('ok');
  });

  it('audits clean with worker threads, and fails a row changed behind its back', () => {
    const r = withStrip(['audit', '--db', wholeDb, '--jobs', '2']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/all checks passed/);
    expect(r.stdout).toMatch(new RegExp(`${whole.puzzles.length} puzzles checked`));
    const bad = join(dir, 'bad.sqlite');
    expect(build(bad).code).toBe(0);
    editAndReseal(bad, (d) => d.prepare(`UPDATE puzzles SET solution = 'IIIIII' WHERE id = 1`).run());
    const failed = withStrip(['audit', '--db', bad, '--jobs', '2']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/checksum-mismatch/);
  });

  it('exports its rows as JSON lines, which solve reads back', () => {
    // In pack order (tier, size, id): every row once.
    const lines = exported(wholeDb, '--kind', 'strip', '--include-variants');
    expect(lines.map((l) => l.id as number).sort((a, b) => a - b)).toEqual(whole.puzzles.map((p) => p.id));
    for (const l of lines) {
      const p = whole.puzzles.find((q) => q.id === l.id)!;
      expect(l).toMatchObject({ kind: 'strip', shape: p.shape, solution: p.solution, tier: p.tier, nodes: p.nodes });
      expect(l.strip).toEqual(JSON.parse(p.grid));
    }
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    const solved = cli(['solve', '-', '--format', 'jsonl'], { input: text, env: { DOMINOSA_KINDS: STRIP } });
    expect(solved.code, solved.stderr).toBe(0);
    const answers = solved.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; solution: string });
    expect(answers.map((a) => [a.status, a.solution])).toEqual(lines.map((l) => ['unique', l.solution]));
  });

  it('merges its shards, built with worker and store threads, into exactly the unsharded build', () => {
    const shards = [0, 1].map((i) => join(dir, `shard-${i}.sqlite`));
    for (const [i, s] of shards.entries()) {
      const r = build(s, '--jobs', '2', '--shard', `${i}/2`, '--max-slots', '60', '--batch-size', '2');
      expect(r.code, r.stderr).toBe(0);
    }
    const out = join(dir, 'merged.sqlite');
    const r = withStrip(['merge', out, shards[1], shards[0], '--kind', 'strip']);
    expect(r.code, r.stderr).toBe(0);
    const merged = dumpCatalog(out);
    expect(merged.puzzles).toEqual(whole.puzzles);
    expect(merged.slots).toEqual(whole.slots);
    expect(merged.thresholds).toEqual(whole.thresholds);
    expect(exported(out, '--kind', 'strip', '--include-variants')).toEqual(
      exported(wholeDb, '--kind', 'strip', '--include-variants'),
    );
  });
});

describe('a plugin kind beside the built-in ones', () => {
  const dominosa = ['build', '--sizes', '3', '--per-tier', '1', '--variants', '1', '--seed', '2'];

  it('shares a catalog with a Dominosa build, whose rows are as a catalog without the plugin holds them', () => {
    const mixed = join(dir, 'mixed.sqlite');
    const plain = join(dir, 'plain.sqlite');
    expect(withStrip([...dominosa, '--db', mixed]).code).toBe(0);
    expect(build(mixed).code).toBe(0);
    expect(cli([...dominosa, '--db', plain]).code).toBe(0);
    const audit = withStrip(['audit', '--db', mixed, '--jobs', '2']);
    expect(audit.code, audit.stdout).toBe(0);
    // A mixed --sizes list reaches each kind, though Dominosa claims every part without an x.
    const both = exported(mixed, '--kind', 'dominosa,strip', '--sizes', '3,6:3');
    expect(new Set(both.map((l) => l.kind ?? 'dominosa'))).toEqual(new Set(['dominosa', 'strip']));
    const untaken = withStrip(['export', '--db', mixed, '--sizes', '3,6:3']);
    expect([untaken.code, untaken.stderr]).toEqual([
      2,
      'dominosa: --sizes 6:3 is a Strip size: add --kind strip (or --kind dominosa,strip)\n',
    ]);
    // The Dominosa part, exported with and without the plugin, is the plugin-free catalog's.
    const own = cli(['export', '--db', plain, '--include-variants']).stdout;
    expect(withStrip(['export', '--db', mixed, '--include-variants']).stdout).toBe(own);
  });

  it('refuses, in one line, a kind a catalog was made without, and a catalog whose kind is not loaded', () => {
    const plain = join(dir, 'before.sqlite');
    expect(cli([...dominosa, '--db', plain]).code).toBe(0);
    const r = build(plain);
    expect([r.code, r.stderr]).toEqual([
      2,
      `dominosa: ${plain} was made before Strip puzzles were loaded, and has no place for them; put them in a new catalog (--db)\n`,
    ]);
    const unloaded = cli(['export', '--db', wholeDb]);
    expect([unloaded.code, unloaded.stderr]).toEqual([
      2,
      `dominosa: ${wholeDb}: it was made for puzzle kind "strip", which is not loaded (name its module in DOMINOSA_KINDS)\n`,
    ]);
    const audit = cli(['audit', '--db', wholeDb]);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toMatch(/schema-mismatch: it was made for puzzle kind "strip", which is not loaded/);
  });
});
