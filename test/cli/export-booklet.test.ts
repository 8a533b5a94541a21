// `dominosa export` booklet options against the shipped catalog (read only): --per-page sets the
// puzzles on each puzzle page, read back as the pdf's page count; it is refused for a data format.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const DB = 'data/catalog.sqlite';
const dir = mkdtempSync(join(tmpdir(), 'dominosa-booklet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pages(args: string[]): Promise<number> {
  const out = join(dir, `${args.join('_').replace(/\W/g, '')}.pdf`);
  const r = cli(['export', '--db', DB, '--sizes', '5', '--count', '6', ...args, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  return (await PDFDocument.load(readFileSync(out))).getPageCount();
}

describe('export booklet options', () => {
  it('--per-page N puts N puzzles on a puzzle page', async () => {
    // A cover, the six puzzles one a page, and their solutions (one page of small boards).
    expect(await pages(['--per-page', '1'])).toBe(1 + 6 + 1);
    expect(await pages(['--per-page', '3'])).toBe(1 + 2 + 1);
    const bad = cli(['export', '--db', DB, '--sizes', '5', '--count', '6', '--per-page', '2', '--format', 'json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--per-page applies to --format html, pdf, not json');
    expect(cli(['export', '--db', DB, '--per-page', '0', '--format', 'pdf', '--out', join(dir, 'x.pdf')]).code).toBe(2);
  }, 120_000);
});
