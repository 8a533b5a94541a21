// `dominosa export` booklet options against the shipped catalog (read only), read back from the
// pdf (page count, page text) and the html: --per-page, --solutions back|separate|none (separate
// writes <out>.solutions.<ext>, both files or neither), --pad-to with notes pages, --credit on
// the cover and in the footers; each refused for a data format.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { textsOf } from '../helpers/pdf-text.js';

const DB = 'data/catalog.sqlite';
const dir = mkdtempSync(join(tmpdir(), 'dominosa-booklet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let k = 0;
const SIX = ['export', '--db', DB, '--sizes', '5', '--count', '6'];

/** The booklet these options write, loaded, with its page texts. */
async function booklet(args: string[]): Promise<{ out: string; doc: PDFDocument; texts: string[][] }> {
  const out = join(dir, `b${k++}.pdf`);
  const r = cli([...SIX, ...args, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  const doc = await PDFDocument.load(readFileSync(out));
  return { out, doc, texts: doc.getPages().map(textsOf) };
}

describe('export booklet options', () => {
  it('--per-page N puts N puzzles on a puzzle page', async () => {
    // A cover, the six puzzles one a page, and their solutions (one page of small boards).
    expect((await booklet(['--per-page', '1'])).doc.getPageCount()).toBe(1 + 6 + 1);
    expect((await booklet(['--per-page', '3'])).doc.getPageCount()).toBe(1 + 2 + 1);
    expect(cli([...SIX, '--per-page', '0', '--out', join(dir, 'x.pdf')]).code).toBe(2);
  }, 120_000);

  it('--solutions none and separate: the answer booklet beside --out, both written or neither', async () => {
    const none = await booklet(['--per-page', '3', '--solutions', 'none']);
    expect(none.doc.getPageCount()).toBe(3);
    expect(none.texts.flat().join(' ')).not.toContain('Solutions 1');
    const sep = await booklet(['--per-page', '3', '--solutions', 'separate']);
    expect(sep.doc.getPageCount()).toBe(3);
    const answers = sep.out.replace(/\.pdf$/, '.solutions.pdf');
    const a = await PDFDocument.load(readFileSync(answers));
    expect(a.getPageCount()).toBe(1);
    expect(textsOf(a.getPage(0))).toContain('Solutions 1\u20136');
    expect(sep.texts[0].join(' ')).toContain('Solutions are in the answer booklet.');
    // The html booklet takes it too.
    const html = join(dir, 'sep.html');
    expect(cli([...SIX, '--solutions', 'separate', '--out', html]).code).toBe(0);
    expect(readFileSync(html, 'utf8')).not.toContain('Solutions 1');
    expect(readFileSync(join(dir, 'sep.solutions.html'), 'utf8')).toContain('Solutions 1\u20136');
    // An answer file in the way: refused before anything is written.
    const taken = join(dir, 'taken.pdf');
    writeFileSync(join(dir, 'taken.solutions.pdf'), 'mine');
    const r = cli([...SIX, '--solutions', 'separate', '--out', taken]);
    expect(r.code).toBe(2);
    expect(existsSync(taken)).toBe(false);
    expect(readFileSync(join(dir, 'taken.solutions.pdf'), 'utf8')).toBe('mine');
    expect(cli([...SIX, '--solutions', 'separate', '--format', 'html', '--out', '-']).code).toBe(2);
  }, 120_000);

  it('--pad-to N adds notes pages up to a multiple of N; --credit prints on the cover and every footer', async () => {
    const b = await booklet(['--per-page', '3', '--pad-to', '6', '--credit', 'By Ada, © 2026']);
    expect(b.doc.getPageCount()).toBe(6);
    expect(b.texts.slice(4).map((t) => t[0])).toEqual(['Notes', 'Notes']);
    expect(b.texts[0]).toContain('By Ada, © 2026');
    for (const [i, t] of b.texts.entries()) expect(t).toContain(`By Ada, © 2026 \u00b7 ${i + 1} / 6`);
    expect((await booklet(['--per-page', '1', '--pad-to', '4'])).doc.getPageCount()).toBe(8);
    for (const opt of [
      ['--pad-to', '4'],
      ['--credit', 'x'],
      ['--solutions', 'none'],
    ]) {
      const bad = cli([...SIX, ...opt, '--format', 'json']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`${opt[0]} applies to --format html, pdf, not json`);
    }
  }, 120_000);
});
