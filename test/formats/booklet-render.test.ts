// The pdf booklet's title, as a printer sees it: the cover rendered by poppler's pdftoppm, and
// in the title's band each glyph's place (from the faces' advance widths) must hold ink where the
// blank title's cover has none, for a title in Latin, Greek, Cyrillic, Simplified and Traditional
// Chinese, Japanese and Korean; no character may be printed as '?' (what no font has). The same check
// fails on a CJK font cut by pdf-lib's own subsetting (pdf-lib issue 1232: text that extracts but
// draws nothing), which is why cjk-fonts.ts cuts with HarfBuzz. pdftoppm is required under
// CI=true (.ci/run installs poppler-utils); elsewhere, without it, the test is skipped and says so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, it, expect, afterAll } from 'vitest';
import { cjkFaces } from '../../pipeline/export/cjk-fonts.js';
import { bookletFonts } from '../../pipeline/export/fonts.js';
import { geometryOf } from '../../src/formats/booklet.js';
import { buildBookletPdf, type PdfFontFiles } from '../../src/formats/pdf.js';
import { allKinds } from '../../src/kinds.js';

const HAVE = spawnSync('pdftoppm', ['-v']).error === undefined;
const RENDER = HAVE || process.env.CI === 'true';
if (!RENDER)
  console.warn('booklet-render.test: skipped: no pdftoppm (apt-get install poppler-utils; required when CI=true)');

const KINDS = allKinds();
const DPI = 144;
const dir = mkdtempSync(join(tmpdir(), 'booklet-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The cover's title band (the bold title's line, 28 pt on a 32 mm baseline) as grey pixels, one byte each. */
function titleBand(pdf: Uint8Array): Uint8Array {
  const geom = geometryOf('a4');
  const px = (mm: number): number => Math.round((mm / 25.4) * DPI);
  const file = join(dir, 'cover.pdf');
  writeFileSync(file, pdf);
  const top = geom.page.margin + 32 - 12;
  const args = ['-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-x', '0', '-y', String(px(top))];
  args.push('-W', String(px(geom.page.width)), '-H', String(px(16)), file, join(dir, 'band'));
  const r = spawnSync('pdftoppm', args, { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const pgm = readFileSync(join(dir, 'band-1.pgm'));
  // P5 header: magic, width, height, max value, each followed by whitespace; then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40));
  if (header === null) throw new Error('pdftoppm wrote no PGM');
  return new Uint8Array(pgm.subarray(header[0].length));
}

async function cover(title: string, fonts: PdfFontFiles): Promise<Uint8Array> {
  const r = await buildBookletPdf([], KINDS, { title, fonts });
  return titleBand(r.bytes);
}

/** The fonts export gives a title: DejaVu, and a CJK family cut to the title's characters. */
async function exportFonts(title: string): Promise<PdfFontFiles> {
  const cjk = await cjkFaces([title]);
  return { ...bookletFonts(), ...(cjk === null ? {} : { cjk }) };
}

/**
 * Each glyph's ink: the dark pixels in the middle of its advance (the title is centred, so each
 * glyph's place follows from the faces' advance widths), on the title's band and on the blank
 * title's. A character no face has would print as '?': buildBookletPdf reports it in `missing`.
 */
async function glyphInk(title: string, fonts: PdfFontFiles): Promise<{ ch: string; ink: number; blank: number }[]> {
  const r = await buildBookletPdf([], KINDS, { title, fonts });
  expect(r.missing).toEqual([]);
  const band = titleBand(r.bytes);
  const blank = await cover(' ', fonts);
  const main = fontkit.create(Buffer.from(fonts.bold));
  const cjk = fonts.cjk === undefined ? null : fontkit.create(Buffer.from(fonts.cjk.bold));
  const advance = (ch: string): number => {
    const f = main.hasGlyphForCodePoint(ch.codePointAt(0) as number) || cjk === null ? main : cjk;
    return (f.layout(ch).advanceWidth / f.unitsPerEm) * 28;
  };
  const geom = geometryOf('a4');
  const widths = [...title].map(advance);
  const total = widths.reduce((a, b) => a + b, 0);
  const width = Math.round((geom.page.width / 25.4) * DPI);
  const rows = band.length / width;
  let x = ((geom.page.margin + geom.content.width / 2) / 25.4) * 72 - total / 2;
  const out: { ch: string; ink: number; blank: number }[] = [];
  for (const [i, ch] of [...title].entries()) {
    const [from, to] = [x + 0.2 * widths[i], x + 0.8 * widths[i]].map((pt) => Math.round((pt / 72) * DPI));
    x += widths[i];
    if (ch.trim() === '') continue;
    let ink = 0;
    let none = 0;
    for (let y = 0; y < rows; y++)
      for (let c = from; c < to; c++) {
        if (band[y * width + c] < 128) ink++;
        if (blank[y * width + c] < 128) none++;
      }
    out.push({ ch, ink, blank: none });
  }
  return out;
}

const TITLES = {
  latin: 'Puzzle Book',
  greek: 'Γρίφοι',
  cyrillic: 'Головоломки',
  sc: '数独谜题',
  tc: '數獨謎題',
  jp: 'パズル集',
  kr: '퍼즐 모음',
} as const;

// A bold letter at 28 pt, 144 dpi: its middle three fifths hold well over 40 dark pixels.
const INK = 40;

describe.runIf(RENDER)('the booklet cover, rendered', () => {
  for (const [script, title] of Object.entries(TITLES))
    it(`draws a ${script} title`, async () => {
      for (const g of await glyphInk(title, await exportFonts(title))) {
        expect(g.blank, g.ch).toBe(0);
        expect(g.ink, g.ch).toBeGreaterThan(INK);
      }
    });

  it('draws nothing for a CJK title in a font cut by pdf-lib itself, and the check says so', async () => {
    const title = TITLES.sc;
    const require = createRequire(import.meta.url);
    const noto = (w: string): Uint8Array =>
      readFileSync(require.resolve(`@expo-google-fonts/noto-sans-sc/${w}/NotoSansSC_${w}.ttf`));
    // The whole Noto Sans SC as the main family: buildBookletPdf has pdf-lib subset it.
    const glyphs = await glyphInk(title, { regular: noto('400Regular'), bold: noto('700Bold') });
    expect(glyphs.filter((g) => g.ink <= INK).length).toBeGreaterThan(0);
  }, 60_000);
});
