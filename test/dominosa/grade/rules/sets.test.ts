// Plain set analysis (cellsClaimPairs) against a brute force over every subset of one number's
// open cells: the matching-based rule finds a set exactly when some subset qualifies, and the
// set it reports is one of the smallest for its number, with only implied placements removed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../../src/dominosa/board.js';
import { LADDER } from '../../../../src/dominosa/grade/ladder.js';
import { cellsClaimPairs } from '../../../../src/dominosa/grade/rules/sets.js';
import { GradeState } from '../../../../src/dominosa/grade/state.js';
import { pairIndex } from '../../../../src/dominosa/pairs.js';
import { derive } from '../../../../src/rng.js';
import { plantedBoard } from '../../../helpers/boards.js';
import { allSolutions } from '../helpers.js';

/** A position part-way through a solve: random kills no solution needs, then easy steps. */
function position(board: Board, used: Set<number>, seed: number, kills: number, steps: number): GradeState {
  const g = new GradeState().load(board);
  const rng = derive(seed, 17);
  for (let i = 0; i < kills; i++) {
    const p = rng.int(0, g.model.nPlacements - 1);
    if (
      g.live[p] === 1 &&
      g.cellDone[g.model.plA[p]] === 0 &&
      !used.has(g.model.plA[p] * g.model.nCells + g.model.plB[p])
    )
      g.eliminate(p);
  }
  for (let i = 0; i < steps && !g.solved && !g.broken; i++) {
    if (!LADDER.some((r) => r.level <= 4 && r.apply(g))) break;
  }
  return g;
}

/**
 * Per number x, the size of the smallest set of open x-cells that no live double placement
 * joins two of, that can take only as many pairs as it has cells (the double once), and whose
 * pairs have a live placement covering none of its cells; Infinity when there is none.
 */
function bruteForce(g: GradeState): number[] {
  const best: number[] = [];
  for (let x = 0; x <= g.model.m; x++) {
    best.push(Infinity);
    const xs: number[] = [];
    for (let c = 0; c < g.model.nCells; c++) if (g.cellDone[c] === 0 && g.model.cells[c] === x) xs.push(c);
    const partners = xs.map((c) => {
      let mask = 0;
      for (let k = 4 * c; k < 4 * c + g.model.cellDeg[c]; k++)
        if (g.live[g.model.cellPl[k]] === 1) mask |= 1 << g.model.cells[g.other(g.model.cellPl[k], c)];
      return mask;
    });
    for (let set = 1; set < 1 << xs.length; set++) {
      const inside = xs.filter((_, i) => set & (1 << i));
      if (inside.length >= best[x]) continue;
      let union = 0;
      for (let i = 0; i < xs.length; i++) if (set & (1 << i)) union |= partners[i];
      const pairs = [...Array(g.model.m + 1).keys()].filter((y) => union & (1 << y));
      if (pairs.length !== inside.length) continue;
      const dq = pairIndex(x, x);
      let joins = false;
      let kills = false;
      for (const y of pairs) {
        const q = pairIndex(x, y);
        for (let k = g.model.pairStart[q]; k < g.model.pairStart[q + 1]; k++) {
          const p = g.model.pairPl[k];
          if (g.live[p] === 0) continue;
          const covered = Number(inside.includes(g.model.plA[p])) + Number(inside.includes(g.model.plB[p]));
          if (q === dq && covered === 2) joins = true;
          if (covered === 0) kills = true;
        }
      }
      if (!joins && kills) best[x] = inside.length;
    }
  }
  return best;
}

describe('cellsClaimPairs', () => {
  it('fires exactly when a plain tight set with something to remove exists, and reports a smallest one', () => {
    let fired = 0;
    let quiet = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 7 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 40 }),
        (m, k, wide, kills, steps) => {
          const { board } = plantedBoard(m, 77, k, { wide, avoid: true });
          const solutions = allSolutions(board, 200);
          const used = new Set<number>();
          for (const s of solutions) for (const key of s) used.add(key);
          const g = position(board, used, k, kills, steps);
          if (g.solved || g.broken) return;
          const expected = bruteForce(g);
          g.logging = true;
          g.eliminatedNow.length = 0;
          const before = g.live.slice(0, g.model.nPlacements);
          const did = cellsClaimPairs(g);
          expect(did).toBe(expected.some((s) => s < Infinity));
          if (!did) {
            quiet++;
            return;
          }
          fired++;
          const reason = g.reason!;
          if (reason.rule !== 'cellsClaimPairs') throw new Error(`reason of ${reason.rule}`);
          const { value, cells, pairs } = reason;
          expect(cells.length).toBe(pairs.length);
          expect(cells.length).toBe(expected[value]);
          // Only placements of the set's pairs that cover none of its cells went.
          const inside = new Set(cells.map(([r, c]) => r * g.model.cols + c));
          const claimed = new Set(pairs.map(([u, v]) => pairIndex(u, v)));
          for (let p = 0; p < g.model.nPlacements; p++) {
            if (before[p] === 1 && g.live[p] === 0) {
              expect(claimed.has(g.model.plPair[p])).toBe(true);
              expect(inside.has(g.model.plA[p]) || inside.has(g.model.plB[p])).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(fired).toBeGreaterThan(10);
    expect(quiet).toBeGreaterThan(10);
  });
});
