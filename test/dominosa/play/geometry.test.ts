// Placements as single numbers: every neighbouring pair of cells has exactly one, and the
// conversions between cells, dominoes and placements agree; a point on the line between two
// cells finds their placement, and a point inside a cell, near a corner or on the frame none.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allPlacements,
  boundaryAt,
  cellsOf,
  dominoOf,
  isPlacement,
  placementOf,
  placementOfDomino,
  placementsAt,
} from '../../../src/dominosa/play/geometry.js';

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
            const near =
              Math.abs(Math.floor(c / s.cols) - Math.floor(d / s.cols)) + Math.abs((c % s.cols) - (d % s.cols)) === 1;
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

describe('boundaryAt', () => {
  const band = 0.2;
  // A point along a placement's line: `t` along it (kept off the corners), `off` across it.
  const onLine = fc.record({
    t: fc.double({ min: band + 0.01, max: 1 - band - 0.01, noNaN: true }),
    off: fc.double({ min: -band + 0.01, max: band - 0.01, noNaN: true }),
  });

  it('finds the placement whose line a point is near, away from the corners', () => {
    fc.assert(
      fc.property(shapes, fc.nat(), onLine, (s, k, { t, off }) => {
        const all = allPlacements(s);
        fc.pre(all.length > 0);
        const p = all[k % all.length];
        const a = p >> 1;
        const [r, c] = [Math.floor(a / s.cols), a % s.cols];
        const [x, y] = p & 1 ? [c + t, r + 1 + off] : [c + 1 + off, r + t];
        expect(boundaryAt(s, x, y, band)).toBe(p);
      }),
      { numRuns: 200 },
    );
  });

  it('finds none inside a cell, near a corner or on the frame', () => {
    fc.assert(
      fc.property(
        shapes,
        fc.nat(),
        fc.double({ min: band + 0.01, max: 1 - band - 0.01, noNaN: true }),
        fc.double({ min: band + 0.01, max: 1 - band - 0.01, noNaN: true }),
        fc.double({ min: 0, max: band - 0.01, noNaN: true }),
        (s, k, fx, fy, e) => {
          const cell = k % (s.rows * s.cols);
          const [r, c] = [Math.floor(cell / s.cols), cell % s.cols];
          // Inside: well clear of every line.
          expect(boundaryAt(s, c + fx, r + fy, band)).toBe(-1);
          // Near a corner: close to two lines at once.
          expect(boundaryAt(s, c + e, r + e, band)).toBe(-1);
          expect(boundaryAt(s, c + 1 - e, r + 1 - e, band)).toBe(-1);
          // On the frame: near an outer edge, where no neighbour lies beyond.
          expect(boundaryAt(s, e, r + fy, band)).toBe(-1);
          expect(boundaryAt(s, c + fx, s.rows - e, band)).toBe(-1);
          // Outside the board.
          expect(boundaryAt(s, -0.5, r + fy, band)).toBe(-1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
