// Tests for src/dominosa/formats/svg.ts: the drawing is well-formed XML (a small tag checker), holds one
// centred <text> per cell spelling the grid, and with a solution one tile per domino.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { puzzleSvg } from '../../../src/dominosa/formats/svg.js';
import { pairCount } from '../../../src/dominosa/pairs.js';
import { escapeXml, SVG_PAD_CELLS } from '../../../src/formats/svg.js';
import { packPuzzle } from '../../helpers/packs.js';

interface Element {
  name: string;
  attrs: Record<string, string>;
  text: string;
}

/**
 * A strict reader for the XML subset an SVG here may use: elements with double-quoted
 * attributes, character data with no raw '<' or '&' outside entities. Throws on anything else,
 * including unbalanced or mismatched tags; returns the elements in document order.
 */
function readXml(xml: string): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [];
  let i = 0;
  const checkText = (t: string): string => {
    if (/&(?!(?:#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);)/i.test(t)) throw new Error(`bare & in ${JSON.stringify(t)}`);
    if (t.includes('>')) throw new Error(`bare > in ${JSON.stringify(t)}`);
    return t;
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = checkText(lt < 0 ? xml.slice(i) : xml.slice(i, lt));
    if (stack.length) stack[stack.length - 1].text += chunk;
    else if (chunk.trim()) throw new Error('text outside the root element');
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unterminated tag');
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1)) throw new Error(`</${tag.slice(1)}> closes ${open?.name ?? 'nothing'}`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const m = /^([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*$/.exec(body);
    if (!m) throw new Error(`malformed tag <${tag}>`);
    if (out.length && !stack.length) throw new Error('more than one root element');
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (a[1] in attrs) throw new Error(`attribute ${a[1]} twice`);
      attrs[a[1]] = checkText(a[2]);
    }
    const el = { name: m[1], attrs, text: '' };
    out.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  return out;
}

describe('readXml (the checker itself)', () => {
  it('refuses broken XML', () => {
    for (const bad of ['<a><b></a></b>', '<a>', '<a x=1/>', '<a>1 & 2</a>', '<a/><b/>', '<a x="1" x="2"/>']) {
      expect(() => readXml(bad)).toThrow();
    }
    expect(readXml('<a x="&#60;"><b/>t</a>').map((e) => e.name)).toEqual(['a', 'b']);
  });
});

const arbCase = fc.record({
  m: fc.integer({ min: 1, max: 30 }),
  tall: fc.boolean(),
  k: fc.nat(1000),
  solved: fc.boolean(),
  cell: fc.constantFrom(undefined, 10, 24, 37.5),
});

describe('puzzleSvg', () => {
  it('is well-formed with one centred <text> per cell spelling the grid', () => {
    fc.assert(
      fc.property(arbCase, ({ m, tall, k, solved, cell }) => {
        const p = packPuzzle(m, k, { tall });
        const svg = puzzleSvg(p.grid, { solution: solved ? p.solution : undefined, cellSize: cell });
        const els = readXml(svg);
        expect(els[0].name).toBe('svg');
        expect(els[0].attrs.xmlns).toBe('http://www.w3.org/2000/svg');
        const size = cell ?? 32;
        const pad = size * SVG_PAD_CELLS;
        expect(Number(els[0].attrs.width)).toBeCloseTo(p.cols * size + 2 * pad, 1);
        expect(els[0].attrs.viewBox).toBe(`0 0 ${els[0].attrs.width} ${els[0].attrs.height}`);
        const texts = els.filter((e) => e.name === 'text');
        expect(texts.length).toBe(p.rows * p.cols);
        expect(texts.map((t) => Number(t.text))).toEqual(p.grid.flat());
        texts.forEach((t, i) => {
          const c = i % p.cols;
          expect(Number(t.attrs.x)).toBeCloseTo(pad + (c + 0.5) * size, 1);
        });
        // Tiles are the rounded rectangles: one per domino with a solution, none without.
        const tiles = els.filter((e) => e.name === 'rect' && e.attrs.rx !== undefined);
        expect(tiles.length).toBe(solved ? pairCount(m) : 0);
      }),
      { numRuns: 60 },
    );
  });

  it('draws each tile over exactly its two cells', () => {
    const p = packPuzzle(6, 3, { tall: true });
    const cell = 20;
    const pad = cell * SVG_PAD_CELLS;
    const tiles = readXml(puzzleSvg(p.grid, { solution: p.solution, cellSize: cell })).filter((e) => e.attrs.rx);
    tiles.forEach((t, i) => {
      const [r1, c1, r2, c2] = p.solution[i];
      const x = Number(t.attrs.x);
      const y = Number(t.attrs.y);
      const w = Number(t.attrs.width);
      const h = Number(t.attrs.height);
      // Centre of the tile is the midpoint between the two cell centres.
      expect(x + w / 2).toBeCloseTo(pad + ((c1 + c2) / 2 + 0.5) * cell, 1);
      expect(y + h / 2).toBeCloseTo(pad + ((r1 + r2) / 2 + 0.5) * cell, 1);
      expect(w > h).toBe(r1 === r2);
    });
  });

  it('needs no external resources and names no font but a generic one', () => {
    const p = packPuzzle(12, 1);
    const svg = puzzleSvg(p.grid, { solution: p.solution });
    expect(svg).not.toMatch(/href|url\(|@import|<image|<script|<style/);
    const families = [...svg.matchAll(/font-family="([^"]*)"/g)].map((x) => x[1]);
    expect(families).toEqual(['sans-serif']);
  });

  it('escapes the title', () => {
    const title = `<b> & "quotes" 'too'`;
    const els = readXml(
      puzzleSvg(
        [
          [0, 0, 1],
          [0, 1, 1],
        ],
        { title },
      ),
    );
    const t = els.find((e) => e.name === 'title');
    expect(t?.text).toBe(escapeXml(title));
    expect(t?.text).toBe('&#60;b&#62; &#38; &#34;quotes&#34; &#39;too&#39;');
  });
});
