// Edits the digest exists for (issue 14): rows deleted, inserted or swapped, a build's grader
// version or a shard's slot changed, objects added to the schema. Each passed audit before the
// digest; each must now fail it (exit 1), and the verbs that write must refuse the catalog.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PuzzleRow } from '../../pipeline/catalog/catalog.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, editCatalog, query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

let dir: string;
let db: string;
let other: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-audit-digest-'));
  db = join(dir, 'small.sqlite');
  other = join(dir, 'other.sqlite');
  buildSmallCatalog(db);
  const r = cli([
    'build',
    '--sizes',
    '3..4',
    '--per-tier',
    '3',
    '--variants',
    '2',
    '--jobs',
    '2',
    '--seed',
    '7',
    '--db',
    other,
  ]);
  if (r.code !== 0) throw new Error(r.stderr);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the small catalog edited with raw SQL, as anything but dominosa would. */
function tampered(edit: (d: Database.Database, rows: PuzzleRow[]) => void): string {
  const path = copyCatalog(db, join(dir, `t${n++}.sqlite`));
  editCatalog(path, (d) => {
    d.pragma('foreign_keys = OFF');
    edit(d, d.prepare('SELECT * FROM puzzles ORDER BY id').all() as PuzzleRow[]);
  });
  return path;
}

interface Report {
  ok: boolean;
  failures: { kind: string; puzzleId: number | null; detail: string }[];
}

function audit(path: string): { code: number | null; report: Report } {
  const r = cli(['audit', '--db', path, '--jobs', '2', '--json']);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

function expectFails(path: string, kind: string, detail: RegExp): void {
  const { code, report } = audit(path);
  expect(code, JSON.stringify(report)).toBe(1);
  expect(report.failures.filter((f) => f.kind === kind).map((f) => f.detail)).toContainEqual(
    expect.stringMatching(detail),
  );
}

describe('audit fails an edit it used to pass', () => {
  it('the untouched copy passes', () => {
    const { code, report } = audit(copyCatalog(db, join(dir, 'clean.sqlite')));
    expect(code, JSON.stringify(report)).toBe(0);
  });

  it('one variant deleted', () => {
    const path = tampered((d, rows) =>
      d.prepare('DELETE FROM puzzles WHERE id = ?').run(rows.find((r) => r.base_id !== null)!.id),
    );
    expectFails(path, 'digest-mismatch', /table puzzles holds 71 rows, its digest records 72/);
  });

  it('a base deleted with its variants and its slot row', () => {
    const path = tampered((d, rows) => {
      const base = rows.find((r) => r.base_id === null)!;
      d.prepare('DELETE FROM slots WHERE puzzle_id = ?').run(base.id);
      d.prepare('DELETE FROM puzzles WHERE base_id = ? OR id = ?').run(base.id, base.id);
    });
    expectFails(path, 'digest-mismatch', /table puzzles holds 69 rows/);
    expectFails(path, 'digest-mismatch', /table slots holds \d+ rows, its digest records \d+/);
  });

  it('a base copied, checksum and all, from another catalog', () => {
    const have = new Set(
      query<{ canonical_hash: Buffer }>(db, 'SELECT canonical_hash FROM puzzles').map((r) =>
        r.canonical_hash.toString('hex'),
      ),
    );
    // A base of a class this catalog lacks (the unique index would refuse any other).
    const row = query(other, 'SELECT * FROM puzzles WHERE base_id IS NULL ORDER BY id').find(
      (r) => !have.has((r.canonical_hash as Buffer).toString('hex')),
    )!;
    expect(row).toBeDefined();
    const path = tampered((d) => {
      // The stored columns (table_info leaves out generated ones), all but the id.
      const cols = (d.prepare('PRAGMA table_info(puzzles)').all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => c !== 'id');
      d.prepare(`INSERT INTO puzzles (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    });
    expectFails(path, 'digest-mismatch', /table puzzles holds 73 rows/);
  });

  it("two variants' ids swapped", () => {
    const path = tampered((d, rows) => {
      const variants = rows.filter((r) => r.base_id !== null);
      const [a, b] = [variants[0], variants.at(-1)!];
      const move = d.prepare('UPDATE puzzles SET id = ? WHERE id = ?');
      move.run(-1, a.id);
      move.run(a.id, b.id);
      move.run(b.id, -1);
    });
    expectFails(path, 'digest-mismatch', /table puzzles does not match its digest/);
  });

  it("a build's grader version changed: caught by the digest, and, resealed, by the grader check itself", () => {
    expectFails(
      tampered((d) => d.exec(`UPDATE builds SET grader_version = 'grade-0'`)),
      'digest-mismatch',
      /table builds does not match its digest/,
    );
    const sealed = copyCatalog(db, join(dir, `t${n++}.sqlite`));
    editAndReseal(sealed, (d) => d.exec(`UPDATE builds SET grader_version = 'grade-0'`));
    expectFails(sealed, 'grader-version-mismatch', /puzzles by grade-0 cannot be checked/);
  });

  it('a slot turned from kept to rejected', () => {
    const path = tampered((d) =>
      d.exec(
        `UPDATE slots SET outcome = 'rejected', puzzle_id = NULL WHERE (build_id, shape, slot) = (SELECT build_id, shape, slot FROM slots WHERE outcome = 'kept' ORDER BY CAST(shape AS INTEGER), slot LIMIT 1)`,
      ),
    );
    expectFails(path, 'digest-mismatch', /table slots does not match its digest/);
  });

  it('a table, an index, a view and a trigger added: each named', () => {
    const ddl = {
      // In the order audit lists them: by type, then name.
      'index extra_ix on puzzles': 'CREATE INDEX extra_ix ON puzzles (score)',
      'table extra': 'CREATE TABLE extra (x)',
      'trigger drop_expert on puzzles': `CREATE TRIGGER drop_expert BEFORE INSERT ON puzzles WHEN NEW.tier = 'expert' BEGIN SELECT RAISE(IGNORE); END`,
      'view extra_v': 'CREATE VIEW extra_v AS SELECT id FROM puzzles',
    };
    const path = tampered((d) => d.exec(Object.values(ddl).join(';\n')));
    const { code, report } = audit(path);
    expect(code).toBe(1);
    const schema = report.failures.filter((f) => f.kind === 'schema-mismatch').map((f) => f.detail);
    expect(schema).toEqual(
      Object.keys(ddl).map((what) => expect.stringMatching(new RegExp(`^unknown ${what}: .*added outside dominosa`))),
    );
    expect(report.failures.filter((f) => f.kind === 'digest-mismatch').map((f) => f.detail)).toContainEqual(
      expect.stringMatching(/the schema holds \d+ objects, its digest records \d+/),
    );
  });

  it('a trigger that drops expert rows: the next build is refused, changing nothing', () => {
    const path = tampered((d) =>
      d.exec(
        `CREATE TRIGGER drop_expert BEFORE INSERT ON puzzles WHEN NEW.tier = 'expert' BEGIN SELECT RAISE(IGNORE); END`,
      ),
    );
    const r = cli(['build', '--sizes', '3..4', '--per-tier', '3', '--variants', '2', '--jobs', '2', '--db', path]);
    // Refused as every verb refuses a schema that is not this release's: before a row is read.
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /^dominosa: .* is not a dominosa catalog as this release writes it: unknown trigger drop_expert on puzzles.*nothing was read or changed/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
