// `dominosa export` of Sudomino from a catalog, alone and mixed with Dominosa: every format that
// fits writes the selected puzzles (JSON lines that `solve` proves unique again, a JSON pack that
// verifies, a pdf), tatham refuses, a Sudomino shape without --kind sudomino is refused naming the
// fix, and a Sudomino row changed behind the catalog's back stops the export before a byte is written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowChecksum } from '../../src/catalog/checksum.js';
import type { PuzzleRow } from '../../pipeline/catalog/catalog.js';
import { verifyPackJson } from '../../src/formats/pack.js';
import { allKinds } from '../../src/kinds.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, freshCatalogs, query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import { addSudominoRows } from '../helpers/sudomino-catalog.js';

const fresh = freshCatalogs();
let db = '';
let sudominoBases = 0;

beforeAll(() => {
  db = fresh();
  buildSmallCatalog(db, '3');
  addSudominoRows(db, { shape: '6x6:4', seed: 2, slots: 8, variants: 1 });
  addSudominoRows(db, { shape: '8x8:6', seed: 2, slots: 8, variants: 1 });
  sudominoBases = query<{ n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM puzzles WHERE kind = 'sudomino' AND base_id IS NULL`,
  )[0].n;
});

const out = (name: string): string => join(db.replace(/[^/]*$/, ''), name);

describe('export of Sudomino', () => {
  it('writes JSON lines of every Sudomino base that solve proves unique again, each its stored solution', () => {
    const file = out('s.jsonl');
    const r = cli(['export', '--db', db, '--kind', 'sudomino', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; solution: number[][] });
    expect(lines.length).toBe(sudominoBases);
    expect(new Set(lines.map((l) => l.kind))).toEqual(new Set(['sudomino']));
    const solved = cli(['solve', '--format', 'jsonl', file]);
    expect(solved.code, solved.stderr).toBe(0);
    const answers = solved.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; solution: string });
    expect(answers.map((a) => a.status)).toEqual(lines.map(() => 'unique'));
    // The pack's solution is rows of values (0 blocked), solve's the answer form: the same cells.
    const answerForm = (rows: number[][]): string =>
      rows.map((r) => r.map((v) => (v === 0 ? '.' : String(v))).join(' ')).join(' / ');
    expect(answers.map((a) => a.solution)).toEqual(lines.map((l) => answerForm(l.solution)));
  });

  it('mixes both kinds in one pack, by tier then Dominosa before Sudomino, and the pack verifies', () => {
    const file = out('both.json');
    const r = cli([
      'export',
      '--db',
      db,
      '--kind',
      'dominosa,sudomino',
      '--sizes',
      '3,8x8:6',
      '--per-size',
      '1',
      '--out',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const v = verifyPackJson(readFileSync(file, 'utf8'), allKinds());
    if (!v.ok) throw new Error(v.error);
    expect(v.pack.manifest.name).toBe('Dominosa and Sudomino');
    const kinds = v.pack.puzzles.map((p) => ('kind' in p && p.kind === 'sudomino' ? 'sudomino' : 'dominosa'));
    expect(kinds).toEqual([
      'dominosa',
      'sudomino',
      'dominosa',
      'sudomino',
      'dominosa',
      'sudomino',
      'dominosa',
      'sudomino',
    ]);
    expect(v.pack.puzzles.map((p) => p.tier)).toEqual([
      'easy',
      'easy',
      'normal',
      'normal',
      'hard',
      'hard',
      'expert',
      'expert',
    ]);
  });

  it('writes a pdf booklet and a web page of a mixed pack', () => {
    for (const [name, format] of [
      ['both.pdf', 'pdf'],
      ['both.html', 'web'],
    ] as const) {
      const r = cli([
        'export',
        '--db',
        db,
        '--kind',
        'dominosa,sudomino',
        '--count',
        '8',
        '--format',
        format,
        '--out',
        out(name),
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(out(name)).length).toBeGreaterThan(1000);
    }
    expect(readFileSync(out('both.html'), 'utf8')).toContain('"sudomino"');
  });

  it('refuses tatham for Sudomino and a Sudomino shape without its kind, each in one line, exit 2', () => {
    const t = cli(['export', '--db', db, '--kind', 'sudomino', '--format', 'tatham']);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(
      /^dominosa: --format tatham writes Simon Tatham's Dominosa game IDs, and puzzle \d+ is Sudomino, which his collection does not have\n$/,
    );
    const s = cli(['export', '--db', db, '--sizes', '8x8:6']);
    expect(s.code).toBe(2);
    expect(s.stderr).toBe(
      'dominosa: --sizes 8x8:6 is a Sudomino shape: add --kind sudomino (or --kind dominosa,sudomino)\n',
    );
    const g = cli(['export', '--db', db, '--kind', 'sudomino', '--grade', 'hard', '--out', out('g.pdf')]);
    expect([g.code, g.stderr]).toEqual([
      2,
      "dominosa: --grade names Dominosa's grades; select Sudomino puzzles by --tiers\n",
    ]);
    expect(existsSync(out('g.pdf'))).toBe(false);
  });

  it('refuses, writing nothing, a pack holding a Sudomino row changed behind the catalog', () => {
    const bad = copyCatalog(db, fresh());
    const id = query<{ id: number }>(
      bad,
      `SELECT id FROM puzzles WHERE kind = 'sudomino' AND base_id IS NULL ORDER BY id LIMIT 1`,
    )[0].id;
    // A solution value swapped, its checksum and the digest resealed: only a proof can tell.
    editAndReseal(bad, (d) => {
      const p = d.prepare('SELECT * FROM puzzles WHERE id = ?').get(id) as PuzzleRow;
      const rows = JSON.parse(p.solution) as number[][];
      const c = rows[0].findIndex((v) => v > 0);
      rows[0][c] = (rows[0][c] % p.m) + 1;
      const solution = JSON.stringify(rows);
      d.prepare('UPDATE puzzles SET solution = ?, checksum = ? WHERE id = ?').run(
        solution,
        rowChecksum({ ...p, solution }),
        id,
      );
    });
    const file = out('bad.jsonl');
    const r = cli(['export', '--db', bad, '--kind', 'sudomino', '--out', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^dominosa: puzzle ${id} fails its checks \\(\\S+: .*\\); nothing was written`),
    );
    expect(existsSync(file)).toBe(false);
  });
});
