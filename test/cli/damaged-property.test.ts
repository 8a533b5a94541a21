// Property: catalogs damaged at random, from a fixed seed (objects of the schema dropped, added,
// altered or replaced by views without end, the schema's SQL rewritten, the meta row that names
// the file changed, a puzzle's content changed, the file truncated), against every verb. Each
// exits 1, 2 or 74 (never 0 on a damaged file, never 70), is killed if still running after
// KILL_MS, prints one line (audit: its report) and no raw control character. The verbs run
// through the compiled CLI, two at a time, each case against one verb (the verbs in turn).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editCatalog } from '../helpers/catalog.js';
import { cli, cliAsync, type CliResult } from '../helpers/cli.js';

const CASES = 200;
const SEED = 2027;
const KILL_MS = 30_000;
const BUILD = ['--sizes', '3..4', '--per-tier', '2', '--variants', '1'];

let dir: string;
let base: string;
let shard: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-damage-'));
  base = join(dir, 'base.sqlite');
  shard = join(dir, 'shard.sqlite');
  for (const [db, extra] of [
    [base, []],
    [shard, ['--shard', '0/1']],
  ] as const) {
    const r = cli(['build', ...BUILD, ...extra, '--db', db]);
    if (r.code !== 0) throw new Error(`building ${db} failed: ${r.stderr}`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each verb as run on a catalog (merge on a one-shard build, the others on a plain one). */
const VERBS: Record<string, { from: () => string; args: (db: string) => string[] }> = {
  audit: { from: () => base, args: (db) => ['audit', '--db', db, '--jobs', '1'] },
  export: {
    from: () => base,
    args: (db) => [
      'export',
      '--db',
      db,
      '--format',
      'json',
      '--include-variants',
      '--out',
      join(dir, `pack${n++}.json`),
    ],
  },
  build: { from: () => base, args: (db) => ['build', ...BUILD, '--db', db] },
  tune: { from: () => base, args: (db) => ['tune', '--db', db, '--no-plot'] },
  merge: { from: () => shard, args: (db) => ['merge', join(dir, `merged${n++}.sqlite`), db] },
  migrate: { from: () => base, args: (db) => ['migrate', '--db', db, '--no-backup'] },
};
const VERB_NAMES = Object.keys(VERBS);

const TABLES = ['meta', 'builds', 'thresholds', 'slots', 'puzzles', 'digest', 'writer'];
const INDEXES = ['thresholds_scope', 'puzzles_base_hash', 'puzzles_natural', 'puzzles_variant', 'puzzles_size_tier'];
const VIEWS = ['puzzles_json'];
/** Puzzle columns a checksum covers, with a change of the stored value's type (schema 5's forms). */
const CONTENT: Record<string, (v: unknown, k: number) => unknown> = {
  grid: (v) => String(v).replace(/\d/, (c) => (c === '0' ? '1' : '0')),
  solution: (v) => String(v).replace(/^./, (c) => (c === 'R' ? 'D' : 'R')),
  tier: (v) => (v === 'easy' ? 'expert' : 'easy'),
  nodes: (v, k) => (v as number) + 1 + k,
  score: (v) => ((v as number) < 8 ? (v as number) + 0.5 : (v as number) - 0.5),
  attempts: (v, k) => (v as number) + 1 + k,
  canonical_hash: (v) => {
    const b = Buffer.from(v as Buffer);
    b[0] ^= 1;
    return b;
  },
  seed: (v, k) => (v as number) + 100 + k,
  method: () => 'by hand',
};

type Damage =
  | { kind: 'drop'; name: string }
  | { kind: 'view'; table: string; endless: boolean }
  | { kind: 'add'; what: 'table' | 'index' | 'view' | 'trigger' }
  | { kind: 'alter'; table: string; how: 'add-column' | 'rename-column' | 'rename-table' }
  | { kind: 'sql'; edit: 'generated' | 'check' | 'default' | 'index' | 'view' | 'garbage' }
  | { kind: 'app'; value: string | null }
  | { kind: 'row'; column: string; pick: number }
  | { kind: 'truncate'; keep: number };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), name: fc.constantFrom(...TABLES, ...INDEXES, ...VIEWS) }),
  fc.record({ kind: fc.constant('view' as const), table: fc.constantFrom(...TABLES), endless: fc.boolean() }),
  fc.record({
    kind: fc.constant('add' as const),
    what: fc.constantFrom('table' as const, 'index' as const, 'view' as const, 'trigger' as const),
  }),
  fc.record({
    kind: fc.constant('alter' as const),
    table: fc.constantFrom(...TABLES),
    how: fc.constantFrom('add-column' as const, 'rename-column' as const, 'rename-table' as const),
  }),
  fc.record({
    kind: fc.constant('sql' as const),
    edit: fc.constantFrom(
      'generated' as const,
      'check' as const,
      'default' as const,
      'index' as const,
      'view' as const,
      'garbage' as const,
    ),
  }),
  fc.record({
    kind: fc.constant('app' as const),
    value: fc.option(fc.constantFrom('dominosa', 'other-app', ''), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('row' as const),
    column: fc.constantFrom(...Object.keys(CONTENT)),
    pick: fc.nat(1000),
  }),
  fc.record({ kind: fc.constant('truncate' as const), keep: fc.double({ min: 0.01, max: 0.999, noNaN: true }) }),
);

/** Rewrite an object's SQL in sqlite_master, as only someone editing the file by hand would. */
function rewrite(d: Database.Database, name: string, from: string | RegExp, to: string): void {
  const sql = d.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string;
  const now = typeof from === 'string' && from === '' ? to : sql.replace(from, to);
  if (now === sql) throw new Error(`no change to ${name}`);
  d.unsafeMode(true);
  d.pragma('writable_schema = ON');
  d.prepare('UPDATE sqlite_master SET sql = ? WHERE name = ?').run(now, name);
  d.pragma('writable_schema = OFF');
}

function apply(path: string, dm: Damage): void {
  if (dm.kind === 'truncate') {
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length * dm.keep)));
    return;
  }
  editCatalog(path, (d) => {
    d.pragma('foreign_keys = OFF');
    switch (dm.kind) {
      case 'drop':
        d.exec(`DROP ${INDEXES.includes(dm.name) ? 'INDEX' : VIEWS.includes(dm.name) ? 'VIEW' : 'TABLE'} ${dm.name}`);
        break;
      case 'view': {
        const rows = dm.endless
          ? 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS id, x AS key, x AS value FROM r'
          : 'SELECT 1 AS id';
        d.exec(`DROP TABLE ${dm.table}; CREATE VIEW ${dm.table} AS ${rows}`);
        break;
      }
      case 'add':
        d.exec(
          {
            table: 'CREATE TABLE extra (x)',
            index: 'CREATE INDEX extra ON puzzles (score)',
            view: 'CREATE VIEW extra AS SELECT id FROM puzzles',
            trigger: 'CREATE TRIGGER extra BEFORE INSERT ON slots BEGIN SELECT RAISE(IGNORE); END',
          }[dm.what],
        );
        break;
      case 'alter': {
        const first = (d.prepare(`PRAGMA table_info(${dm.table})`).all() as { name: string }[])[0].name;
        d.exec(
          dm.how === 'add-column'
            ? `ALTER TABLE ${dm.table} ADD COLUMN extra INTEGER`
            : dm.how === 'rename-column'
              ? `ALTER TABLE ${dm.table} RENAME COLUMN ${first} TO renamed`
              : `ALTER TABLE ${dm.table} RENAME TO ${dm.table}_old`,
        );
        break;
      }
      case 'sql':
        if (dm.edit === 'generated') rewrite(d, 'puzzles', `THEN 'singles'`, `THEN '=1+1'`);
        else if (dm.edit === 'check') rewrite(d, 'thresholds', 'CHECK (t1 < t2 AND t2 < t3)', 'CHECK (1)');
        else if (dm.edit === 'default') rewrite(d, 'builds', `DEFAULT '{}'`, `DEFAULT '[]'`);
        else if (dm.edit === 'index')
          rewrite(d, 'puzzles_size_tier', '(kind, shape, tier, nodes)', '(kind, shape, tier)');
        else if (dm.edit === 'view') rewrite(d, 'puzzles_json', /FROM puzzles;?$/, 'FROM puzzles WHERE 0');
        else rewrite(d, 'slots', '', 'CREATE TABLE slots (');
        break;
      case 'app':
        if (dm.value === null) d.exec(`DELETE FROM meta WHERE key = 'app'`);
        else d.prepare(`UPDATE meta SET value = ? WHERE key = 'app'`).run(dm.value);
        break;
      case 'row': {
        const ids = d.prepare('SELECT id FROM puzzles ORDER BY id').pluck().all() as number[];
        const id = ids[dm.pick % ids.length];
        const old = d.prepare(`SELECT ${dm.column} FROM puzzles WHERE id = ?`).pluck().get(id);
        try {
          d.prepare(`UPDATE puzzles SET ${dm.column} = ? WHERE id = ?`).run(CONTENT[dm.column](old, dm.pick), id);
        } catch {
          // The change broke a key (another row holds it): the row's checksum is damaged instead.
          d.prepare(`UPDATE puzzles SET checksum = zeroblob(32) WHERE id = ?`).run(id);
        }
        break;
      }
    }
  });
}

// Characters a terminal acts on: C0 controls but tab and line feed, DEL, and C1 controls.
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

function expectRefusal(verb: string, dm: Damage, r: CliResult): void {
  const what = `${verb} on ${JSON.stringify(dm)}: exit ${r.code}, ${r.stderr.trim()}`;
  expect([1, 2, 74], what).toContain(r.code);
  expect(CONTROL.test(r.stdout + r.stderr), what).toBe(false);
  expect(r.stderr.trimEnd().split('\n'), what).toHaveLength(1);
  // Audit's report goes to stdout; every other verb says only its one line.
  if (verb !== 'audit') expect(r.stdout, what).toBe('');
}

describe('damaged catalogs, seeded', () => {
  it('are what every verb accepts when undamaged (so each refusal below is the damage)', async () => {
    for (const verb of VERB_NAMES) {
      const copy = join(dir, `sound-${verb}.sqlite`);
      copyFileSync(VERBS[verb].from(), copy);
      const r = await cliAsync(VERBS[verb].args(copy), { killAfterMs: KILL_MS });
      expect(r.code, `${verb}: ${r.stderr}`).toBe(0);
    }
  }, 300_000);

  it(`each of ${CASES} is refused by its verb: exit 1, 2 or 74, one line, no control character`, async () => {
    const cases = fc
      .sample(damage, { seed: SEED, numRuns: CASES })
      .map((dm, i) => ({ dm, verb: VERB_NAMES[i % VERB_NAMES.length] }));
    const kinds = new Set(cases.map((c) => c.dm.kind));
    expect(kinds.size, 'every kind of damage is drawn').toBe(8);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const { dm, verb } = cases[next++];
        const path = join(dir, `case${next}.sqlite`);
        copyFileSync(VERBS[verb].from(), path);
        apply(path, dm);
        expectRefusal(verb, dm, await cliAsync(VERBS[verb].args(path), { killAfterMs: KILL_MS }));
        rmSync(path, { force: true });
      }
    };
    await Promise.all([worker(), worker()]);
  }, 900_000);
});
