// End-to-end tests of `dominosa audit` on a small real build: a sound catalog passes (and is not
// written to); each kind of tampering with a copy is caught under its kind, with exit 1; a file
// that is missing or is not a catalog exits 2 with one line.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../pipeline/audit/audit.js';
import { formatAuditJson, silentAuditProgress } from '../../pipeline/audit/report.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, editCatalog } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import { rowChecksum } from '../../src/catalog/checksum.js';
import type { PuzzleRow } from '../../pipeline/catalog/catalog.js';

let dir: string;
let db: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-audit-'));
  db = join(dir, 'small.sqlite');
  buildSmallCatalog(db);
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
  editCatalog(path, (d) => edit(d, d.prepare('SELECT * FROM puzzles ORDER BY id').all() as Row[]));
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
  /** Run in-process (the CLI's exit code and stderr line are checked by the first case). */
  async function expectCaught(path: string, kind: string, ids: (number | null)[]): Promise<JsonReport> {
    const report = JSON.parse(
      formatAuditJson(await runAudit({ db: path, jobs: 1, seed: 1 }, silentAuditProgress)),
    ) as JsonReport;
    expect(report.ok).toBe(false);
    const hit = report.failures.filter((f) => f.kind === kind).map((f) => f.puzzleId);
    expect(hit).toEqual(ids);
    return report;
  }

  it('one changed grid cell', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      const p = rows[4];
      id = p.id;
      const g = JSON.parse(p.grid) as number[][];
      g[1][2] = (g[1][2] + 1) % (p.m + 1);
      d.prepare('UPDATE puzzles SET grid = ? WHERE id = ?').run(JSON.stringify(g), id);
    });
    const rep = await expectCaught(path, 'grid-invalid', [id]);
    expect(rep.failingPuzzles).toEqual([id]);
    const json = audit(path);
    expect(json.code).toBe(1);
    expect(json.report).toEqual({ ...rep, seconds: json.report.seconds, jobs: 2 });
    // The edit left the row's checksum behind too.
    expect(json.stderr).toBe('dominosa: audit failed: 2 failures, 1 failing puzzle\n');
    // The text report names the puzzle, its kind and size, and what failed.
    const text = cli(['audit', '--db', path, '--jobs', '1']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(new RegExp(`failures by kind:\\n  checksum-mismatch  1\\n  grid-invalid       1\\n`));
    expect(text.stdout).toMatch(
      new RegExp(`puzzle ${id} \\(dominosa M=\\d+\\): grid-invalid: value \\d+ appears \\d+ times`),
    );
  });

  it('a swapped solution', async () => {
    let ids: number[] = [];
    const path = tampered((d, rows) => {
      const [a, b] = rows.filter((r) => r.m === 4 && r.base_id === null);
      ids = [a.id, b.id];
      const set = d.prepare('UPDATE puzzles SET solution = ? WHERE id = ?');
      set.run(b.solution, a.id);
      set.run(a.solution, b.id);
    });
    const rep = await expectCaught(path, 'wrong-solution', ids);
    // Their variants no longer match them either.
    expect(rep.failures.filter((f) => f.kind === 'variant-mismatch').length).toBe(4);
  });

  it('a wrong tier', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      const p = rows.find((r) => r.base_id === null && r.tier === 'easy') as Row;
      id = p.id;
      d.prepare(`UPDATE puzzles SET tier = 'hard' WHERE id = ?`).run(id);
    });
    const rep = await expectCaught(path, 'tier-mismatch', [id]);
    expect(rep.failuresByKind['tier-order']).toBeGreaterThanOrEqual(1);
  });

  it('a base moved to the next tier breaks the node order as well', async () => {
    const path = tampered((d) => {
      d.exec(
        `UPDATE puzzles SET tier = 'normal' WHERE id = (SELECT MIN(id) FROM puzzles WHERE m = 3 AND tier = 'easy' AND base_id IS NULL)`,
      );
    });
    // M=3's easy tier is nodes ≤ 1 (data/tiers.json), so every easy base has exactly 1 node.
    const rep = await expectCaught(path, 'tier-order', [null]);
    expect(rep.failures.find((f) => f.kind === 'tier-order')?.detail).toBe(
      'M=3: easy reaches 1 nodes but normal starts at 1 nodes',
    );
  });

  it('a row changed where no other check looks: its checksum', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      id = rows[7].id;
      d.prepare('UPDATE puzzles SET attempts = attempts + 1 WHERE id = ?').run(id);
    });
    const rep = await expectCaught(path, 'checksum-mismatch', [id]);
    expect(rep.failures.map((f) => f.kind)).toEqual(['checksum-mismatch']);
  });

  it('a wrong grade score, its checksum renewed (a row failing its checksum is reported, not proved)', async () => {
    let id = 0;
    const edit = (seal: boolean) =>
      tampered((d, rows) => {
        const p = rows.find((r) => r.base_id === null) as Row;
        id = p.id;
        const score = p.score + 0.001;
        d.prepare('UPDATE puzzles SET score = ?, checksum = ? WHERE id = ?').run(
          score,
          seal ? rowChecksum({ ...p, score }) : p.checksum,
          id,
        );
      });
    const rep = await expectCaught(edit(true), 'grade-mismatch', [id]);
    expect(rep.failuresByKind['checksum-mismatch']).toBeUndefined();
    const unsealed = await expectCaught(edit(false), 'checksum-mismatch', [id]);
    expect(unsealed.failuresByKind['grade-mismatch']).toBeUndefined();
  });

  it('a wrong node count, its checksum renewed', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      const p = rows.find((r) => r.base_id === null && r.tier === 'expert') as Row;
      id = p.id;
      const nodes = p.nodes + 1;
      d.prepare('UPDATE puzzles SET nodes = ?, checksum = ? WHERE id = ?').run(nodes, rowChecksum({ ...p, nodes }), id);
    });
    await expectCaught(path, 'nodes-mismatch', [id]);
  });

  it('a wrong variant transform', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      // The build stores mirror-h and mirror-v as the first two variants; rot180 is free.
      const v = rows.find((r) => r.transform === 'mirror-h') as Row;
      id = v.id;
      d.prepare(`UPDATE puzzles SET transform = 'rot180' WHERE id = ?`).run(id);
    });
    await expectCaught(path, 'variant-mismatch', [id]);
  });

  it('a duplicated base hash, behind a dropped unique index: the index is reported, and no row read through the wrong schema', async () => {
    const path = tampered((d, rows) => {
      const [a, b] = rows.filter((r) => r.base_id === null);
      // The unique index would refuse the change: a damaged or hand-edited catalog lacks it.
      d.exec('DROP INDEX puzzles_base_hash');
      d.prepare('UPDATE puzzles SET canonical_hash = ? WHERE id = ?').run(a.canonical_hash, b.id);
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

  /** A copy edited as an older release would have written it: the digest sealed again. */
  function resealed(edit: (d: Database.Database, rows: Row[]) => void): string {
    const path = copyCatalog(db, join(dir, `t${n++}.sqlite`));
    editAndReseal(path, (d) => edit(d, d.prepare('SELECT * FROM puzzles ORDER BY id').all() as Row[]));
    return path;
  }

  it('nodes measured by another solver version: reported once, not re-measured', async () => {
    const path = resealed((d) => d.exec(`UPDATE builds SET solver_version = 'ref-0'`));
    const rep = await expectCaught(path, 'solver-version-mismatch', [null]);
    expect(rep.failures).toHaveLength(1);
    expect(rep.failures[0].detail).toMatch(/72 puzzles by ref-0/);
  });

  it('nodes measured by ref-1 below M=10 count as ref-2 does: still checked, and still caught', () => {
    const clean = resealed((d) => d.exec(`UPDATE builds SET solver_version = 'ref-1'`));
    const ok = audit(clean);
    expect(ok.code, JSON.stringify(ok.report) + ok.stderr).toBe(0);
    // The counts are really re-measured: a wrong one is caught under ref-1 too.
    let id = 0;
    const wrong = resealed((d, rows) => {
      d.exec(`UPDATE builds SET solver_version = 'ref-1'`);
      id = rows[0].id;
      const nodes = rows[0].nodes + 1000;
      d.prepare('UPDATE puzzles SET nodes = ?, checksum = ? WHERE id = ?').run(
        nodes,
        rowChecksum({ ...rows[0], nodes }),
        id,
      );
    });
    const bad = audit(wrong);
    expect(bad.code).toBe(1);
    expect(JSON.stringify(bad.report)).toMatch(/nodes-mismatch/);
  });

  it('a size without current thresholds', async () => {
    const path = tampered((d) => d.exec(`DELETE FROM thresholds WHERE build_id IS NULL AND shape = '4'`));
    await expectCaught(path, 'missing-thresholds', [null]);
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

  it('a directory', () => refused(dir, /is not a file/));

  it('bad options', () => {
    const r = cli(['audit', '--db', db, '--jobs', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jobs/);
    expect(cli(['audit', '--db', db, '--sample', '0']).stderr).toMatch(/--sample/);
  });
});
