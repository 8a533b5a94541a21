// The pdf booklet's text as a reader gets it: read back from the page operators (each Tj with
// its Tf size and text matrix), nothing a reader needs is cut (the cover's sizes, every caption's
// catalog id, whatever the kinds mixed), no text is under 7 pt (tally labels and the cover's worked
// examples included) and no solution number under 8 pt.
import { describe, it, expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { bookletFonts } from '../../pipeline/export/fonts.js';
import { contentsRows, planBooklet } from '../../src/formats/booklet.js';
import { ELLIPSIS } from '../../src/formats/fit.js';
import { buildBookletPdf } from '../../src/formats/pdf.js';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { allKinds } from '../../src/kinds.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf, sudominoPackPuzzle } from '../helpers/packs.js';
import { shownOf } from '../helpers/pdf-text.js';

const KINDS = allKinds();
const FONTS = bookletFonts();
const SHAPES = ['6x6:4', '8x8:6', '10x10:7', '6x7:5'];

/** A mixed pack over every tier: Dominosa M = 3..9 and Sudomino up to 10×10, ids of five digits. */
function mixed(): PackPuzzle[] {
  const dominosa = packOf(16, [3, 5, 7, 9]);
  const sudomino = Array.from({ length: 16 }, (_, k) => sudominoPackPuzzle(SHAPES[k % SHAPES.length], k));
  return [...dominosa, ...sudomino].map((p, k) => ({ ...p, id: 36000 + k, tier: TIERS[k % TIERS.length] }));
}

describe('the pdf booklet text', () => {
  for (const paper of ['a4', 'letter'] as const)
    it(`cuts nothing a reader needs, and sets no text under 7 pt (${paper}, with the tally)`, async () => {
      const puzzles = mixed();
      const opts = { title: 'Mixed', paper, tally: true, technique: true, fonts: FONTS };
      const r = await buildBookletPdf(puzzles, KINDS, opts);
      const doc = await PDFDocument.load(r.bytes);
      const pages = doc.getPages().map(shownOf);
      const all = pages.flat();
      const joined = (i: number): string => pages[i].map((t) => t.text).join('');
      // The cover's sizes, whole (perhaps over several lines of its column).
      for (const row of contentsRows(planBooklet(puzzles, KINDS, opts)))
        expect(joined(0).replace(/\s/g, '')).toContain(row[2].replace(/\s/g, ''));
      // Every puzzle's id whole, once among the puzzles and once among the solutions.
      const texts = all.map((t) => t.text.trim());
      for (const p of puzzles) expect(texts.filter((t) => t === `#${p.id}`).length, String(p.id)).toBe(2);
      expect(all.filter((t) => t.text.includes(ELLIPSIS))).toEqual([]);
      // Every text, the cover's worked examples of both kinds included.
      expect(all.filter((t) => t.size < 7 - 1e-9)).toEqual([]);
      expect(pages[0].filter((t) => /^\d$/.test(t.text)).length).toBeGreaterThan(0);
      // Solution pages: every number (a digit, a puzzle's number) at 8 pt or more.
      const plan = planBooklet(puzzles, KINDS, opts);
      for (const page of plan.pages.filter((p) => p.kind === 'solutions'))
        for (const t of pages[page.number - 1])
          if (/^\d+$/.test(t.text)) expect(t.size, t.text).toBeGreaterThanOrEqual(8);
    }, 60_000);
});
