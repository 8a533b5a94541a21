// End-to-end tests of `dominosa audit`: a sound catalog passes (and is not written to), sampled or
// whole; tampering no kind has a part in (a checksum, the schema, a damaged database) is caught,
// with exit 1; a file that is missing or is not a catalog exits 2 with one line. Then one body run
// over every registered kind, on a catalog of every kind: its rows pass, --kind narrows to them,
// --record stores their verdicts, a row changed behind the catalog (checksum resealed or not) fails
// by the check meant for it, a size without thresholds and a spent budget are reported. What only
// one kind's rows show is in dominosa.test.ts and sudomino.test.ts.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../pipeline/audit/audit.js';
import { formatAuditJson, silentAuditProgress } from '../../../pipeline/audit/report.js';
import {
  buildSmallCatalog,
  checksumBlob,
  copyCatalog,
  editAndReseal,
  editCatalog,
  query,
  storedRows,
} from '../../helpers/catalog.js';
import { PUZZLE_READ } from '../../../src/catalog/row.js';
import { catalogOfEveryKind } from '../../helpers/every-kind.js';
import { allKinds } from '../../../src/kinds.js';
import { cli } from '../../helpers/cli.js';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';

let dir: string;
let db: string;
/** A catalog of every registered kind, and how many rows it holds. */
let mixed: string;
let all = 0;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-audit-'));
  db = join(dir, 'small.sqlite');
  buildSmallCatalog(db);
  mixed = join(dir, 'every-kind.sqlite');
  catalogOfEveryKind(mixed);
  all = query<{ n: number }>(mixed, 'SELECT COUNT(*) AS n FROM puzzles')[0].n;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = PuzzleRow;

interface JsonReport {
  ok: boolean;
  checked: number;
  puzzles: number;
  sample: number | null;
  jobs: number;
  seconds: number;
  failuresByKind: Record<string, number>;
  failingPuzzles: number[];
  failures: { kind: string; puzzleId: number | null; detail: string }[];
}

/** A copy of the small catalog with `edit` applied through a writable connection. */
function tampered(edit: (d: Database.Database, rows: Row[]) => void): string {
  const path = copyCatalog(db, join(dir, `t${n++}.sqlite`));
  editCatalog(path, (d) => edit(d, storedRows<Row>(d)));
  return path;
}

function audit(path: string, ...extra: string[]): { code: number | null; report: JsonReport; stderr: string } {
  const r = cli(['audit', '--db', path, '--jobs', '2', '--json', ...extra]);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr };
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('dominosa audit on a sound catalog', () => {
  it('passes every check, exit 0, and writes nothing', () => {
    const before = sha(db);
    const r = cli(['audit', '--db', db, '--jobs', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^audit of .*small\.sqlite: 72 puzzles checked in \d+\.\d s with 2 jobs\nall checks passed/,
    );
    expect(r.stderr).toBe('');
    expect(sha(db)).toBe(before);
  });

  it('reports as JSON, and checks a reproducible sample', () => {
    const full = audit(db);
    expect(full.code).toBe(0);
    expect(full.report).toMatchObject({
      ok: true,
      checked: 72,
      puzzles: 72,
      sample: null,
      failures: [],
      failuresByKind: {},
    });
    const s = audit(db, '--sample', '10', '--seed', '3');
    expect(s.report).toMatchObject({ ok: true, checked: 10, puzzles: 72, sample: 10 });
  });

  it('finds only the sampled puzzles when a sample is tampered', () => {
    // Every puzzle's tier is wrong here, so a sample of 5 reports exactly 5 puzzles, and the
    // same seed gives the same 5.
    const path = tampered((d) =>
      d.exec(`UPDATE thresholds SET t1 = t1 + 1000, t2 = t2 + 1000, t3 = t3 + 1000 WHERE build_id IS NULL`),
    );
    const a = audit(path, '--sample', '5', '--seed', '11');
    const b = audit(path, '--sample', '5', '--seed', '11');
    const c = audit(path, '--sample', '5', '--seed', '12');
    expect(a.code).toBe(1);
    expect(a.report.failingPuzzles.length).toBeGreaterThan(0);
    expect(a.report.failingPuzzles.length).toBeLessThanOrEqual(5);
    expect(b.report.failingPuzzles).toEqual(a.report.failingPuzzles);
    expect(c.report.checked).toBe(5);
  });
});

describe('dominosa audit catches tampering (exit 1)', () => {
  /** Run in-process (the command line's exit code and report are checked per kind below). */
  async function expectCaught(path: string, kind: string, ids: (number | null)[]): Promise<JsonReport> {
    const report = JSON.parse(
      formatAuditJson(await runAudit({ db: path, jobs: 1, seed: 1 }, silentAuditProgress)),
    ) as JsonReport;
    expect(report.ok).toBe(false);
    const hit = report.failures.filter((f) => f.kind === kind).map((f) => f.puzzleId);
    expect(hit).toEqual(ids);
    return report;
  }

  it('a row changed where no other check looks: its checksum', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      id = rows[7].id;
      d.prepare('UPDATE puzzles SET attempts = attempts + 1 WHERE id = ?').run(id);
    });
    const rep = await expectCaught(path, 'checksum-mismatch', [id]);
    expect(rep.failures.map((f) => f.kind)).toEqual(['checksum-mismatch']);
  });

  it('a duplicated base hash, behind a dropped unique index: the index is reported, and no row read through the wrong schema', async () => {
    const path = tampered((d, rows) => {
      const [a, b] = rows.filter((r) => r.base_id === null);
      // The unique index would refuse the change: a damaged or hand-edited catalog lacks it.
      d.exec('DROP INDEX puzzles_base_hash');
      d.prepare('UPDATE puzzles SET canonical_hash = ? WHERE id = ?').run(Buffer.from(a.canonical_hash, 'hex'), b.id);
    });
    const rep = await expectCaught(path, 'schema-mismatch', [null]);
    expect(rep.failures.find((f) => f.kind === 'schema-mismatch')?.detail).toMatch(
      /^index puzzles_base_hash on puzzles is missing/,
    );
    expect(rep.checked).toBe(0);
  });

  it('a catalog of a schema version this release does not know', async () => {
    const path = tampered((d) => d.exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`));
    const rep = await expectCaught(path, 'schema-version', [null]);
    expect(rep.checked).toBe(0);
  });

  it('a damaged database', async () => {
    const path = tampered((d) => {
      // An index that no longer matches its table is what integrity_check exists to find.
      d.unsafeMode(true);
      d.pragma('writable_schema = ON');
      d.exec(
        `UPDATE sqlite_master SET sql = replace(sql, 'ON puzzles (kind, shape, tier, nodes)', 'ON puzzles (kind, shape, nodes, tier)') WHERE name = 'puzzles_size_tier'`,
      );
    });
    const rep = await expectCaught(path, 'integrity', expect.arrayContaining([null]));
    expect(rep.checked).toBe(0);
  });
});

describe('dominosa audit refuses what is not a catalog (exit 2)', () => {
  const refused = (path: string, message: RegExp): void => {
    const r = cli(['audit', '--db', path]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  };

  it('a missing file', () => refused(join(dir, 'none.sqlite'), /^dominosa: no catalog at .*none\.sqlite/));

  it('a file that is not a database', () => {
    const path = join(dir, 'text.sqlite');
    writeFileSync(path, 'not a database\n'.repeat(200));
    refused(path, /^dominosa: .*text\.sqlite is not a SQLite database/);
  });

  it('a SQLite database that is not a catalog', () => {
    const path = join(dir, 'other.sqlite');
    // Raw: this makes a SQLite file that is not a catalog, nothing the catalog helpers read or tamper with.
    const d = new Database(path);
    d.exec('CREATE TABLE t (x)');
    d.close();
    refused(path, /is a SQLite database but not a dominosa catalog/);
  });

  it('a directory', () => refused(dir, /is a directory, not a catalog file/));

  it('bad options', () => {
    const r = cli(['audit', '--db', db, '--jobs', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jobs/);
    expect(cli(['audit', '--db', db, '--sample', '0']).stderr).toMatch(/--sample/);
  });
});

describe.each(allKinds().map((k) => [k.name, k] as const))(
  'dominosa audit of the %s rows of a catalog of every kind',
  (name, kind) => {
    /** The kind's rows in the catalog of every kind: how many, and the size its first row is of. */
    let own = { count: 0, shape: '' };

    beforeAll(() => {
      const [first] = query<{ shape: string }>(
        mixed,
        'SELECT shape FROM puzzles WHERE kind = ? ORDER BY id LIMIT 1',
        name,
      );
      own = {
        count: query<{ n: number }>(mixed, 'SELECT COUNT(*) AS n FROM puzzles WHERE kind = ?', name)[0].n,
        shape: first.shape,
      };
    });

    const scope = (): string => `${name} ${kind.sizes.label(own.shape)}`;

    it('checks every row of every kind and passes; --kind narrows it to this kind', () => {
      expect(own.count).toBeGreaterThan(4);
      const whole = audit(mixed);
      expect(whole.report.failures).toEqual([]);
      expect(whole.code).toBe(0);
      expect(whole.report.checked).toBe(all);
      const narrowed = audit(mixed, '--kind', name);
      expect(narrowed.code).toBe(0);
      expect(narrowed.report.checked).toBe(own.count);
    });

    it("--record stores a pass verdict for every row of the kind, bound to its kind's judges", () => {
      const path = copyCatalog(mixed, join(dir, `t${n++}.sqlite`));
      const r = audit(path, '--record', '--kind', name);
      expect(r.code).toBe(0);
      expect((r.report as JsonReport & { recorded?: number }).recorded).toBe(own.count);
      const v = query<{ n: number }>(
        path,
        'SELECT COUNT(*) AS n FROM verdicts JOIN puzzles p ON p.id = puzzle_id WHERE p.kind = ? AND proof_version = ?',
        name,
        kind.checks.versions.proof,
      );
      expect(v[0].n).toBe(own.count);
    });

    it("bases whose nodes, tier, score or hash were changed (checksums resealed) fail by the check meant for each, naming the puzzle's kind and size, exit 1", () => {
      const path = copyCatalog(mixed, join(dir, `t${n++}.sqlite`));
      const bases = query<Row>(
        path,
        `SELECT ${PUZZLE_READ} FROM puzzles WHERE kind = ? AND shape = ? AND base_id IS NULL ORDER BY id LIMIT 4`,
        name,
        own.shape,
      );
      const flip = (h: string): string => `${h[0] === '0' ? '1' : '0'}${h.slice(1)}`;
      const tamperings = [
        ['nodes', 'nodes-mismatch', (p: Row) => p.nodes + 1],
        ['tier', 'tier-mismatch', (p: Row) => (p.tier === 'easy' ? 'normal' : 'easy')],
        ['score', 'grade-mismatch', (p: Row) => Math.floor(p.score) + (((p.score % 1) + 0.125) % 1)],
        ['canonical_hash', 'hash-mismatch', (p: Row) => flip(p.canonical_hash)],
      ] as const;
      editAndReseal(path, (d) => {
        tamperings.forEach(([column, , change], i) => {
          const p = bases[i];
          const changed = { ...p, [column]: change(p) };
          // A hash is stored as its 32 bytes.
          const value = column === 'canonical_hash' ? Buffer.from(changed[column], 'hex') : changed[column];
          d.prepare(`UPDATE puzzles SET ${column} = ?, checksum = ? WHERE id = ?`).run(
            value,
            checksumBlob(changed),
            p.id,
          );
        });
      });
      const r = audit(path, '--kind', name);
      expect(r.code).toBe(1);
      const failures = r.report.failures as (JsonReport['failures'][number] & { scope?: string })[];
      tamperings.forEach(([, kind], i) => {
        const hit = failures.filter((f) => f.puzzleId === bases[i].id);
        expect(hit.map((f) => f.kind)).toContain(kind);
        expect(hit.every((f) => f.scope === scope())).toBe(true);
      });
      const text = cli(['audit', '--db', path, '--jobs', '1', '--kind', name]);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`\n  puzzle ${bases[0].id} (${scope()}): nodes-mismatch: `);
      expect(text.stderr).toMatch(/^dominosa: audit failed: \d+ failures, \d+ failing puzzles\n$/);
    });

    it('a base whose score changed without its checksum fails its checksum alone: it is reported, not proved', async () => {
      const path = copyCatalog(mixed, join(dir, `t${n++}.sqlite`));
      let id = 0;
      editAndReseal(path, (d) => {
        const p = d.prepare('SELECT * FROM puzzles WHERE kind = ? AND base_id IS NULL ORDER BY id').get(name) as Row;
        id = p.id;
        d.prepare('UPDATE puzzles SET score = ? WHERE id = ?').run(
          Math.floor(p.score) + (((p.score % 1) + 0.125) % 1),
          id,
        );
      });
      const report = JSON.parse(
        formatAuditJson(await runAudit({ db: path, jobs: 1, seed: 1, kind: name }, silentAuditProgress)),
      ) as JsonReport;
      // Proved, its score would fail too; its variants now differ from it in score, which is theirs to report.
      expect(report.failures.filter((f) => f.puzzleId === id).map((f) => f.kind)).toEqual(['checksum-mismatch']);
      expect(report.failures.filter((f) => f.puzzleId !== id).every((f) => f.kind === 'variant-mismatch')).toBe(true);
    });

    it('a size without current thresholds fails missing-thresholds, naming it', () => {
      const path = copyCatalog(mixed, join(dir, `t${n++}.sqlite`));
      editAndReseal(path, (d) => d.prepare('DELETE FROM thresholds WHERE kind = ?').run(name));
      const sizes = query<{ shape: string; n: number }>(
        path,
        'SELECT shape, COUNT(*) AS n FROM puzzles WHERE kind = ? GROUP BY shape',
        name,
      );
      const r = audit(path, '--kind', name);
      expect(r.code).toBe(1);
      expect(r.report.failures).toEqual(
        sizes.map((s) => ({
          kind: 'missing-thresholds',
          puzzleId: null,
          detail: expect.stringContaining(
            `${kind.sizes.label(s.shape)}: no current thresholds for its ${s.n} puzzles, so their tiers cannot be checked`,
          ) as unknown,
        })),
      );
    });

    it('a board whose budget runs out is gave-up, naming it', () => {
      const r = cli(['audit', '--db', mixed, '--jobs', '1', '--json', '--kind', name, '--time-limit', '5'], {
        env: { DOMINOSA_FAULT: 'exhaust:proof' },
      });
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as JsonReport;
      const failing = report.failures.filter((f) => f.puzzleId !== null);
      expect(failing.length).toBe(own.count);
      for (const f of failing) {
        expect(f.kind).toBe('gave-up');
        expect(f.detail).toBe('gave up within the budget (time limit 5 s) before proving it unique');
      }
    });
  },
);
