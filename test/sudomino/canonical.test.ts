// The Sudomino class hash: two boards get one hash exactly when one is a transform of the other
// (judged by a brute-force comparison that shares no code with canonical.ts), and the class's
// board is a member of the class, its own representative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLines } from '../../src/sudomino/board.js';
import { canonicalOf, canonicalBoard, canonicalHash } from '../../src/sudomino/canonical.js';
import { applyTransform } from '../../src/sudomino/transform.js';
import { cellsOf, puzzleOf, puzzles, related, SHAPES, transformedPuzzles } from './arbitraries.js';

describe('canonicalHash', () => {
  it('is kept by every transform, and so is the class board cell for cell', () => {
    fc.assert(
      fc.property(transformedPuzzles, ([p, t]) => {
        const b = applyTransform(p.board, t);
        expect(canonicalHash(b)).toBe(canonicalHash(p.board));
        expect(cellsOf(canonicalBoard(b))).toEqual(cellsOf(canonicalBoard(p.board)));
      }),
      { numRuns: 200, seed: 21 },
    );
  });

  it('differs for boards that are no transform of each other', () => {
    fc.assert(
      fc.property(puzzles, puzzles, (p, q) => {
        const same = canonicalHash(p.board) === canonicalHash(q.board);
        expect(same).toBe(related(p.board, q.board));
      }),
      { numRuns: 200, seed: 22 },
    );
    // Near misses: one given more, or one given showing another value, is another class.
    fc.assert(
      fc.property(puzzles, fc.nat(), (p, k) => {
        const given = Uint8Array.from(p.board.given);
        const d = k % given.length;
        given[d] = given[d] === 0 ? p.solution[p.board.cells[2 * d]] : 0;
        const { rows, cols, values, domino, cells } = p.board;
        const other = withLines(rows, cols, values, domino, cells, given);
        expect(related(p.board, other)).toBe(false);
        expect(canonicalHash(other)).not.toBe(canonicalHash(p.board));
      }),
      { numRuns: 200, seed: 23 },
    );
  });

  it('counts as many classes among generated puzzles of a shape as the brute-force comparison does', () => {
    // Small shapes repeat a class now and then, so both sides of the comparison are met.
    for (const shape of SHAPES) {
      const boards = Array.from({ length: 40 }, (_, slot) => puzzleOf(shape, 3, slot).board);
      const hashes = new Set(boards.map(canonicalHash));
      const classes = boards.filter((b, i) => !boards.slice(0, i).some((a) => related(a, b))).length;
      expect(hashes.size).toBe(classes);
    }
  });
});

describe('canonicalOf', () => {
  it('is the board under its transform, a member of the class and its own representative', () => {
    fc.assert(
      fc.property(puzzles, (p) => {
        const c = canonicalOf(p.board);
        expect(cellsOf(applyTransform(p.board, c.transform))).toEqual(cellsOf(c.board));
        expect(related(p.board, c.board)).toBe(true);
        expect(cellsOf(canonicalBoard(c.board))).toEqual(cellsOf(c.board));
        expect(canonicalOf(c.board).form).toBe(c.form);
        // Givens are labelled by first appearance: the first given in reading order shows 1.
        const first = Array.from(c.board.given).find((g) => g > 0);
        if (first !== undefined) expect(first).toBe(1);
      }),
      { numRuns: 150, seed: 24 },
    );
  });
});
