// End-to-end tests of `dominosa audit`, what only Dominosa's rows show (every-kind.test.ts runs
// what every kind shares): a changed grid cell is named in both reports, a swapped solution
// fails its variants too, tiers of a size must not overlap in nodes, a variant's transform is
// checked, and nodes measured by another solver version are reported once (ref-1 counting as
// ref-2 below M=10).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../pipeline/audit/audit.js';
import { formatAuditJson, silentAuditProgress } from '../../../pipeline/audit/report.js';
import {
  buildSmallCatalog,
  checksumBlob,
  copyCatalog,
  editAndReseal,
  editCatalog,
  storedRows,
} from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';

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
  editCatalog(path, (d) => edit(d, storedRows<Row>(d)));
  return path;
}

/** A copy edited as an older release would have written it: the digest sealed again. */
function resealed(edit: (d: Database.Database, rows: Row[]) => void): string {
  const path = copyCatalog(db, join(dir, `t${n++}.sqlite`));
  editAndReseal(path, (d) => edit(d, storedRows<Row>(d)));
  return path;
}

function audit(path: string, ...extra: string[]): { code: number | null; report: JsonReport; stderr: string } {
  const r = cli(['audit', '--db', path, '--jobs', '2', '--json', ...extra]);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr };
}

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

describe('dominosa audit catches tampering with Dominosa rows (exit 1)', () => {
  it('one changed grid cell', async () => {
    let id = 0;
    const path = tampered((d, rows) => {
      const p = rows[4];
      id = p.id;
      // Row 2, column 3 of the grid: one base-36 digit a cell (src/dominosa/stored.ts).
      const g = [...p.grid];
      const at = p.cols + 2;
      g[at] = String((Number(g[at]) + 1) % (p.m + 1));
      d.prepare('UPDATE puzzles SET grid = ? WHERE id = ?').run(g.join(''), id);
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
        checksumBlob({ ...rows[0], nodes }),
        id,
      );
    });
    const bad = audit(wrong);
    expect(bad.code).toBe(1);
    expect(JSON.stringify(bad.report)).toMatch(/nodes-mismatch/);
  });
});
