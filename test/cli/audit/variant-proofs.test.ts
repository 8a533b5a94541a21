// End-to-end: audit proves each base with both solvers and each variant as its base's exact
// image, so a variant changed behind its checksum (resealed, digest too) into a board that is not
// unique, or into another variant's board and solution, is still caught by the checks meant for
// it; whole or sampled, with one job or two, the report is the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../pipeline/audit/audit.js';
import { silentAuditProgress, type AuditReport } from '../../../pipeline/audit/report.js';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import { gridText } from '../../../src/dominosa/stored.js';
import { plantedBoard } from '../../helpers/boards.js';
import { buildSmallCatalog, checksumBlob, copyCatalog, editAndReseal, storedRows } from '../../helpers/catalog.js';

let dir: string;
let db: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-variant-proofs-'));
  db = join(dir, 'small.sqlite');
  buildSmallCatalog(db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy with one row changed as `change` says (given every row), its checksum and the digest sealed again. */
function resealed(change: (rows: PuzzleRow[]) => PuzzleRow): string {
  const path = copyCatalog(db, join(dir, `t${n++}.sqlite`));
  editAndReseal(path, (d) => {
    const q = change(storedRows(d));
    d.prepare('UPDATE puzzles SET grid = ?, solution = ?, checksum = ? WHERE id = ?').run(
      q.grid,
      q.solution,
      checksumBlob(q),
      q.id,
    );
  });
  return path;
}

/** A wide board of size m with several solutions, as the grid column holds it. */
function notUnique(m: number): string {
  for (let k = 0; ; k++) {
    const b = plantedBoard(m, 9, k).board;
    if (b.rows === m + 1 && countExactCover(b).status === 'multiple') return gridText(b);
  }
}

const audit = (path: string, jobs: number, sample?: number): Promise<AuditReport> =>
  runAudit({ db: path, jobs, seed: 1, sample }, silentAuditProgress);
const failures = (r: AuditReport) => r.failures.map((f) => [f.kind, f.puzzleId, f.detail]);

describe('audit of variants proven by their base', () => {
  it('passes a sound catalog with one job and with two', async () => {
    for (const jobs of [1, 2]) expect((await audit(db, jobs)).failures).toEqual([]);
  });

  it('catches a variant made not unique, the same with one job, two, or a sample that holds it', async () => {
    let id = 0;
    const path = resealed((rows) => {
      const v = rows.filter((r) => r.base_id !== null)[3];
      id = v.id;
      return { ...v, grid: notUnique(v.m) };
    });
    const one = await audit(path, 1);
    expect(one.failures.filter((f) => f.kind === 'not-unique').map((f) => f.puzzleId)).toEqual([id]);
    expect(one.failures.every((f) => f.puzzleId === id)).toBe(true);
    expect(failures(await audit(path, 2))).toEqual(failures(one));
    expect(failures(await audit(path, 2, 1000))).toEqual(failures(one));
  });

  it("catches a variant holding its sibling's board and solution as not its base's image, and only that", async () => {
    let id = 0;
    const path = resealed((rows) => {
      const i = rows.findIndex((r, j) => r.base_id !== null && rows[j + 1]?.base_id === r.base_id);
      id = rows[i].id;
      return { ...rows[i], grid: rows[i + 1].grid, solution: rows[i + 1].solution };
    });
    const two = await audit(path, 2);
    expect(two.failures.map((f) => [f.kind, f.puzzleId])).toEqual([['variant-mismatch', id]]);
    expect(failures(await audit(path, 1))).toEqual(failures(two));
  });
});
