// Every rule of the ladder is sound on its own: whatever it removes (directly, or as the
// rivals of a domino it lays) is used by no solution. Checked against all solutions of small
// boards with several solutions, and against the one solution of unique boards, from the
// starting position and from positions part-way through a solve.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/dominosa/board.js';
import { LADDER } from '../../../src/dominosa/grade/ladder.js';
import { GradeState } from '../../../src/dominosa/grade/state.js';
import { derive } from '../../../src/rng.js';
import { plantedBoard, shuffledBoard } from '../../helpers/boards.js';
import { allSolutions, uniqueBoards } from './helpers.js';

const fired: Record<string, number> = Object.fromEntries(LADDER.map((r) => [r.name, 0]));

/** Placement keys (a * n + b) of the state's placements, for comparing with solutions. */
function keyOf(g: GradeState, p: number): number {
  return g.model.plA[p] * g.model.nCells + g.model.plB[p];
}

/**
 * A position of the board: `kills` placements that no solution uses removed at random, then
 * up to `steps` deductions of the ladder's rules up to `level` (easiest first), as the grader
 * makes them.
 */
function position(
  board: Board,
  used: Set<number>,
  seed: number,
  kills: number,
  steps: number,
  level: number,
): GradeState {
  const g = new GradeState().load(board);
  const rng = derive(seed, 99);
  for (let i = 0; i < kills; i++) {
    const p = rng.int(0, g.model.nPlacements - 1);
    if (g.live[p] === 1 && g.cellDone[g.model.plA[p]] === 0 && !used.has(keyOf(g, p))) g.eliminate(p);
  }
  for (let i = 0; i < steps && !g.solved && !g.broken; i++) {
    if (!LADDER.some((r) => r.level <= level && r.apply(g))) break;
  }
  return g;
}

/**
 * Run one rule up to `times` deductions and check each: it must change the position, and
 * every placement it takes away must be outside every solution (`used` is their union).
 */
function checkRule(
  g: GradeState,
  rule: (typeof LADDER)[number],
  used: Set<number>,
  solutions: Set<number>[],
  times: number,
): void {
  for (let t = 0; t < times && !g.solved && !g.broken; t++) {
    const before = g.live.slice(0, g.model.nPlacements);
    const placedBefore = g.placedLen;
    if (!rule.apply(g)) return;
    fired[rule.name]++;
    let changed = g.placedLen > placedBefore;
    for (let p = 0; p < g.model.nPlacements; p++) {
      if (before[p] === 1 && g.live[p] === 0) {
        changed = true;
        // Search lays a guess only when every option has a solution below it: then some
        // solution must survive, but others may go.
        if (rule.name !== 'searchRefutes' || solutions.length <= 1) {
          expect(used.has(keyOf(g, p)), `${rule.name} removed a placement a solution uses`).toBe(false);
        }
      }
    }
    expect(changed, `${rule.name} fired without changing anything`).toBe(true);
    if (rule.name === 'searchRefutes') {
      const alive = solutions.some((s) =>
        [...s].every((k) => {
          for (let p = 0; p < g.model.nPlacements; p++) if (keyOf(g, p) === k) return g.live[p] === 1;
          return false;
        }),
      );
      expect(alive).toBe(solutions.length > 0);
    }
  }
}

describe('each rule on its own is sound', () => {
  it('on small boards with several solutions (or none), from many positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        (m, k, wide, kind, kills, steps, level) => {
          const board =
            kind === 0 ? shuffledBoard(m, 31, k, wide) : plantedBoard(m, 31, k, { wide, avoid: kind === 2 }).board;
          const solutions = allSolutions(board);
          const used = new Set<number>();
          for (const s of solutions) for (const key of s) used.add(key);
          for (const rule of LADDER) {
            const g = position(board, used, k, kills, steps, level);
            checkRule(g, rule, used, solutions, 20);
          }
        },
      ),
      { numRuns: 250 },
    );
  });

  it('on unique boards of M = 5..8, part-way through their solve', () => {
    for (let m = 5; m <= 8; m++) {
      for (const [i, { board, solution }] of uniqueBoards(m, 12, 32).entries()) {
        const cols = board.cols;
        const n = board.rows * cols;
        const key = new Set(solution.map(([r1, c1, r2, c2]) => (r1 * cols + c1) * n + r2 * cols + c2));
        for (const rule of LADDER) {
          for (const [kills, steps] of [
            [0, 0],
            [10, 10],
            [0, 40],
            [30, 80],
          ]) {
            const g = position(board, key, 100 * m + i, kills, steps, 1 + (i % 6));
            checkRule(g, rule, key, [key], 10);
          }
        }
      }
    }
  });

  it('every rule fired somewhere above, so the checks had something to check', () => {
    for (const r of LADDER) expect(fired[r.name], r.name).toBeGreaterThan(0);
  });
});
