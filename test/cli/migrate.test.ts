// Tests for pipeline/migrate.ts (`dominosa migrate`): catalogs written by the schema-1 to schema-4
// releases (test/fixtures/catalogs/) are refused by the other verbs with a pointer to migrate,
// migrate to ones that pass a full audit with every puzzle, tier and slot kept (the puzzles_json
// view gives the old rows), keep a byte-exact backup, and a second run, a damaged file or a foreign
// one change nothing. A schema-4 catalog of both kinds keeps its recorded verdicts, which export
// then trusts, and exports exactly the puzzles the schema-4 release exported of it, as records.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport, type VerifyStats } from '../../pipeline/export/export.js';
import { boardFromGrid } from '../../src/dominosa/board.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { GRADER_VERSION, storedGrade } from '../../src/dominosa/rank/stored.js';
import { editAndReseal, editCatalog, query } from '../helpers/catalog.js';
import { cli, DATA, FIXTURES } from '../helpers/cli.js';
import { csvHeader, csvRow } from '../../src/formats/csv.js';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { recordOf } from '../../src/formats/record.js';
import { allKinds } from '../../src/kinds.js';

const FIXTURE = join(FIXTURES, 'catalogs', 'v1.sqlite');
const V2 = join(FIXTURES, 'catalogs', 'v2.sqlite');
const V3 = join(FIXTURES, 'catalogs', 'v3.sqlite');
const V4 = join(FIXTURES, 'catalogs', 'v4.sqlite');
let dir: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-migrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The pack puzzles of a JSON-lines export of the schema-4 release (pack version 1): a Dominosa
 * line's n, rows, cols, grid and dominoes, a Sudomino line's shape, values, text rows and values.
 */
function v1Puzzles(text: string): PackPuzzle[] {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => {
      const o = JSON.parse(l) as Record<string, unknown>;
      const shared = {
        id: o.id as number,
        tier: o.tier as string,
        nodes: o.nodes as number,
        ...(o.grade === null ? {} : { grade: o.grade as string }),
        ...(o.score === null ? {} : { score: o.score as number }),
        baseId: o.base_id as number | null,
        transform: o.transform as string | null,
      };
      if (o.kind === 'sudomino') {
        const [rows, cols] = (o.shape as string).split(/[x:]/).map(Number);
        return {
          ...shared,
          kind: 'sudomino',
          shape: o.shape,
          values: o.values,
          rows,
          cols,
          board: o.rows,
          solution: o.solution,
        };
      }
      return { ...shared, kind: 'dominosa', m: o.n, rows: o.rows, cols: o.cols, grid: o.grid, solution: o.solution };
    }) as PackPuzzle[];
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

function copyOfV1(): string {
  const path = join(dir, `v1-${n++}.sqlite`);
  copyFileSync(FIXTURE, path);
  return path;
}

type Rows = Record<string, unknown>[];

/** Slots and thresholds as an old catalog holds them (by M), and the same read from a migrated one (by shape). */
/** Every puzzle column schema 2 and 3 have but the checksum, as they have it (a migrated catalog's puzzles_json view gives them). */
const OLD_PUZZLE =
  'id, m, rows, cols, grid, solution, tier, nodes, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id, score, level, grade';
const OLD_SLOTS = 'SELECT build_id, m, slot, outcome, attempts, puzzle_id FROM slots ORDER BY build_id, m, slot';
const NEW_SLOTS =
  'SELECT build_id, CAST(shape AS INTEGER) AS m, slot, outcome, attempts, puzzle_id FROM slots ORDER BY build_id, CAST(shape AS INTEGER), slot';
const OLD_TH = 'SELECT build_id, m, t1, t2, t3, solver_version FROM thresholds ORDER BY build_id, m';
const NEW_TH =
  'SELECT build_id, CAST(shape AS INTEGER) AS m, t1, t2, t3, solver_version FROM thresholds ORDER BY build_id, CAST(shape AS INTEGER)';

describe('dominosa migrate', () => {
  it('the other verbs refuse a schema-1 catalog and say how to upgrade it', () => {
    const path = copyOfV1();
    const before = sha(path);
    const exp = cli(['export', '--db', path, '--format', 'jsonl', '--out', join(dir, 'x.jsonl')]);
    expect(exp.code).toBe(2);
    expect(exp.stderr).toMatch(
      new RegExp(
        `schema version 1; this dominosa reads version ${SCHEMA_VERSION} only \\(upgrade it with: dominosa migrate --db .*\\)\\n$`,
      ),
    );
    const audit = cli(['audit', '--db', path, '--json']);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toMatch(/upgrade it with dominosa migrate/);
    expect(sha(path)).toBe(before);
  });

  it('upgrades in place: every row kept, grades and checksums added, a full audit passes, the old file backed up', () => {
    const path = copyOfV1();
    const before = sha(path);
    const old = {
      puzzles: query(
        path,
        'SELECT id, m, rows, cols, grid, solution, tier, nodes, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id FROM puzzles ORDER BY id',
      ),
      slots: query(path, OLD_SLOTS),
      thresholds: query(path, OLD_TH),
    };
    const r = cli(['migrate', '--db', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `dominosa: migrated ${path} from schema version 1 to ${SCHEMA_VERSION} (48 puzzles graded and checksummed); the old catalog is kept as ${path}.v1.bak\n`,
    );
    expect(sha(`${path}.v1.bak`)).toBe(before);
    expect(readdirSync(dir).filter((f) => f.includes('.migrating'))).toEqual([]);

    const cols = Object.keys(old.puzzles[0]).join(', ');
    expect(query(path, `SELECT ${cols} FROM puzzles_json ORDER BY id`)).toEqual(old.puzzles);
    expect(query(path, NEW_SLOTS)).toEqual(old.slots);
    expect(query(path, NEW_TH)).toEqual(old.thresholds);
    expect(query(path, 'SELECT DISTINCT measure FROM thresholds')).toEqual([{ measure: 'nodes' }]);
    expect(query(path, 'SELECT DISTINCT grader_version FROM builds')).toEqual([{ grader_version: GRADER_VERSION }]);
    expect(
      query(path, `SELECT key, value FROM meta WHERE key IN ('schema_version', 'migrated_from') ORDER BY key`),
    ).toEqual([
      { key: 'migrated_from', value: '1' },
      { key: 'schema_version', value: String(SCHEMA_VERSION) },
    ]);
    // Each base's score is the stored grade of its grid; variants carry their base's.
    const rows = query<{
      id: number;
      grid: string;
      score: number;
      grade: string;
      level: number;
      base_id: number | null;
    }>(path, 'SELECT id, grid, score, grade, level, base_id FROM puzzles_json');
    const byId = new Map(rows.map((p) => [p.id, p]));
    for (const p of rows) {
      if (p.base_id === null) {
        const b = boardFromGrid(JSON.parse(p.grid), 0);
        if (!b.ok) throw new Error('bad grid');
        const g = storedGrade(b.board);
        expect([p.score, p.grade, p.level]).toEqual([g.score, g.grade, g.level]);
      } else expect(p.score).toBe(byId.get(p.base_id)?.score);
    }

    const audit = cli(['audit', '--db', path, '--jobs', '1']);
    expect(audit.code, audit.stdout).toBe(0);
    // The migrated catalog works for the writing verbs too.
    copyFileSync(join(DATA, 'tiers.json'), join(dir, 'tiers.json'));
    const tune = cli(['tune', '--db', path, '--thresholds', join(dir, 'tiers.json'), '--no-plot']);
    expect(tune.code, tune.stderr).toBe(0);

    // A second run finds nothing to do and changes nothing.
    const after = sha(path);
    const again = cli(['migrate', '--db', path]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`dominosa: ${path} is already at schema version ${SCHEMA_VERSION}; nothing to do\n`);
    expect(sha(path)).toBe(after);
  });

  it('upgrades a schema-2 catalog with every row kept and re-graded by this release, and a digest; a full audit passes', () => {
    const path = join(dir, `v2-${n++}.sqlite`);
    copyFileSync(V2, path);
    const before = sha(path);
    const oldQueries = [
      `SELECT ${OLD_PUZZLE} FROM puzzles ORDER BY id`,
      OLD_SLOTS,
      OLD_TH,
      'SELECT * FROM builds ORDER BY id',
    ];
    const newQueries = [
      `SELECT ${OLD_PUZZLE} FROM puzzles_json ORDER BY id`,
      NEW_SLOTS,
      NEW_TH,
      'SELECT * FROM builds ORDER BY id',
    ];
    const old = oldQueries.map((q) => query(path, q));
    const r = cli(['migrate', '--db', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `dominosa: migrated ${path} from schema version 2 to ${SCHEMA_VERSION} (32 puzzles graded and checksummed); the old catalog is kept as ${path}.v2.bak\n`,
    );
    expect(sha(`${path}.v2.bak`)).toBe(before);
    // Every base is re-graded by this release's grader (grade-2 scores could not be audited), so
    // its score, level, grade name, checksum and its build's grader version are new; all else is kept.
    const noGrade = (rows: Rows): Rows =>
      rows.map(({ grade: _g, level: _l, score: _s, checksum: _c, grader_version: _v, ...rest }) => rest);
    expect(newQueries.map((q) => noGrade(query(path, q)))).toEqual(old.map(noGrade));
    expect(query(path, 'SELECT DISTINCT kind FROM puzzles')).toEqual([{ kind: 'dominosa' }]);
    expect(query(path, 'SELECT name, rows FROM digest ORDER BY name')).toEqual([
      { name: 'builds', rows: 1 },
      { name: 'meta', rows: 5 },
      { name: 'puzzles', rows: 32 },
      { name: 'schema', rows: expect.any(Number) },
      { name: 'slots', rows: (old[1] as unknown[]).length },
      { name: 'thresholds', rows: (old[2] as unknown[]).length },
    ]);
    // Left in rollback-journal mode: one file, readable without writing anything beside it.
    expect(existsSync(`${path}-wal`) || existsSync(`${path}-shm`)).toBe(false);
    const audit = cli(['audit', '--db', path, '--jobs', '1']);
    expect(audit.code, audit.stdout).toBe(0);
  });

  it('upgrades a schema-3 catalog with every row kept as it was, each a Dominosa row of its shape; a full audit passes', () => {
    const path = join(dir, `v3-${n++}.sqlite`);
    copyFileSync(V3, path);
    const old = [
      `SELECT ${OLD_PUZZLE} FROM puzzles ORDER BY id`,
      OLD_SLOTS,
      OLD_TH,
      'SELECT * FROM builds ORDER BY id',
    ].map((q) => query(path, q));
    const r = cli(['migrate', '--db', path, '--no-backup']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `dominosa: migrated ${path} from schema version 3 to ${SCHEMA_VERSION} (32 puzzles checked against their checksums and kept)\n`,
    );
    expect(
      [`SELECT ${OLD_PUZZLE} FROM puzzles_json ORDER BY id`, NEW_SLOTS, NEW_TH, 'SELECT * FROM builds ORDER BY id'].map(
        (q) => query(path, q),
      ),
    ).toEqual(old);
    expect(query(path, 'SELECT DISTINCT kind, shape = CAST(m AS TEXT) AS named FROM puzzles')).toEqual([
      { kind: 'dominosa', named: 1 },
    ]);
    const audit = cli(['audit', '--db', path, '--jobs', '1']);
    expect(audit.code, audit.stdout).toBe(0);
  });

  it('upgrades a schema-4 catalog of both kinds: every row kept, in compact forms, its verdicts bound to the new rows; exports are what schema 4 exported', async () => {
    const path = join(dir, `v4-${n++}.sqlite`);
    copyFileSync(V4, path);
    const tables = [
      'SELECT * FROM slots ORDER BY build_id, shape, slot',
      'SELECT * FROM thresholds ORDER BY build_id, kind, shape',
      'SELECT * FROM builds ORDER BY id',
    ];
    const noChecksum = (rows: Rows): Rows => rows.map(({ checksum: _c, ...rest }) => rest);
    const old = [noChecksum(query(path, 'SELECT * FROM puzzles ORDER BY id')), ...tables.map((q) => query(path, q))];
    expect(query(path, 'SELECT kind, COUNT(*) AS n FROM puzzles GROUP BY kind')).toEqual([
      { kind: 'dominosa', n: 32 },
      { kind: 'sudomino', n: 16 },
    ]);
    const r = cli(['migrate', '--db', path, '--no-backup']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `dominosa: migrated ${path} from schema version 4 to ${SCHEMA_VERSION} (48 puzzles checked against their checksums and kept, 48 recorded verdicts kept)\n`,
    );
    // The view gives every row as schema 4 stored it, but for the checksum computed again.
    expect([
      noChecksum(query(path, 'SELECT * FROM puzzles_json ORDER BY id')),
      ...tables.map((q) => query(path, q)),
    ]).toEqual(old);
    expect(
      query(
        path,
        'SELECT DISTINCT typeof(canonical_hash) AS h, length(canonical_hash) AS hn, typeof(checksum) AS c, length(checksum) AS cn FROM puzzles',
      ),
    ).toEqual([{ h: 'blob', hn: 32, c: 'blob', cn: 32 }]);
    expect(query(path, `SELECT grid, solution FROM puzzles WHERE id = 1`)).toEqual([
      { grid: expect.stringMatching(/^[0-9a-z]{20}$/), solution: expect.stringMatching(/^[LRUD]{20}$/) },
    ]);
    // Each verdict bound to its row's new checksum (and its base's).
    expect(
      query(
        path,
        `SELECT COUNT(*) AS n FROM verdicts v JOIN puzzles p ON p.id = v.puzzle_id AND p.checksum = v.checksum
         LEFT JOIN puzzles b ON b.id = p.base_id WHERE v.base_checksum IS b.checksum`,
      ),
    ).toEqual([{ n: 48 }]);
    expect(cli(['audit', '--db', path, '--jobs', '2']).code).toBe(0);
    // Export trusts every verdict, and writes the puzzles the schema-4 release wrote (the fixture
    // beside it, pack version 1), each as its record (pack version 2).
    const puzzles = v1Puzzles(readFileSync(join(FIXTURES, 'catalogs', 'v4.export.jsonl'), 'utf8'));
    expect(puzzles).toHaveLength(48);
    const kinds = allKinds();
    const want = {
      jsonl: puzzles.map((p) => `${JSON.stringify(recordOf(p, kinds))}\n`).join(''),
      csv: csvHeader() + puzzles.map((p) => csvRow(p, kinds)).join(''),
    };
    for (const format of ['jsonl', 'csv'] as const) {
      const out = new PassThrough();
      let text = '';
      out.on('data', (c) => (text += c));
      let stats: VerifyStats | null = null;
      await runExport({ db: path, format, out: '-', kinds: ['dominosa', 'sudomino'], includeVariants: true }, out, {
        verified: (st) => (stats = st),
      });
      expect(stats).toMatchObject({ trusted: 48, proved: 0 });
      expect(text).toBe(want[format]);
    }
  });

  it('leaves behind, and counts out, recorded verdicts that no longer held for their rows', () => {
    // One verdict bound to another checksum, the digest recomputed: that one goes, the rest stay.
    const one = join(dir, `v4-${n++}.sqlite`);
    copyFileSync(V4, one);
    editAndReseal(one, (d) => d.exec(`UPDATE verdicts SET checksum = base_checksum WHERE puzzle_id = 2`));
    const r = cli(['migrate', '--db', one, '--no-backup']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/, 47 recorded verdicts kept\)/);
    expect(query(one, 'SELECT COUNT(*) AS n FROM verdicts WHERE puzzle_id = 2')).toEqual([{ n: 0 }]);
    // Verdicts changed behind the digest's back: export would trust none, so none is kept.
    const all = join(dir, `v4-${n++}.sqlite`);
    copyFileSync(V4, all);
    editCatalog(all, (d) => d.exec(`DELETE FROM verdicts WHERE puzzle_id = 3`));
    const s = cli(['migrate', '--db', all, '--no-backup']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stderr).toMatch(/\(48 puzzles checked against their checksums and kept\)\n$/);
    expect(query(all, `SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'verdicts'`)).toEqual([{ n: 0 }]);
    expect(cli(['audit', '--db', all, '--jobs', '2']).code).toBe(0);
  });

  it('refuses a schema-4 catalog with a Sudomino row changed behind its back, changing nothing', () => {
    const path = join(dir, `v4-${n++}.sqlite`);
    copyFileSync(V4, path);
    editCatalog(path, (d) => d.exec(`UPDATE puzzles SET attempts = attempts + 1 WHERE id = 33`));
    const before = sha(path);
    const r = cli(['migrate', '--db', path, '--no-backup']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `dominosa: puzzle 33 does not match its checksum; nothing was changed (run dominosa audit)\n`,
    );
    expect(sha(path)).toBe(before);
  });

  it('refuses a schema-3 catalog with a row changed behind its back, changing nothing', () => {
    const path = join(dir, `v3-${n++}.sqlite`);
    copyFileSync(V3, path);
    editCatalog(path, (d) => d.exec('UPDATE puzzles SET nodes = nodes + 1 WHERE id = 3'));
    const before = sha(path);
    const r = cli(['migrate', '--db', path, '--no-backup']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`dominosa: puzzle 3 does not match its checksum; nothing was changed (run dominosa audit)\n`);
    expect(sha(path)).toBe(before);
  });

  it('leaves a current catalog that was left in write-ahead-log mode in rollback-journal mode, and says so', () => {
    const path = copyOfV1();
    expect(cli(['migrate', '--db', path]).code).toBe(0);
    editCatalog(path, (d) => d.pragma('journal_mode = WAL'));
    const r = cli(['migrate', '--db', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/now in rollback-journal mode/);
    expect(query(path, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'delete' }]);
    expect(cli(['audit', '--db', path, '--jobs', '1']).code).toBe(0);
  });

  it('--no-backup keeps no copy', () => {
    const path = copyOfV1();
    expect(cli(['migrate', '--db', path, '--no-backup']).code).toBe(0);
    expect(existsSync(`${path}.v1.bak`)).toBe(false);
  });

  it('refuses, changing nothing, a damaged, foreign, newer or missing file, or one with an unreadable grid', () => {
    const damaged = copyOfV1();
    writeFileSync(damaged, readFileSync(damaged).subarray(0, 40_000));
    const foreign = join(dir, 'foreign.sqlite');
    writeFileSync(foreign, 'not a database at all\n');
    const newer = copyOfV1();
    editCatalog(newer, (d) => d.exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`));
    const badGrid = copyOfV1();
    editCatalog(badGrid, (g) => g.exec(`UPDATE puzzles SET grid = '[[1,2' WHERE id = 1`));
    for (const [path, code, message] of [
      [damaged, 1, /is damaged|malformed|not a database/],
      [badGrid, 1, /^dominosa: puzzle 1: its grid or solution is not JSON; nothing was changed/],
      [foreign, 2, /is not a SQLite database/],
      [newer, 2, /schema version 99, newer than this release's/],
      [join(dir, 'missing.sqlite'), 2, /no catalog at/],
    ] as const) {
      const before = existsSync(path) ? sha(path) : null;
      const r = cli(['migrate', '--db', path]);
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(before === null ? existsSync(path) : sha(path)).toBe(before === null ? false : before);
      expect(existsSync(`${path}.v1.bak`)).toBe(false);
      expect(existsSync(`${path}.migrating`)).toBe(false);
    }
  });
});
