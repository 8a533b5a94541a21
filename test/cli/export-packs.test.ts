// Tests for `dominosa export` beyond the jsonl dump: every pack format round-trips against the
// catalog (tatham IDs parse back to its grids, the json pack verifies, text parses back, the
// booklets have the promised pages), the selection options, --force and atomic writes, and the
// target of 1,000 puzzles in under 5 s per format.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, runExport, type ExportOptions } from '../../pipeline/export/export.js';
import { boardToGrid, parseBoards } from '../../src/dominosa/board.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import type { DominosaPackPuzzle } from '../../src/dominosa/formats/pack.js';
import { gridOfPuzzleText } from '../../src/dominosa/record-text.js';
import { solutionFromStored } from '../../src/dominosa/stored.js';
import { planBooklet } from '../../src/formats/booklet.js';
import { verifyPackJson } from '../../src/formats/pack.js';
import { allKinds } from '../../src/kinds.js';
import { parseTathamId } from '../../src/dominosa/formats/tatham.js';
import { editCatalog, query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import type { PuzzleRow } from '../../pipeline/catalog/catalog.js';

let dir: string;
let db: string;

type Row = PuzzleRow;
let rows: Row[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-packs-'));
  db = join(dir, 'c.sqlite');
  // 7 sizes × 4 tiers × 10 bases, each with 3 variants: 1,120 puzzles.
  const r = cli(['build', '--sizes', '3..9', '--per-tier', '10', '--variants', '3', '--jobs', '2', '--db', db]);
  if (r.code !== 0) throw new Error(r.stderr);
  // Grid and solution as JSON, as the puzzles_json view gives them.
  rows = query<Row>(db, 'SELECT id, m, grid, solution, tier, base_id FROM puzzles_json ORDER BY id');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TIER_ORDER = ['easy', 'normal', 'hard', 'expert'];
/** Dominosa's sizes M, as the export options take them. */
const ms = (...m: number[]): ExportOptions['sizes'] => ({ dominosa: m.map(String) });
/** Rows in pack order: tiers easy to expert, sizes ascending within a tier, ids within a size. */
const selected = (pred: (r: Row) => boolean): Row[] =>
  rows.filter(pred).sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier) || a.m - b.m || a.id - b.id);
const small = (r: Row): boolean => r.m <= 4 && r.base_id === null;
let n = 0;
const outPath = (ext: string): string => join(dir, `out${n++}.${ext}`);

/** Pages of a booklet of these puzzles: a title page, then puzzles and solutions at 6 a page per tier (M ≤ 9). */
/** The booklet's plan for these catalog rows (its page arithmetic is tested in test/formats). */
function bookletPlan(
  puzzles: Row[],
  opts: { paper?: 'a4' | 'letter'; tally?: boolean } = {},
): ReturnType<typeof planBooklet> {
  const pack = puzzles.map((p): DominosaPackPuzzle => {
    const grid = JSON.parse(p.grid) as number[][];
    return {
      kind: 'dominosa',
      id: p.id,
      m: p.m,
      rows: grid.length,
      cols: grid[0].length,
      tier: p.tier,
      nodes: 0,
      grid,
      solution: JSON.parse(p.solution) as DominosaPackPuzzle['solution'],
    };
  });
  return planBooklet(pack, allKinds(), { title: 't', ...opts });
}
const bookletPages = (puzzles: Row[], opts: { paper?: 'a4' | 'letter'; tally?: boolean } = {}): number =>
  bookletPlan(puzzles, opts).pages.length;

describe('dominosa export pack formats', () => {
  it('tatham: one game ID per line, its catalog id on the comment line above, that parses back to the catalog grid', () => {
    const r = cli(['export', '--db', db, '--format', 'tatham', '--sizes', '3..4']);
    expect(r.code).toBe(0);
    const want = selected(small);
    const all = r.stdout.trimEnd().split('\n');
    expect(all.filter((_, k) => k % 2 === 0)).toEqual(want.map((p) => `# id: ${p.id}`));
    const lines = all.filter((_, k) => k % 2 === 1);
    expect(lines).toHaveLength(want.length);
    lines.forEach((line, i) => {
      expect(line).toMatch(/^[34]:\d+$/);
      const back = parseTathamId(line);
      if (!back.ok) throw new Error(back.error);
      expect(boardToGrid(back.board)).toEqual(JSON.parse(want[i].grid));
    });
    // solve and grade read the IDs back, with the catalog ids: every one a unique puzzle.
    for (const verb of ['solve', 'grade']) {
      const back = cli([verb, '-', '--format', 'jsonl'], { input: r.stdout });
      expect(back.code, back.stderr).toBe(0);
      const got = back.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number; status: string });
      expect(got.map((g) => [g.id, g.status])).toEqual(want.map((p) => [p.id, 'unique']));
    }
  });

  it('json: a versioned pack whose checksum verifies, holding the selected puzzles', () => {
    const out = outPath('json');
    const r = cli(['export', '--db', db, '--format', 'json', '--sizes', '3..4', '--name', 'Small ones', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wrote 80 puzzles to/);
    const text = readFileSync(out, 'utf8');
    const v = verifyPackJson(text, allKinds());
    if (!v.ok) throw new Error(v.error);
    const want = selected(small);
    expect(v.pack.manifest).toMatchObject({
      name: 'Small ones',
      buildId: 1,
      schemaVersion: SCHEMA_VERSION,
      count: want.length,
    });
    expect(Date.parse(v.pack.manifest.created)).toBeGreaterThan(Date.parse('2020-01-01'));
    // Each record's puzzle and solution text read back to the catalog's grid and dominoes.
    const dominoes = (text: string, rows: number, cols: number): unknown => {
      const read = solutionFromStored(text.split('/').join(''), rows, cols);
      return read.ok ? read.value : read.error;
    };
    expect(
      v.pack.puzzles.map((p) => {
        const grid = gridOfPuzzleText(p.puzzle);
        return [p.kind, p.id, p.size.key, p.tier, grid, dominoes(p.solution, grid.length, grid[0].length)];
      }),
    ).toEqual(want.map((w) => ['dominosa', w.id, String(w.m), w.tier, JSON.parse(w.grid), JSON.parse(w.solution)]));
    // One changed value breaks the checksum.
    expect(verifyPackJson(text.replace('"tier":"easy"', '"tier":"hard"'), allKinds()).ok).toBe(false);
  });

  it('text: the grids parse back with their ids, solutions after them as comments', () => {
    const r = cli(['export', '--db', db, '--format', 'text', '--sizes', '4', '--tiers', 'expert']);
    expect(r.code).toBe(0);
    const want = selected((x) => x.m === 4 && x.tier === 'expert' && x.base_id === null);
    const boards = parseBoards(r.stdout, 'text');
    expect(boards.map((b) => (b.ok ? [b.board.meta?.id, boardToGrid(b.board)] : b.error.message))).toEqual(
      want.map((w) => [w.id, JSON.parse(w.grid)]),
    );
    expect(r.stdout).toContain('# Solutions');
  });

  it('html: a self-contained booklet with the promised pages', () => {
    const out = outPath('html');
    const r = cli([
      'export',
      '--db',
      db,
      '--format',
      'html',
      '--sizes',
      '5,7',
      '--tiers',
      'easy,hard',
      '--name',
      'Booklet <1>',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    const want = selected(
      (x) => (x.m === 5 || x.m === 7) && (x.tier === 'easy' || x.tier === 'hard') && x.base_id === null,
    );
    expect(html.split('<section class="page">').length - 1).toBe(bookletPages(want));
    expect(html).toContain('<title>Booklet &#60;1&#62;</title>');
    expect(html).not.toMatch(/<script|<link|@font-face|url\(/i);
    // Numbered 1..n in booklet order, each with its stars, size, catalog id and time box.
    const plan = bookletPlan(want);
    for (const s of plan.pages.filter((p) => p.kind === 'puzzles').flatMap((p) => p.slots)) {
      expect(html).toContain(`<span class="n">${s.number}</span><svg class="stars"`);
      expect(html).toContain(`&#160; <span class="id">#${s.puzzle.id}</span></div><div class="time">`);
    }
  });

  it('html and pdf: --paper letter, --tally, --one-based and --pips, refused where they do not apply', async () => {
    const want = selected((x) => x.m === 5 && x.base_id === null);
    const pdf = outPath('pdf');
    const r = cli([
      'export',
      '--db',
      db,
      '--sizes',
      '5',
      '--paper',
      'letter',
      '--tally',
      '--pips',
      '--name',
      'Dominó Ωμέγα Жук ✓ 日本 لغ',
      '--out',
      pdf,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^dominosa: warning: the pdf's fonts have no glyph for ل \(U\+0644\), غ \(U\+063A\) \(or none that prints without shaping\); printed as "\?"\n/,
    );
    const doc = await PDFDocument.load(readFileSync(pdf));
    expect(doc.getPageCount()).toBe(bookletPages(want, { paper: 'letter', tally: true }));
    expect(doc.getTitle()).toBe('Dominó Ωμέγα Жук ✓ 日本 لغ');
    expect(Math.round(doc.getPage(0).getHeight())).toBe(792);
    const html = outPath('html');
    expect(cli(['export', '--db', db, '--sizes', '5', '--one-based', '--out', html]).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('one of every pair from 1-1 to (M+1)-(M+1)');
    for (const [args, line] of [
      [['--tally', '--format', 'text'], '--tally applies to --format html, pdf, not text'],
      [
        ['--paper', 'letter', '--format', 'web', '--out', outPath('html')],
        '--paper applies to --format html, pdf, not web',
      ],
      [['--pips', '--format', 'json'], '--pips applies to --format html, pdf, web, not json'],
      [['--pips', '--one-based', '--format', 'html'], '--one-based and --pips are two ways to show numbers; give one'],
      [['--paper', 'a5', '--format', 'html'], 'a5'],
    ] as const) {
      const bad = cli(['export', '--db', db, '--sizes', '5', ...args]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(line);
    }
  }, 180_000);

  it('pdf: a balanced pack of 24 over M = 6..9 prints on at most 9 A4 pages, with or without --tally', async () => {
    for (const tally of [[], ['--tally']]) {
      const out = outPath('pdf');
      const r = cli(['export', '--db', db, '--sizes', '6..9', '--count', '24', '--out', out, ...tally]);
      expect(r.code, r.stderr).toBe(0);
      expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBeLessThanOrEqual(tally.length ? 9 : 7);
    }
  });

  it('pdf: loads, with the promised A4 pages; refused on stdout', async () => {
    const out = outPath('pdf');
    const r = cli(['export', '--db', db, '--format', 'pdf', '--sizes', '6', '--name', 'Six', '--out', out]);
    expect(r.code).toBe(0);
    const doc = await PDFDocument.load(readFileSync(out));
    expect(doc.getPageCount()).toBe(bookletPages(selected((x) => x.m === 6 && x.base_id === null)));
    expect(doc.getTitle()).toBe('Six');
    expect(r.stderr).not.toContain('warning');
    const std = cli(['export', '--db', db, '--format', 'pdf']);
    expect(std.code).toBe(2);
    expect(std.stderr).toBe('dominosa: --format pdf is binary: name a file with --out\n');
    expect(std.stdout).toBe('');
  });
});

/** Run an export in-process (the CLI's option parsing is covered by the cases that spawn it). */
async function exportText(opts: Partial<ExportOptions>): Promise<string> {
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (d) => (text += d));
  await runExport({ db, format: 'jsonl', out: '-', ...opts }, sink);
  return text;
}

describe('dominosa export selection', () => {
  const ids = async (opts: Partial<ExportOptions>): Promise<number[]> =>
    (await exportText(opts))
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: number }).id);

  it('every format takes base puzzles unless --include-variants', async () => {
    expect(await ids({ includeVariants: true })).toEqual(selected(() => true).map((r) => r.id));
    expect(await ids({})).toEqual(selected((r) => r.base_id === null).map((r) => r.id));
    const tat = async (includeVariants?: boolean): Promise<number> =>
      (await exportText({ format: 'tatham', sizes: ms(3), includeVariants }))
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('#')).length;
    expect(await tat()).toBe(40);
    expect(await tat(true)).toBe(160);
  });

  it('filters by size and tier', async () => {
    expect(await ids({ sizes: ms(5, 6), tiers: ['normal', 'expert'], includeVariants: false })).toEqual(
      selected(
        (r) => (r.m === 5 || r.m === 6) && (r.tier === 'normal' || r.tier === 'expert') && r.base_id === null,
      ).map((r) => r.id),
    );
    const cliIds = cli(['export', '--db', db, '--sizes', '5..6', '--tiers', 'Normal,expert', '--no-include-variants']);
    expect(
      cliIds.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id),
    ).toEqual(await ids({ sizes: ms(5, 6), tiers: ['normal', 'expert'], includeVariants: false }));
  });

  it('draws a --count sample reproducibly from --seed, in pack order', async () => {
    const a = await ids({ count: 25, seed: 4 });
    expect(a).toHaveLength(25);
    const order = selected(() => true).map((r) => r.id);
    expect(a).toEqual([...a].sort((x, y) => order.indexOf(x) - order.indexOf(y)));
    expect(await ids({ count: 25, seed: 4 })).toEqual(a);
    expect(await ids({ count: 25, seed: 5 })).not.toEqual(a);
    for (const id of await ids({ count: 30, sizes: ms(8), tiers: ['hard'] })) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ m: 8, tier: 'hard' });
    }
    // More than the selection holds: all of it.
    expect(await ids({ count: 100_000, sizes: ms(3) })).toEqual(
      selected((r) => r.m === 3 && r.base_id === null).map((r) => r.id),
    );
  });

  /** [tier, M] of each puzzle of the pack, in its order. */
  const cells = async (opts: Partial<ExportOptions>): Promise<string[]> =>
    (await exportText(opts))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { tier: string; size: { key: string } })
      .map((p) => `${p.tier} ${p.size.key}`);
  const tally = (xs: string[]): Record<string, number> =>
    Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length]));

  it('balances --count over the tiers, then over the sizes, in tier then size order', async () => {
    for (const seed of [1, 2, 3]) {
      const got = await cells({ count: 24, sizes: ms(6, 7, 8, 9), seed });
      // 6 of each tier; within a tier 2,2,1,1 with the odd ones rotating, so 6 of each size too.
      expect(tally(got.map((c) => c.split(' ')[0]))).toEqual({ easy: 6, normal: 6, hard: 6, expert: 6 });
      expect(tally(got.map((c) => c.split(' ')[1]))).toEqual({ 6: 6, 7: 6, 8: 6, 9: 6 });
      const key = (c: string): number => TIER_ORDER.indexOf(c.split(' ')[0]) * 100 + Number(c.split(' ')[1]);
      expect(got.map(key)).toEqual([...got.map(key)].sort((x, y) => x - y));
    }
    expect(tally((await cells({ count: 12, sizes: ms(5, 6) })).map((c) => c.split(' ')[0]))).toEqual({
      easy: 3,
      normal: 3,
      hard: 3,
      expert: 3,
    });
    // Filters first: two tiers named, the count goes over those two.
    expect(tally(await cells({ count: 8, sizes: ms(4), tiers: ['easy', 'expert'] }))).toEqual({
      'easy 4': 4,
      'expert 4': 4,
    });
  });

  it('--per-tier and --per-size set the split; a short one says so in one line and tops up nothing', async () => {
    expect(tally(await cells({ perTier: 3, sizes: ms(5) }))).toEqual({
      'easy 5': 3,
      'normal 5': 3,
      'hard 5': 3,
      'expert 5': 3,
    });
    expect(tally(await cells({ perSize: 2, sizes: ms(3, 9), tiers: ['hard'] }))).toEqual({ 'hard 3': 2, 'hard 9': 2 });
    // 10 bases per tier and size: 15 per tier runs short.
    const out = outPath('jsonl');
    const r = cli(['export', '--db', db, '--sizes', '3', '--per-tier', '15', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `dominosa: the catalog runs short: easy 10 of 15, normal 10 of 15, hard 10 of 15, expert 10 of 15; the pack holds what there is, the others were not topped up\ndominosa: wrote 40 puzzles to ${out}\n`,
    );
    const both = cli(['export', '--db', db, '--count', '4', '--per-tier', '1']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'dominosa: --count, --per-kind, --per-tier and --per-size are four ways to size a pack; give one\n',
    );
    // The same options and seed, the same pack, byte for byte.
    const again = cli(['export', '--db', db, '--sizes', '3', '--per-tier', '15', '--out', outPath('jsonl')]);
    expect(readFileSync(again.stderr.match(/to (.*)\n$/)?.[1] as string, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('names the filters when nothing matches; exit 2 and no file', () => {
    const out = outPath('json');
    const r = cli(['export', '--db', db, '--format', 'json', '--sizes', '12', '--tiers', 'expert', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'dominosa: no puzzles match --sizes 12 --tiers expert (base puzzles only); the catalog holds sizes 3,4,5,6,7,8,9\n',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses bad selections', () => {
    for (const [args, message] of [
      [['--tiers', 'medium'], /^dominosa: --tiers: "medium" is not a tier \(use easy, normal, hard, expert\)\n$/],
      [['--count', '0'], /^dominosa: --count must be a whole number ≥ 1 \(got 0\)\n$/],
    ] as const) {
      const r = cli(['export', '--db', db, ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('dominosa export output files', () => {
  it('refuses to overwrite without --force, leaving the file alone; replaces it with --force', () => {
    const out = outPath('tatham');
    writeFileSync(out, 'precious\n');
    const r = cli(['export', '--db', db, '--format', 'tatham', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`dominosa: ${out} already exists; use --force to overwrite it\n`);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    const f = cli(['export', '--db', db, '--format', 'tatham', '--sizes', '3', '--out', out, '--force']);
    expect(f.code).toBe(0);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(80);
    expect(readdirSync(dir).filter((x) => x.includes('.tmp-'))).toEqual([]);
  });

  it('leaves nothing behind when an export fails midway', async () => {
    // A grid broken after the pack was selected makes the tatham writer fail on that row.
    const broken = join(dir, 'broken.sqlite');
    // Raw: the copy is made with the connection's online backup, not a byte copy.
    const d = new Database(db, { readonly: true });
    await d.backup(broken);
    d.close();
    editCatalog(broken, (w) =>
      w
        .prepare(`UPDATE puzzles SET grid = '[[0]]' WHERE id = (SELECT MAX(id) FROM puzzles WHERE base_id IS NULL)`)
        .run(),
    );
    const out = outPath('tatham');
    const r = cli(['export', '--db', broken, '--format', 'tatham', '--out', out]);
    // Every selected puzzle is re-checked before anything is written.
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^dominosa: puzzle \d+ fails its checks \(checksum-mismatch: .*nothing was written.*\n$/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((x) => x.includes('.tmp-'))).toEqual([]);
  });

  it('writes 1,000 puzzles in every format', async () => {
    // Speed is the benchmark's business (npm run bench); here every format writes them all.
    for (const format of EXPORT_FORMATS) {
      const opts: ExportOptions = { db, format, out: outPath(format), count: 1000, includeVariants: true, seed: 9 };
      expect(await runExport(opts, new PassThrough())).toBe(1000);
      expect(readFileSync(opts.out).length).toBeGreaterThan(10_000);
    }
    // The web pack grades all 1,000 for their hints: on a shared 2-core machine that passes a minute.
  }, 240_000);
});
