// Damaged catalogs against every verb that opens one: each refuses clearly (one line, non-zero
// exit) and changes nothing, except audit, which reports what it found. Damage includes rows
// edited behind the catalog's back, which the writers catch by checksum and tier without
// re-solving (export and audit re-prove every puzzle anyway).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowChecksum, type ChecksummedRow } from '../../src/catalog/checksum.js';
import { PUZZLE_READ } from '../../src/catalog/row.js';
import { buildSmallCatalog, editCatalog } from '../helpers/catalog.js';
import { cli, DATA, FIXTURES } from '../helpers/cli.js';

let dir: string;
let good: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-damaged-'));
  good = join(dir, 'good.sqlite');
  buildSmallCatalog(good);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Ways to damage a copy of a sound catalog. */
const DAMAGE: Record<string, (path: string) => void> = {
  truncated: (p) => writeFileSync(p, readFileSync(p).subarray(0, 20_000)),
  'not SQLite': (p) => writeFileSync(p, 'hello, this is not a database\n'),
  'unknown schema version': (p) =>
    editCatalog(p, (d) => d.exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`)),
  'missing thresholds': (p) =>
    editCatalog(p, (d) => d.exec(`DELETE FROM thresholds WHERE build_id IS NULL AND shape = '4'`)),
  'of an older schema version': (p) => copyFileSync(join(FIXTURES, 'catalogs', 'v1.sqlite'), p),
  // Rows edited behind the catalog's back, one field of each kind (the checksum is left as it was).
  'holding a changed grid cell': (p) =>
    tamper(p, 'grid', (r) => r.grid.replace(/\d/, (c) => String((Number(c) + 1) % (r.m + 1)))),
  'holding a changed solution': (p) =>
    tamper(p, 'solution', (r) => r.solution.replace(/^./, (c) => (c === 'R' ? 'D' : 'R'))),
  'holding a changed node count': (p) => tamper(p, 'nodes', (r) => r.nodes + 1),
  'holding a changed tier': (p) => tamper(p, 'tier', (r) => (r.tier === 'easy' ? 'expert' : 'easy')),
  'holding a changed grade score': (p) => tamper(p, 'score', (r) => Math.min(7.9, r.score + 0.5)),
  'holding a changed canonical hash': (p) =>
    tamper(p, 'canonical_hash', (r) =>
      Buffer.from(
        r.canonical_hash.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        'hex',
      ),
    ),
  "holding a variant's changed transform": (p) => tamper(p, 'transform', () => 'rot180', 'base_id IS NOT NULL'),
  'holding a row whose checksum was recomputed after moving it to another tier': (p) =>
    editCatalog(p, (d) => {
      const r = d
        .prepare(`SELECT ${PUZZLE_READ} FROM puzzles WHERE base_id IS NULL AND tier = 'easy' LIMIT 1`)
        .get() as Row;
      const moved = { ...r, tier: 'expert' };
      d.prepare('UPDATE puzzles SET tier = ?, checksum = ? WHERE id = ?').run(
        'expert',
        Buffer.from(rowChecksum(moved), 'hex'),
        r.id,
      );
    }),
};

type Row = ChecksummedRow & { id: number };

/** Change one field of one row (the first base, or the first row matching `where`, read with its hashes as hex) with SQL. */
function tamper(path: string, field: string, value: (r: Row) => unknown, where = 'base_id IS NULL'): void {
  editCatalog(path, (d) => {
    const r = d.prepare(`SELECT ${PUZZLE_READ} FROM puzzles WHERE ${where} ORDER BY id LIMIT 1`).get() as Row;
    d.prepare(`UPDATE puzzles SET ${field} = ? WHERE id = ?`).run(value(r), r.id);
  });
}

/** The verbs, as run on a catalog at `db` (writers with the options that built it). */
const VERBS: Record<string, (db: string) => string[]> = {
  export: (db) => [
    'export',
    '--db',
    db,
    '--format',
    'json',
    '--include-variants',
    '--out',
    join(dir, 'pack.json'),
    '--force',
  ],
  tune: (db) => ['tune', '--db', db, '--apply', '--thresholds', join(dir, 'tiers.json'), '--no-plot'],
  'build (resuming)': (db) => [
    'build',
    '--sizes',
    '3..4',
    '--per-tier',
    '3',
    '--variants',
    '2',
    '--tier-by',
    'nodes',
    '--db',
    db,
  ],
  audit: (db) => ['audit', '--db', db, '--jobs', '1'],
};

describe('damaged catalogs', () => {
  let n = 0;
  // The same commands succeed on a sound copy, so a refusal below is the damage's doing.
  for (const [verb, args] of Object.entries(VERBS)) {
    it(`${verb} on a sound catalog succeeds`, () => {
      const db = join(dir, `ok${n++}.sqlite`);
      copyFileSync(good, db);
      copyFileSync(join(DATA, 'tiers.json'), join(dir, 'tiers.json'));
      const r = cli(args(db));
      expect(r.code, r.stderr).toBe(0);
    });
  }

  for (const [damage, apply] of Object.entries(DAMAGE)) {
    for (const [verb, args] of Object.entries(VERBS)) {
      it(`${verb} on a catalog that is ${damage}: refused, nothing changed`, () => {
        const db = join(dir, `d${n++}.sqlite`);
        copyFileSync(good, db);
        apply(db);
        copyFileSync(join(DATA, 'tiers.json'), join(dir, 'tiers.json'));
        const before = sha(db);
        const tiersBefore = sha(join(dir, 'tiers.json'));
        rmSync(join(dir, 'pack.json'), { force: true });
        const r = cli(args(db));
        expect(r.code === 1 || r.code === 2, `exit ${r.code}: ${r.stderr}`).toBe(true);
        expect(r.stderr).toMatch(/^dominosa: /);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(sha(db)).toBe(before);
        expect(sha(join(dir, 'tiers.json'))).toBe(tiersBefore);
        expect(() => readFileSync(join(dir, 'pack.json'))).toThrow();
        if (verb === 'audit' && r.code === 1) expect(r.stdout).toMatch(/failures by kind/);
      });
    }
  }
});
