// `dominosa audit --record` (issue 15): it stores a pass verdict per puzzle in the optional
// verdicts table, under the writer lock and the digest; plain audit still writes nothing; a
// catalog with the table audits clean, and one whose verdicts were edited, added to or redefined
// outside dominosa fails; a catalog that fails its checks gets no verdicts; and export proves
// again, and refuses, a puzzle changed after its verdict.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog, type PuzzleRow } from '../../pipeline/catalog/catalog.js';
import { rowChecksum } from '../../src/catalog/checksum.js';
import { PUZZLE_READ } from '../../src/catalog/row.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, editCatalog, scalar } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

let dir: string;
let plain: string;
let recorded: string;
let n = 0;

interface Report {
  ok: boolean;
  recorded?: number;
  notRecorded?: string | null;
  failures: { kind: string; puzzleId: number | null; detail: string }[];
}

function audit(path: string, ...extra: string[]): { code: number | null; report: Report; stderr: string } {
  const r = cli(['audit', '--db', path, '--jobs', '2', '--json', ...extra]);
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

const copy = (from: string): string => copyCatalog(from, join(dir, `c${n++}.sqlite`));
const count = (path: string, sql: string): unknown => scalar(path, sql);
/** Raw SQL on a closed catalog, as anything but dominosa would. */
const raw = (path: string, sql: string): void => editCatalog(path, (d) => d.exec(sql));
const hasVerdicts = (path: string): boolean =>
  count(path, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'verdicts'`) === 1;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-audit-record-'));
  plain = join(dir, 'plain.sqlite');
  // One size (36 puzzles): these tests audit a dozen copies.
  buildSmallCatalog(plain, '3');
  recorded = copy(plain);
  const r = audit(recorded, '--record');
  if (r.code !== 0) throw new Error(`audit --record failed: ${r.stderr}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('audit --record', () => {
  it('plain audit writes nothing and makes no verdicts table', () => {
    const path = copy(plain);
    const before = readFileSync(path);
    expect(audit(path).code).toBe(0);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(hasVerdicts(path)).toBe(false);
  });

  it('stores one pass verdict per puzzle checked, and the recorded catalog audits clean', () => {
    expect(count(recorded, 'SELECT COUNT(*) FROM verdicts')).toBe(36);
    expect(
      count(
        recorded,
        'SELECT COUNT(*) FROM verdicts v JOIN puzzles p ON p.id = v.puzzle_id AND p.checksum = v.checksum',
      ),
    ).toBe(36);
    const { code, report } = audit(recorded);
    expect(code, JSON.stringify(report.failures)).toBe(0);
    // Left as one file in rollback-journal mode, the lock released.
    expect(count(recorded, 'SELECT COUNT(*) FROM writer')).toBe(0);
    expect(count(recorded, 'PRAGMA journal_mode')).toBe('delete');
  });

  it('again replaces the verdicts rather than adding to them, and says so', () => {
    const path = copy(recorded);
    const again = cli(['audit', '--db', path, '--jobs', '2', '--record']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/recorded 36 pass verdicts/);
    expect(count(path, 'SELECT COUNT(*) FROM verdicts')).toBe(36);
    expect(audit(path).code).toBe(0);
  });

  it('a sample records the sampled puzzles only', () => {
    const path = copy(plain);
    const { code, report } = audit(path, '--record', '--sample', '5', '--seed', '3');
    expect(code).toBe(0);
    expect(report.recorded).toBe(5);
    expect(count(path, 'SELECT COUNT(*) FROM verdicts')).toBe(5);
  });

  it('a verdict row edited, deleted or forged outside dominosa fails audit', () => {
    for (const edit of [
      `UPDATE verdicts SET grader_version = 'grade-9' WHERE puzzle_id = 1`,
      'DELETE FROM verdicts WHERE puzzle_id = 2',
      `INSERT INTO verdicts SELECT 999, checksum, base_checksum, proof_version, solver_version, grader_version, audited_at FROM verdicts WHERE puzzle_id = 1`,
    ]) {
      const path = copy(recorded);
      raw(path, edit);
      const { code, report } = audit(path);
      expect(code, edit).toBe(1);
      expect(
        report.failures.map((f) => `${f.kind}: ${f.detail}`),
        edit,
      ).toContainEqual(expect.stringMatching(/^digest-mismatch: table verdicts (does not match|holds)/));
    }
  });

  it('the verdicts table dropped, or redefined and resealed, fails audit', () => {
    const dropped = copy(recorded);
    raw(dropped, 'DROP TABLE verdicts');
    expect(audit(dropped).report.failures.map((f) => f.detail)).toContainEqual(
      expect.stringMatching(/records a table verdicts/),
    );
    const redefined = copy(recorded);
    editAndReseal(redefined, (d) =>
      d.exec('DROP TABLE verdicts; CREATE TABLE verdicts (puzzle_id INTEGER PRIMARY KEY, checksum TEXT)'),
    );
    const { code, report } = audit(redefined);
    expect(code).toBe(1);
    expect(report.failures.map((f) => `${f.kind}: ${f.detail}`)).toContainEqual(
      "schema-mismatch: table verdicts differs from this release's definition",
    );
  });

  it('records nothing on a catalog that fails a catalog-wide check', () => {
    const path = copy(plain);
    raw(path, `UPDATE slots SET attempts = attempts + 1 WHERE slot = 0`);
    const { code, report } = audit(path, '--record');
    expect(code).toBe(1);
    expect(report.recorded).toBe(0);
    expect(report.notRecorded).toMatch(/catalog-wide check failed/);
    expect(hasVerdicts(path)).toBe(false);
  });

  it('is refused at once (exit 75) while another process writes the catalog, changing nothing', () => {
    const path = copy(plain);
    const writer = Catalog.open(path, { verb: 'build' });
    try {
      const r = cli(['audit', '--db', path, '--record']);
      expect(r.code, r.stderr).toBe(75);
      expect(r.stderr).toMatch(/^dominosa: .* is being written by .*build/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      writer.close();
    }
    expect(hasVerdicts(path)).toBe(false);
  });

  it('a later build extends a recorded catalog, which still audits clean', () => {
    const path = copy(recorded);
    const b = cli([
      'build',
      '--sizes',
      '5',
      '--per-tier',
      '1',
      '--variants',
      '1',
      '--jobs',
      '2',
      '--tier-by',
      'nodes',
      '--extend',
      '--db',
      path,
    ]);
    expect(b.code, b.stderr).toBe(0);
    const { code, report } = audit(path);
    expect(code, JSON.stringify(report.failures)).toBe(0);
  });
});

describe('export and recorded verdicts', () => {
  it('a puzzle changed after its verdict (checksum and digest resealed) is proved again and refused, as audit fails it', () => {
    const path = copy(recorded);
    let id = 0;
    editAndReseal(path, (d) => {
      const p = d
        .prepare(`SELECT ${PUZZLE_READ} FROM puzzles WHERE base_id IS NULL ORDER BY id LIMIT 1`)
        .get() as PuzzleRow;
      id = p.id;
      // A score within its level: only re-grading it can tell.
      const score = p.score + 0.001;
      d.prepare('UPDATE puzzles SET score = ?, checksum = ? WHERE id = ?').run(
        score,
        Buffer.from(rowChecksum({ ...p, score }), 'hex'),
        id,
      );
    });
    expect(
      audit(path)
        .report.failures.filter((f) => f.puzzleId === id)
        .map((f) => f.kind),
    ).toContain('grade-mismatch');
    const r = cli(['export', '--db', path, '--out', join(dir, `e${n++}.jsonl`)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^dominosa: puzzle ${id} fails its checks \\(grade-mismatch`));
  });

  it('verdicts edited outside dominosa are set aside with a note, and every puzzle proved again', () => {
    const path = copy(recorded);
    raw(path, `UPDATE verdicts SET audited_at = 'x'`);
    const r = cli(['export', '--db', path, '--format', 'jsonl', '--out', '-']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/the recorded verdicts do not match their digest .*proved every puzzle again/);
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
  });

  it('--recheck is offered and exports what the trusting export does', () => {
    const a = cli(['export', '--db', recorded, '--format', 'jsonl', '--out', '-']);
    const b = cli(['export', '--db', recorded, '--format', 'jsonl', '--out', '-', '--recheck']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(cli(['export', '--help']).stdout).toMatch(/--recheck/);
  });
});
