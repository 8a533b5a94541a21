// Placements as single numbers: every neighbouring pair of cells has exactly one, and the
// conversions between cells, dominoes and placements agree.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allPlacements, cellsOf, dominoOf, isPlacement, placementOf, placementOfDomino, placementsAt } from '../../../src/dominosa/play/geometry.js';

const shapes = fc.record({ rows: fc.integer({ min: 1, max: 12 }), cols: fc.integer({ min: 1, max: 12 }) });

describe('placements', () => {
  it('number each boundary between neighbours once, and convert both ways', () => {
    fc.assert(
      fc.property(shapes, (s) => {
        const all = allPlacements(s);
        expect(all.length).toBe(s.rows * (s.cols - 1) + (s.rows - 1) * s.cols);
        for (const p of all) {
          const [a, b] = cellsOf(s, p);
          expect(a).toBeLessThan(b);
          expect(placementOf(s, a, b)).toBe(p);
          expect(placementOf(s, b, a)).toBe(p);
          expect(placementOfDomino(s, dominoOf(s, p))).toBe(p);
          expect(placementsAt(s, a)).toContain(p);
          expect(placementsAt(s, b)).toContain(p);
        }
        for (let c = 0; c < s.rows * s.cols; c++) {
          for (const p of placementsAt(s, c)) expect(isPlacement(s, p)).toBe(true);
          for (let d = 0; d < s.rows * s.cols; d++) {
            const near = Math.abs(Math.floor(c / s.cols) - Math.floor(d / s.cols)) + Math.abs((c % s.cols) - (d % s.cols)) === 1;
            expect(placementOf(s, c, d) >= 0).toBe(near);
          }
        }
        expect(isPlacement(s, -1)).toBe(false);
        expect(isPlacement(s, 2 * s.rows * s.cols)).toBe(false);
        expect(placementOfDomino(s, [0, 0, -1, 0])).toBe(-1);
      }),
      { numRuns: 60 },
    );
  });
});
