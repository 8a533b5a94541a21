// Sudomino transforms: a transformed puzzle is a valid board whose solution is the transformed
// solution, the inverse undoes, composition agrees with applying in turn, and the catalog's text
// reads back exactly while garbage is refused with a message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesProblem } from '../../src/sudomino/board.js';
import { checkAnswer } from '../../src/sudomino/solve/check.js';
import { Solver } from '../../src/sudomino/solve/solver.js';
import {
  applyTransform,
  composeTransforms,
  encodeTransform,
  inverseTransform,
  parseTransform,
  transformProblem,
  transformValues,
} from '../../src/sudomino/transform.js';
import { cellsOf, related, transformedPuzzles, transforms, SHAPES } from './arbitraries.js';

const solver = new Solver();

describe('applyTransform', () => {
  it('gives a valid, unique board solved by the transformed solution, with blocked cells moved along', () => {
    fc.assert(
      fc.property(transformedPuzzles, ([p, t]) => {
        const { rows, cols, values } = p.board;
        const b = applyTransform(p.board, t);
        expect([b.rows, b.cols, b.values]).toEqual([rows, cols, values]);
        expect(linesProblem(b)).toBeNull();
        // Dominoes numbered in reading order of their first cell, each first cell before its partner.
        for (let d = 0; d < b.given.length; d++) {
          expect(b.cells[2 * d]).toBeLessThan(b.cells[2 * d + 1]);
          if (d > 0) expect(b.cells[2 * d]).toBeGreaterThan(b.cells[2 * d - 2]);
        }
        const moved = transformValues(p.solution, rows, cols, values, t);
        expect(checkAnswer(b, moved)).toBeNull();
        const proof = solver.solve(b);
        expect(proof.status).toBe('unique');
        expect(Array.from(proof.solution!)).toEqual(Array.from(moved));
        expect(b.given.filter((g) => g > 0).length).toBe(p.board.given.filter((g) => g > 0).length);
        expect(related(p.board, b)).toBe(true);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('is undone by the inverse, and two in turn are their composition', () => {
    fc.assert(
      fc.property(
        transformedPuzzles.chain(([p, t]) =>
          fc.tuple(fc.constant(p), fc.constant(t), transforms(p.board.rows, p.board.cols, p.board.values)),
        ),
        ([p, t, u]) => {
          const back = applyTransform(applyTransform(p.board, t), inverseTransform(t));
          expect(cellsOf(back)).toEqual(cellsOf(p.board));
          const inTurn = applyTransform(applyTransform(p.board, t), u);
          expect(cellsOf(applyTransform(p.board, composeTransforms(t, u)))).toEqual(cellsOf(inTurn));
          const { rows, cols, values } = p.board;
          const twice = transformValues(transformValues(p.solution, rows, cols, values, t), rows, cols, values, u);
          expect(Array.from(transformValues(p.solution, rows, cols, values, composeTransforms(t, u)))).toEqual(
            Array.from(twice),
          );
        },
      ),
      { numRuns: 150, seed: 8 },
    );
  });

  it('refuses to turn a board that is not square, and a relabelling that is no permutation of 1..N', () => {
    expect(transformProblem({ geometry: 'rot90' }, 5, 6, 5)).toMatch(/5x6/);
    expect(transformProblem({ geometry: 'rot90' }, 6, 6, 5)).toBeNull();
    expect(transformProblem({ geometry: 'id', relabel: [1, 1, 3] }, 4, 4, 3)).toMatch(/twice/);
    expect(transformProblem({ geometry: 'id', relabel: [1, 2] }, 4, 4, 3)).toMatch(/entries/);
    const p = SHAPES[2];
    expect(() =>
      applyTransform(
        {
          ...p,
          domino: new Int32Array(30),
          cells: new Int32Array(0),
          given: new Uint8Array(0),
          lineStart: new Int32Array(12),
          lineDominoes: new Int32Array(0),
        },
        { geometry: 'transpose' },
      ),
    ).toThrow(RangeError);
  });
});

describe('the transform text', () => {
  it('reads back what it writes, one line, and writes equal transforms equally', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES).chain((s) => fc.tuple(fc.constant(s), transforms(s.rows, s.cols, s.values))),
        ([s, t]) => {
          const text = encodeTransform(t);
          expect(text).toMatch(/^[a-z0-9:,+-]+$/);
          const back = parseTransform(text, s.values);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(encodeTransform(back.transform)).toBe(text);
          const id = { geometry: 'id' as const, relabel: Array.from({ length: s.values }, (_, i) => i + 1) };
          expect(encodeTransform(composeTransforms(t, id))).toBe(text);
        },
      ),
      { numRuns: 200, seed: 9 },
    );
  });

  it('refuses garbage with a message', () => {
    for (const bad of [
      '',
      'spin',
      'rot90+rot180',
      'relabel:',
      'relabel:1,x',
      'relabel:1,1',
      'relabel:0,1',
      'relabel:1,2+relabel:2,1',
      'mirror-h+',
    ]) {
      const r = parseTransform(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error).not.toContain('\n');
    }
    expect(parseTransform('relabel:2,1', 3).ok).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseTransform(s);
        // Whatever it accepts, it writes back to an equivalent text that it accepts again.
        if (r.ok) expect(parseTransform(encodeTransform(r.transform)).ok).toBe(true);
      }),
      { seed: 10 },
    );
  });
});
