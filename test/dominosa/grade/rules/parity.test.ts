// The plain parity rule (bridgeSplitsOdd) against a brute force: take each live placement
// away in turn and flood the open cells from both its ends. The rule fires exactly when some
// placement alone links two even areas, and the placement it removes is one of those.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bridgeSplitsOdd } from '../../../../src/dominosa/grade/rules/parity.js';
import { GradeState } from '../../../../src/dominosa/grade/state.js';
import { derive } from '../../../../src/rng.js';
import { plantedBoard } from '../../../helpers/boards.js';

/** The open cells reached from c over live placements other than p. */
function flood(g: GradeState, c: number, p: number): Set<number> {
  const seen = new Set([c]);
  const stack = [c];
  while (stack.length > 0) {
    const u = stack.pop()!;
    for (let k = 4 * u; k < 4 * u + g.model.cellDeg[u]; k++) {
      const t = g.model.cellPl[k];
      if (t === p || g.live[t] === 0) continue;
      const v = g.other(t, u);
      if (!seen.has(v)) {
        seen.add(v);
        stack.push(v);
      }
    }
  }
  return seen;
}

/** For placement p: the smaller of the two even areas it alone links, or null. */
function evenSides(g: GradeState, p: number): number | null {
  const a = flood(g, g.model.plA[p], p);
  if (a.has(g.model.plB[p])) return null;
  const b = flood(g, g.model.plB[p], p);
  return a.size % 2 === 0 && b.size % 2 === 0 ? Math.min(a.size, b.size) : null;
}

describe('bridgeSplitsOdd', () => {
  it('removes a placement exactly when one alone links two even areas, and only such a one', () => {
    let fired = 0;
    let quiet = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 150 }),
        (m, k, kills) => {
          const { board } = plantedBoard(m, 91, k, { wide: k % 2 === 0 });
          const g = new GradeState().load(board);
          const rng = derive(k, 3);
          // Random kills, and a few dominoes laid, keeping every open cell coverable.
          for (let i = 0; i < kills; i++) {
            const p = rng.int(0, g.model.nPlacements - 1);
            if (g.live[p] === 0 || g.cellDone[g.model.plA[p]] === 1) continue;
            if (i % 10 === 0) g.place(p);
            else if (g.cellCnt[g.model.plA[p]] > 1 && g.cellCnt[g.model.plB[p]] > 1) g.eliminate(p);
          }
          const candidates = new Map<number, number>();
          for (let p = 0; p < g.model.nPlacements; p++) {
            if (g.live[p] === 0 || g.cellDone[g.model.plA[p]] === 1) continue;
            const s = evenSides(g, p);
            if (s !== null) candidates.set(p, s);
          }
          g.logging = true;
          const before = g.live.slice(0, g.model.nPlacements);
          const did = bridgeSplitsOdd(g);
          expect(did).toBe(candidates.size > 0);
          if (!did) {
            quiet++;
            return;
          }
          fired++;
          const gone = [...Array(g.model.nPlacements).keys()].filter((p) => before[p] === 1 && g.live[p] === 0);
          expect(gone).toHaveLength(1);
          expect(candidates.has(gone[0])).toBe(true);
          const reason = g.reason!;
          expect(reason.rule).toBe('bridgeSplitsOdd');
          if (reason.rule === 'bridgeSplitsOdd') expect(reason.cells).toHaveLength(candidates.get(gone[0])!);
        },
      ),
      { numRuns: 300 },
    );
    expect(fired).toBeGreaterThan(10);
    expect(quiet).toBeGreaterThan(10);
  });
});
