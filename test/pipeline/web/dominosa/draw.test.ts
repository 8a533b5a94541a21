// Tests for pipeline/web/dominosa/draw.ts: the web pack's board shows numbers as the pack chose them,
// digits 0..M, 1..M+1, or pips (one circle per pip, no digits), for any deal.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boardSvg } from '../../../../pipeline/web/dominosa/draw.js';
import { Game } from '../../../../src/dominosa/play/game.js';
import { packPuzzle } from '../../../helpers/packs.js';

function svgOf(m: number, k: number, faces?: 'digits' | 'one-based' | 'pips'): { svg: string; values: number[] } {
  const p = packPuzzle(m, k);
  const values = p.grid.flat();
  const game = new Game({ rows: p.rows, cols: p.cols, m, values });
  const svg = boardSvg(
    { game, selected: -1, cursor: -1, hintCells: new Set(), ghosts: [], wrong: new Set(), faces },
    't',
  );
  return { svg, values };
}

const numbers = (svg: string): number[] => [...svg.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((x) => Number(x[1]));

describe('boardSvg faces', () => {
  it('writes each value, or each value plus one, or draws its pips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.nat(50), (m, k) => {
        const digits = svgOf(m, k);
        expect(numbers(digits.svg)).toEqual(digits.values);
        expect(numbers(svgOf(m, k, 'one-based').svg)).toEqual(digits.values.map((v) => v + 1));
        const pips = svgOf(m, k, 'pips').svg;
        expect(numbers(pips)).toEqual([]);
        expect((pips.match(/<circle /g) ?? []).length).toBe(digits.values.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 30 },
    );
  });
});
