// Properties of the whole grader: a board's grade does not depend on what the grader's state and
// scratch saw before, nor on the order of the rules inside a level (Tatham's levels are closures:
// his rules only ever remove options, so any order within a level reaches the same end); and
// every step it reports is sound, true of the board's one solution.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Board } from '../../../src/dominosa/board.js';
import { Grader, LADDER, LEVELS, type GradeResult } from '../../../src/dominosa/grade/ladder.js';
import { GradeState } from '../../../src/dominosa/grade/state.js';
import type { Solution } from '../../../src/dominosa/solve/solution.js';
import { uniqueBoards } from './helpers.js';

/** The top level of Simon Tatham's rules on the ladder (Extreme). */
const TATHAM_TOP = Math.max(...LEVELS.filter((l) => l.tatham !== null).map((l) => l.level));

// Unique boards of several sizes, with their solutions, graded once by a grader of their own.
const POOL = [4, 5, 6, 7, 8, 9].flatMap((m) => uniqueBoards(m, 6, 900 + m));
const FRESH: GradeResult[] = POOL.map(({ board }) => new Grader().grade(board, { log: true }));

function dominoKey([r1, c1, r2, c2]: readonly number[]): string {
  return r1 < r2 || (r1 === r2 && c1 < c2) ? `${r1},${c1},${r2},${c2}` : `${r2},${c2},${r1},${c1}`;
}

/**
 * The ladder's loop with its rules in another order: apply the first rule of `rules` that
 * fires until the board is solved or none does; the level is the hardest rule used.
 */
function levelWithOrder(board: Board, rules: readonly (typeof LADDER)[number][]): { level: number; solved: boolean } {
  const g = new GradeState().load(board);
  g.budget.maxNodes = 100_000;
  let level = 1;
  while (!g.solved && !g.broken) {
    const rule = rules.find((r) => r.apply(g));
    if (rule === undefined || g.budget.gaveUp) break;
    level = Math.max(level, rule.level);
  }
  return { level: g.budget.gaveUp ? LEVELS.length : level, solved: g.solved };
}

describe('the grade', () => {
  it('is the same whatever the grader graded before, logged or not', () => {
    const grader = new Grader();
    fc.assert(
      fc.property(
        fc.array(fc.record({ i: fc.nat(POOL.length - 1), log: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        (seq) => {
          for (const { i, log } of seq) {
            const got = grader.grade(POOL[i].board, { log });
            const want = FRESH[i];
            expect([got.grade, got.level, got.score, got.nodes, got.solved]).toEqual([
              want.grade,
              want.level,
              want.score,
              want.nodes,
              want.solved,
            ]);
            expect(got.steps).toEqual(want.steps);
            if (log) expect(got.log).toEqual(want.log);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is the same whatever the order of the rules inside each of Tatham’s levels', () => {
    fc.assert(
      fc.property(
        fc.nat(POOL.length - 1),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: LADDER.length, maxLength: LADDER.length }),
        (i, keys) => {
          // Rules sorted by level, and within a level by the random keys.
          const order = LADDER.map((r, k) => ({ r, key: r.level + keys[k] * 0.5 }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.r);
          const want = FRESH[i];
          const got = levelWithOrder(POOL[i].board, order);
          if (want.level <= TATHAM_TOP) expect(got).toEqual({ level: want.level, solved: true });
          else expect(got.level).toBeGreaterThan(TATHAM_TOP);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('every step the grader reports', () => {
  it('is true of the solution: nothing it rules out is in it, everything it lays is', () => {
    const rulesSeen = new Set<string>();
    POOL.forEach(({ solution }: { solution: Solution }, i) => {
      const inSolution = new Set(solution.map(dominoKey));
      const log = FRESH[i].log!;
      for (const step of log) {
        rulesSeen.add(step.rule);
        for (const d of step.eliminated)
          expect(inSolution.has(dominoKey(d)), `${step.rule} ruled out ${String(d)}`).toBe(false);
        for (const d of step.placed) expect(inSolution.has(dominoKey(d)), `${step.rule} laid ${String(d)}`).toBe(true);
        expect(step.level).toBe(LADDER.find((r) => r.name === step.rule)!.level);
      }
      expect(FRESH[i].solved).toBe(true);
    });
    // The pool reached past Basic, so the check covered the hard rules too.
    expect([...rulesSeen].some((r) => LADDER.find((x) => x.name === r)!.level >= 5)).toBe(true);
  });
});
