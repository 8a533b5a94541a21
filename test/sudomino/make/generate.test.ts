// Sudomino generation: every puzzle re-proves unique by both methods with its filling as the
// solution, no given can be spared, layouts keep the line limit, and a slot is a function of
// (seed, shape, slot) alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellValues, linesProblem, withLines } from '../../../src/sudomino/board.js';
import { makeSlot, provedUnique, randomFilled, staysUnique } from '../../../src/sudomino/make/generator.js';
import { randomFilledLayout } from '../../../src/sudomino/make/covering.js';
import { RemovalCheck, SEARCH_NODES, SEARCH_NODES_FIRST } from '../../../src/sudomino/make/removal-check.js';
import { Interrupted } from '../../../src/interrupted.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { countBySat } from '../../../src/sudomino/solve/satcount.js';
import { checkAnswer } from '../../../src/sudomino/solve/check.js';
import { parseShape } from '../../../src/sudomino/shape.js';
import { derive } from '../../../src/rng.js';

const shapes = fc.record({
  rows: fc.integer({ min: 1, max: 8 }),
  cols: fc.integer({ min: 2, max: 8 }),
  values: fc.integer({ min: 2, max: 7 }),
});

describe('staysUnique', () => {
  it('decides each given taken away as a full uniqueness proof does, at every step of a thinning', () => {
    const solver = new Solver();
    const other = new Solver();
    let kept = 0;
    let spared = 0;
    fc.assert(
      fc.property(shapes, fc.nat(), (shape, seed) => {
        const rng = derive(seed, 7, shape.rows, shape.cols, shape.values);
        const { board, filling } = randomFilled(shape, rng);
        const order = rng.shuffle(Int32Array.from({ length: board.given.length }, (_, d) => d));
        for (const d of order) {
          board.given[d] = 0;
          const full = provedUnique(other, board);
          expect(staysUnique(solver, board, d, filling[d])).toBe(full);
          if (full) spared++;
          else {
            kept++;
            board.given[d] = filling[d];
          }
        }
      }),
    );
    // Both answers came up, so the agreement says something.
    expect(kept).toBeGreaterThan(0);
    expect(spared).toBeGreaterThan(0);
  });
});

describe('RemovalCheck', () => {
  it('decides each given taken away as a full uniqueness proof does, at every step, by search or formula', () => {
    const solver = new Solver();
    const other = new Solver();
    let kept = 0;
    let spared = 0;
    let byFormula = 0;
    let bySearch = 0;
    // Up to 10x10:7, where steps run past a small search budget; budget 0 leaves every branching
    // step to the formula. The first budget (before the formula is made) is the same or the default.
    const larger = fc.record({
      rows: fc.integer({ min: 1, max: 10 }),
      cols: fc.integer({ min: 2, max: 10 }),
      values: fc.integer({ min: 2, max: 7 }),
    });
    fc.assert(
      fc.property(
        larger,
        fc.nat(),
        fc.constantFrom(0, 1, 8, SEARCH_NODES),
        fc.boolean(),
        (shape, seed, budget, same) => {
          const rng = derive(seed, 7, shape.rows, shape.cols, shape.values);
          const { board, filling } = randomFilled(shape, rng);
          const order = rng.shuffle(Int32Array.from({ length: board.given.length }, (_, d) => d));
          const check = new RemovalCheck(board, filling, solver, budget, same ? budget : SEARCH_NODES_FIRST);
          for (const d of order) {
            board.given[d] = 0;
            const full = provedUnique(other, board);
            expect(check.staysUnique(d)).toBe(full);
            if (full) spared++;
            else {
              kept++;
              board.given[d] = filling[d];
            }
          }
          byFormula += check.formulaSteps;
          bySearch += check.searched;
        },
      ),
      { numRuns: 300 },
    );
    // Both answers came up, and both ways of deciding, so the agreement says something.
    expect(kept).toBeGreaterThan(0);
    expect(spared).toBeGreaterThan(0);
    expect(byFormula).toBeGreaterThan(0);
    expect(bySearch).toBeGreaterThan(0);
  });

  it('throws Interrupted when its interrupt says stop, before any work', () => {
    const shape = { rows: 6, cols: 6, values: 4 };
    const { board, filling } = randomFilled(shape, derive(3));
    board.given[0] = 0;
    expect(() => new RemovalCheck(board, filling, new Solver(), 0).staysUnique(0, () => true)).toThrow(Interrupted);
  });
});

describe('makeSlot', () => {
  it('makes puzzles that both methods prove unique, with the filling as the solution and no given to spare', () => {
    const solver = new Solver();
    fc.assert(
      fc.property(shapes, fc.nat(), fc.nat({ max: 1000 }), (shape, seed, slot) => {
        const { board, filling } = makeSlot(seed, shape, slot, solver);
        const answer = cellValues(board, filling);
        expect(checkAnswer(board, answer)).toBeNull();
        const ours = solver.solve(board);
        const sat = countBySat(board);
        expect(ours.status).toBe('unique');
        expect(sat.status).toBe('unique');
        expect(Array.from(ours.solution!)).toEqual(Array.from(answer));
        // Minimal: each given, taken away, lets a second solution in.
        const given = board.given;
        for (let d = 0; d < given.length; d++) {
          if (given[d] === 0) continue;
          const v = given[d];
          given[d] = 0;
          expect(solver.solve(board, { solution: false }).status).toBe('multiple');
          given[d] = v;
        }
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('never makes a board without a domino, even on shapes where every cell may be drawn blocked', () => {
    // On 1x2 a layout is all blocked one draw in 11: such a board is no puzzle, and solve refuses it.
    const tiny = fc.record({
      rows: fc.integer({ min: 1, max: 2 }),
      cols: fc.integer({ min: 2, max: 3 }),
      values: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(tiny, fc.nat(), fc.nat({ max: 1000 }), (shape, seed, slot) => {
        expect(makeSlot(seed, shape, slot).board.cells.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('is the same puzzle for the same (seed, shape, slot), whatever was made before', () => {
    const shape = { rows: 8, cols: 8, values: 6 };
    const alone = makeSlot(5, shape, 3);
    const solver = new Solver();
    for (let k = 0; k < 3; k++) makeSlot(5, shape, k, solver);
    const after = makeSlot(5, shape, 3, solver);
    expect(Array.from(after.board.domino)).toEqual(Array.from(alone.board.domino));
    expect(Array.from(after.board.given)).toEqual(Array.from(alone.board.given));
    expect(Array.from(makeSlot(6, shape, 3).board.domino)).not.toEqual(Array.from(alone.board.domino));
  });
});

describe('randomFilledLayout', () => {
  it('never puts more than N dominoes on a line, nor one value twice', () => {
    fc.assert(
      fc.property(shapes, fc.nat(), ({ rows, cols, values }, seed) => {
        const { domino, cells, filling } = randomFilledLayout(rows, cols, values, derive(seed));
        for (let d = 0; d < filling.length; d++) {
          expect(domino[cells[2 * d]]).toBe(d);
          expect(domino[cells[2 * d + 1]]).toBe(d);
        }
        // With every domino given its value, no line may be crowded or show a value twice.
        const board = withLines(rows, cols, values, domino, cells, filling);
        expect(linesProblem(board)).toBeNull();
        expect(checkAnswer(board, cellValues(board, filling))).toBeNull();
      }),
      { numRuns: 200, seed: 12 },
    );
  });
});

describe('parseShape', () => {
  it('reads RxC:N and refuses what is no shape', () => {
    expect(parseShape('8x8:6')).toEqual({ ok: true, shape: { rows: 8, cols: 8, values: 6 } });
    expect(parseShape('10X12:6')).toEqual({ ok: true, shape: { rows: 10, cols: 12, values: 6 } });
    // N is never taken for granted: a shape means what was typed.
    expect(parseShape('10X12')).toEqual({ ok: false, error: 'shape 10X12 lacks its N: write RxC:N, e.g. 10x12:6' });
    expect(parseShape('8x8:0')).toMatchObject({ ok: false });
    expect(parseShape('1x1:2')).toMatchObject({ ok: false });
    expect(parseShape('eight')).toMatchObject({ ok: false, error: '"eight" is not a shape (write RxC:N, e.g. 8x8:6)' });
  });
});
