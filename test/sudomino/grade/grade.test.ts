// The Sudomino grader: the document's board by singles, and on generated boards: solutions
// equal the solver's, every step sound, the grade needs its top level, no loops, determinism.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeBoard, LADDER, LEVELS, Grader, tierOfLevel, TOP_LEVEL } from '../../../src/sudomino/grade/ladder.js';
import { TECHNIQUES, type Step, type Technique } from '../../../src/sudomino/grade/step.js';
import { makePuzzle } from '../../../src/sudomino/make/generator.js';
import { randomBoard } from '../../../src/sudomino/make/random-board.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { cellValues, type Board } from '../../../src/sudomino/board.js';
import type { Shape } from '../../../src/sudomino/shape.js';
import { derive } from '../../../src/rng.js';
import { allSolutions, documentBoard } from './helpers.js';

const solver = new Solver();

/** Each step placed only what every solution holds and removed nothing any solution holds. */
function checkSteps(steps: Step[], solutions: Uint8Array[]): void {
  for (const s of steps) {
    // A step that changes nothing would let the loop run for ever.
    expect(s.placed.length + s.eliminated.length).toBeGreaterThan(0);
    for (const sol of solutions) {
      for (const [d, v] of s.placed) expect(sol[d]).toBe(v);
      for (const [d, v] of s.eliminated) expect(sol[d]).not.toBe(v);
    }
  }
}

/** The per-domino values of the solver's unique solution. */
function uniqueSolution(board: Board): Uint8Array {
  const r = solver.solve(board);
  expect(r.status).toBe('unique');
  return Uint8Array.from({ length: board.given.length }, (_, d) => r.solution![board.cells[2 * d]]);
}

describe('the document board', () => {
  it('is solved by singles alone, to the solver’s solution, and graded easy', () => {
    const b = documentBoard();
    const r = gradeBoard(b);
    expect(r.status).toBe('solved');
    expect(r.level).toBe(1);
    expect(r.tier).toBe('easy');
    expect(Array.from(r.solution!)).toEqual(Array.from(solver.solve(b).solution!));
    expect(r.uses.nakedSingle + r.uses.hiddenSingle).toBe(22);
    checkSteps(r.steps, [uniqueSolution(b)]);
  });

  it('needs hidden singles: naked singles alone cannot finish it', () => {
    // Without hidden singles the ladder's first level is naked singles only, which stall.
    const b = documentBoard();
    const g = new Grader().state.load(b);
    let placed = 0;
    while (LADDER[0].apply(g)) placed++;
    expect(g.solved).toBe(false);
    expect(placed).toBeLessThan(22);
  });
});

const SHAPES: Shape[] = [
  { rows: 8, cols: 8, values: 6 },
  { rows: 6, cols: 6, values: 5 },
  { rows: 7, cols: 9, values: 7 },
];

describe('on generated unique boards', () => {
  it('a solved board has the solver’s solution, every step is sound, the grade needs its top level, grading is deterministic', () => {
    const used = Object.fromEntries(TECHNIQUES.map((t) => [t, 0])) as Record<Technique, number>;
    const levels = new Array<number>(TOP_LEVEL + 1).fill(0);
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.nat(), (shape, seed) => {
        const { board } = makePuzzle(shape, derive(seed, 29, 3));
        const solution = uniqueSolution(board);
        const r = gradeBoard(board);
        const D = board.given.length;
        expect(r.steps.length).toBeLessThanOrEqual(D * (shape.values + 1));
        checkSteps(r.steps, [solution]);
        expect(r.level).toBe(Math.max(1, ...r.steps.map((s) => s.level)));
        expect(Math.floor(r.score)).toBe(r.level);
        for (const t of TECHNIQUES) {
          expect(r.uses[t]).toBe(r.steps.filter((s) => s.technique === t).length);
          used[t] += r.uses[t];
        }
        if (r.status === 'solved') {
          expect(Array.from(r.solution!)).toEqual(Array.from(cellValues(board, solution)));
          expect(r.tier).toBe(tierOfLevel(r.level));
          levels[r.level]++;
          // None solves one level down: the same steps up to the first of the top level, then stuck.
          if (r.level > 1) expect(gradeBoard(board, { maxLevel: r.level - 1 }).status).toBe('stuck');
          // And every cap at or above the grade solves it.
          for (let L = r.level; L < TOP_LEVEL; L++)
            expect(gradeBoard(board, { maxLevel: L, log: false }).status).toBe('solved');
        } else {
          expect(r.tier).toBeNull();
        }
        // Determinism: the same board graded again, by the shared grader and a fresh one.
        expect(gradeBoard(board)).toEqual(r);
        expect(new Grader().grade(board)).toEqual(r);
        expect(gradeBoard(board, { log: false }).score).toBe(r.score);
      }),
      { numRuns: 60, seed: 2903 },
    );
    // Every technique fired somewhere and every level was some board's grade, or the run proved
    // less than it says. Hidden triples are the exception: in a full line a hidden triple is a
    // naked subset of the other open dominoes, found first unless four of them are open (rules.test.ts).
    for (const t of TECHNIQUES) if (t !== 'hiddenTriple') expect(used[t], t).toBeGreaterThan(0);
    for (const { level } of LEVELS) expect(levels[level], `level ${level}`).toBeGreaterThan(0);
  });
});

describe('on small boards with several solutions', () => {
  it('no step removes a value any solution holds, or places one some solution lacks', () => {
    let stepsSeen = 0;
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.integer({ min: 3, max: 6 }),
          cols: fc.integer({ min: 3, max: 6 }),
          values: fc.integer({ min: 3, max: 5 }),
        }),
        fc.double({ min: 0.2, max: 0.7, noNaN: true }),
        fc.nat(),
        (shape, share, seed) => {
          const board = randomBoard(shape, 'shown', share, derive(seed, 29, 4));
          const solutions = allSolutions(board);
          fc.pre(solutions.length > 0 && solutions.length < 2000);
          const r = gradeBoard(board);
          checkSteps(r.steps, solutions);
          stepsSeen += r.steps.length;
          if (r.status === 'solved') expect(solutions.length).toBe(1);
        },
      ),
      { numRuns: 300, seed: 2904 },
    );
    expect(stepsSeen).toBeGreaterThan(300);
  });
});
