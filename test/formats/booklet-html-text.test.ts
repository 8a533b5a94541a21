// The html booklet's type as a browser sets it: every font size it declares (its style sheet, the
// inline styles, each drawing's numbers scaled to the box the page gives the drawing) is at least
// 7 pt, a solution's numbers at least 8 pt, and nothing a reader needs is cut: every caption's id
// and the cover's sizes stand whole, and no caption or cover text is cut with an ellipsis.
import { describe, it, expect } from 'vitest';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import { contentsRows, planBooklet } from '../../src/formats/booklet.js';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { MIN_TEXT_PT, PT } from '../../src/formats/pdf-canvas.js';
import { allKinds } from '../../src/kinds.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf, sudominoPackPuzzle } from '../helpers/packs.js';

const KINDS = allKinds();
const SHAPES = ['6x6:4', '8x8:6', '10x10:7', '6x7:5'];

/** A mixed pack over every tier: Dominosa M = 3..9 and Sudomino up to 10×10, ids of five digits. */
function mixed(): PackPuzzle[] {
  const dominosa = packOf(16, [3, 5, 7, 9]);
  const sudomino = Array.from({ length: 16 }, (_, k) => sudominoPackPuzzle(SHAPES[k % SHAPES.length], k));
  return [...dominosa, ...sudomino].map((p, k) => ({ ...p, id: 36000 + k, tier: TIERS[k % TIERS.length] }));
}

/** A CSS length in points; undefined for a unit relative to something else (em, %), which the booklet does not use. */
function points(value: string, unit: string): number | undefined {
  const v = Number(value);
  return unit === 'pt' ? v : unit === 'px' ? v * 0.75 : unit === 'mm' ? v * PT : undefined;
}

/** Every font size the style sheet and inline styles declare, in points (NaN where the unit is relative). */
function cssSizes(html: string): { decl: string; pt: number }[] {
  return [...html.matchAll(/font-size:\s*([\d.]+)([a-z%]*)/g)].map((m) => ({
    decl: m[0],
    pt: points(m[1], m[2]) ?? NaN,
  }));
}

/** The numbers' size (pt) of each drawing placed in a box of known width: its font-size in its viewBox's units, scaled to the box. */
function drawingSizes(html: string): { solutions: boolean; pt: number }[] {
  const out: { solutions: boolean; pt: number }[] = [];
  for (const page of html.split('<section class="page">').slice(1)) {
    const solutions = /<div class="head">Solutions/.test(page);
    for (const m of page.matchAll(
      /class="(?:board|tally)" style="[^"]*width:([\d.]+)mm[^"]*">(<svg[\s\S]*?<\/svg>)/g,
    )) {
      const viewBox = /viewBox="0 0 ([\d.]+) /.exec(m[2]);
      expect(viewBox).not.toBeNull();
      const scale = Number(m[1]) / Number(viewBox?.[1]);
      for (const f of m[2].matchAll(/font-size="([\d.]+)"/g)) out.push({ solutions, pt: Number(f[1]) * scale * PT });
    }
  }
  return out;
}

describe('the html booklet text', () => {
  for (const paper of ['a4', 'letter'] as const)
    it(`declares no type under 7 pt, solutions at 8 pt, and cuts nothing a reader needs (${paper})`, () => {
      const puzzles = mixed();
      const opts = { title: 'Mixed', paper, tally: true, technique: true };
      const { html } = buildBookletHtml(puzzles, KINDS, opts);
      const sizes = cssSizes(html);
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.filter((s) => !(s.pt >= MIN_TEXT_PT.any - 1e-9))).toEqual([]);
      // A solution's number in its caption.
      const sol = /\.label\.sol \.n \{ font-size: ([\d.]+)(\w+)/.exec(html);
      expect(points(sol?.[1] ?? '0', sol?.[2] ?? 'pt')).toBeGreaterThanOrEqual(MIN_TEXT_PT.solution);
      // The boards' and tallies' numbers, scaled to their boxes.
      const drawn = drawingSizes(html);
      expect(drawn.some((d) => d.solutions)).toBe(true);
      expect(drawn.filter((d) => d.pt < MIN_TEXT_PT.any - 0.01)).toEqual([]);
      expect(drawn.filter((d) => d.solutions && d.pt < MIN_TEXT_PT.solution - 0.01)).toEqual([]);
      // Every id whole in its caption, once among the puzzles and once among the solutions.
      for (const p of puzzles) expect(html.split(`<span class="id">#${p.id}</span>`).length - 1, String(p.id)).toBe(2);
      // The cover's sizes whole in their cell.
      for (const row of contentsRows(planBooklet(puzzles, KINDS, opts))) expect(html).toContain(`<td>${row[2]}</td>`);
      // No caption, contents or cover text is cut with an ellipsis (only the page head's repeat of the title may be).
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      const cut = [...style.matchAll(/([^{}]*)\{[^}]*text-overflow/g)].map((m) => m[1].trim());
      expect(cut).toEqual(['.head .book']);
    });
});
