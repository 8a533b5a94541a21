// Tests for `dominosa export --format jsonl` and `--format csv`: one line per stored puzzle, its
// record (the documented fields in order), whose puzzle and solution text check out, the same bytes on stdout
// and in a file, a failed export leaving no file (not even a temporary one), and --grade.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog, type NewPuzzle } from '../../pipeline/catalog/catalog.js';
import { runExport } from '../../pipeline/export/export.js';
import { boardFromGrid } from '../../src/dominosa/board.js';
import { gridOfPuzzleText } from '../../src/dominosa/record-text.js';
import { gridText, solutionFromStored, solutionText } from '../../src/dominosa/stored.js';
import { RECORD_FIELDS } from '../../src/formats/record.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { CSV_COLUMNS } from '../../src/formats/csv.js';
import { LEVELS } from '../../src/dominosa/grade/ladder.js';
import { GRADE_TARGET_NAMES, parseGradeTarget } from '../../src/dominosa/rank/bands.js';
import { storedGrade } from '../../src/dominosa/rank/stored.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { tierOf } from '../../src/rank/tiers.js';
import { checkSolution } from '../../src/dominosa/solve/solution.js';
import { applyTransform, encodeTransform, transformSolution } from '../../src/dominosa/transform.js';
import { CLI, cli } from '../helpers/cli.js';

const TH = { t1: 1, t2: 2, t3: 3 };
let dir: string;
let db: string;

/** A catalog of real puzzles: three bases of sizes 3..5, each with a rot180 variant. */
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-export-'));
  db = join(dir, 'c.sqlite');
  const cat = Catalog.open(db, { create: true });
  const gen = new Generator();
  cat.transaction(() => {
    for (const m of [3, 4, 5]) {
      // Export re-checks tiers against the catalog's thresholds, as audit does.
      cat.writeThresholds(null, 'dominosa', String(m), { measure: 'nodes', th: TH }, REFERENCE_VERSION);
      const r = gen.generateSlot(7, m, 0);
      if (!r.ok) throw new Error(r.reason);
      const p = r.puzzle;
      const row: NewPuzzle = {
        kind: 'dominosa',
        m,
        rows: p.board.rows,
        cols: p.board.cols,
        grid: gridText(p.board),
        solution: solutionText(p.solution, p.board.rows, p.board.cols),
        tier: tierOf(p.nodes, TH),
        nodes: p.nodes,
        score: storedGrade(p.board).score,
        attempts: p.attempts,
        canonical_hash: p.canonicalHash,
        base_id: null,
        transform: null,
        seed: 7,
        slot: 0,
        method: p.method,
        build_id: null,
      };
      const id = cat.insertPuzzle(row);
      const t = { geometry: 'rot180' as const };
      const v = applyTransform(p.board, t);
      cat.insertPuzzle({
        ...row,
        grid: gridText(v),
        solution: solutionText(transformSolution(p.solution, p.board.rows, p.board.cols, t), v.rows, v.cols),
        base_id: id,
        transform: encodeTransform(t),
      });
    }
  });
  cat.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dominosa export --format jsonl', () => {
  it('writes one line per puzzle, fields in order, boards and solutions that check out', () => {
    const r = cli(['export', '--db', db, '--format', 'jsonl', '--include-variants']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const recs = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    recs.forEach((rec, i) => {
      expect(Object.keys(rec)).toEqual(RECORD_FIELDS);
      expect([rec.kind, rec.id]).toEqual(['dominosa', i + 1]);
      const res = boardFromGrid(gridOfPuzzleText(rec.puzzle as string), i);
      if (!res.ok) throw new Error(res.error.message);
      expect(rec.size).toEqual({ key: String(res.board.m), label: `M=${res.board.m}` });
      const dominoes = solutionFromStored((rec.solution as string).replaceAll('/', ''), res.board.rows, res.board.cols);
      if (!dominoes.ok) throw new Error(dominoes.error);
      expect(checkSolution(res.board, dominoes.value)).toBeNull();
    });
    // Bases then their variant, alternately.
    expect(recs.map((r) => [(r.size as { key: string }).key, r.base_id, r.transform])).toEqual([
      ['3', null, null],
      ['3', 1, 'rot180'],
      ['4', null, null],
      ['4', 3, 'rot180'],
      ['5', null, null],
      ['5', 5, 'rot180'],
    ]);
    expect(recs.map((r) => r.tier)).toEqual(recs.map((r) => tierOf(r.nodes as number, TH)));
  });

  it('writes the same bytes to --out FILE as to stdout, leaving no temporary file', () => {
    const out = join(dir, 'out.jsonl');
    const r = cli(['export', '--db', db, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(cli(['export', '--db', db]).stdout);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('streams through runExport and counts what it wrote', async () => {
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (d) => (text += d));
    expect(await runExport({ db, format: 'jsonl', out: '-', includeVariants: true }, sink)).toBe(6);
    expect(text.split('\n').filter(Boolean)).toHaveLength(6);
  });

  it('stops quietly, exit 0, when the reader closes the pipe early', () => {
    // Enough rows to overflow a pipe buffer, so the writer does meet the closed pipe.
    const big = join(dir, 'big.sqlite');
    const cat = Catalog.open(big, { create: true });
    const gen = new Generator();
    cat.transaction(() => {
      // Valid rows, since export re-checks each one: 300 bases of M = 5, each with a copy of
      // itself as its identity variant (a base has one variant per transform).
      cat.writeThresholds(null, 'dominosa', '5', { measure: 'nodes', th: TH }, REFERENCE_VERSION);
      for (let slot = 0, made = 0; made < 300; slot++) {
        const r = gen.generateSlot(7, 5, slot);
        if (!r.ok || cat.hasBase('dominosa', r.puzzle.canonicalHash)) continue;
        const p = r.puzzle;
        const row: NewPuzzle = {
          kind: 'dominosa',
          m: 5,
          rows: p.board.rows,
          cols: p.board.cols,
          grid: gridText(p.board),
          solution: solutionText(p.solution, p.board.rows, p.board.cols),
          tier: tierOf(p.nodes, TH),
          nodes: p.nodes,
          score: storedGrade(p.board).score,
          attempts: p.attempts,
          canonical_hash: p.canonicalHash,
          base_id: null,
          transform: null,
          seed: 7,
          slot,
          method: p.method,
          build_id: null,
        };
        const baseId = cat.insertPuzzle(row);
        cat.insertPuzzle({ ...row, base_id: baseId, transform: 'id' });
        made++;
      }
    });
    cat.close();
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${CLI}" export --db "${big}" --include-variants | head -1; echo "status \${PIPESTATUS[0]}" >&2`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toBe('status 0\n');
  });

  it('refuses a missing catalog, an unwritable --out and an unknown format with exit 2 and no file', () => {
    const missing = cli(['export', '--db', join(dir, 'none.sqlite')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^dominosa: no catalog at/);
    expect(existsSync(join(dir, 'none.sqlite'))).toBe(false);

    const bad = cli(['export', '--db', db, '--out', join(dir, 'no-such-dir', 'out.jsonl')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dominosa: cannot write .*no such file or directory/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);

    const fmt = cli(['export', '--db', db, '--format', 'xml']);
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toMatch(/format/);
  });
});

/** What jsonl says of every puzzle, the reference the other selections are checked against. */
function jsonlRecords(args: string[] = []): Record<string, unknown>[] {
  const r = cli(['export', '--db', db, '--format', 'jsonl', ...args]);
  expect(r.code).toBe(0);
  return r.stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('dominosa export --format csv', () => {
  it('writes the documented header and one row per puzzle: the same record as jsonl, size flattened', () => {
    const out = join(dir, 'all.csv');
    // The format comes from the extension.
    const r = cli(['export', '--db', db, '--include-variants', '--out', out]);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = text.slice(0, -2).split('\r\n');
    expect(header.split(',')).toEqual([...CSV_COLUMNS]);
    const recs = jsonlRecords(['--include-variants']);
    expect(lines).toHaveLength(recs.length);
    lines.forEach((line, i) => {
      const f = Object.fromEntries(line.split(',').map((v, k) => [CSV_COLUMNS[k], v]));
      const { size, ...rec } = recs[i] as Record<string, unknown> & { size: { key: string; label: string } };
      const cells = Object.fromEntries(
        Object.entries(rec).map(([k, v]) => [k, v === null ? '' : String(v as string | number)]),
      );
      expect(f).toEqual({ ...cells, size_key: size.key, size_label: size.label });
      // Every grade of these puzzles names its technique, in every data format.
      expect(f.technique).not.toBe('');
    });
  });
});

describe('dominosa export --grade', () => {
  it('selects exactly the puzzles whose stored grade lies in the target, for every band and level name', async () => {
    const all = jsonlRecords(['--include-variants']);
    for (const name of GRADE_TARGET_NAMES) {
      const g = parseGradeTarget(name);
      if (!g.ok) throw new Error(g.error);
      const want = all
        .filter((r) => {
          const level = LEVELS.find((l) => l.name === r.grade)?.level ?? -1;
          return level >= g.target.minLevel && level <= g.target.maxLevel;
        })
        .map((r) => r.id);
      const sink = new PassThrough();
      let text = '';
      sink.on('data', (d) => (text += d));
      const run = runExport({ db, format: 'jsonl', out: '-', includeVariants: true, grade: name }, sink);
      if (want.length === 0) {
        await expect(run).rejects.toThrow(`--grade ${name}`);
        continue;
      }
      expect(await run).toBe(want.length);
      expect(
        text
          .trimEnd()
          .split('\n')
          .map((l) => (JSON.parse(l) as { id: number }).id),
      ).toEqual(want);
    }
  });

  it('refuses an unknown grade name with one line and exit 2', () => {
    const r = cli(['export', '--db', db, '--grade', 'impossible']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--grade');
  });
});
