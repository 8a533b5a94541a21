// Shared makings of the Sudomino symmetry tests: generated puzzles over small shapes, random
// shape-keeping transforms of them, and a brute-force test of whether two boards are one puzzle
// up to a transform that shares no code with canonical.ts.
import fc from 'fast-check';
import type { Board } from '../../src/sudomino/board.js';
import { cellValues } from '../../src/sudomino/board.js';
import { makeSlot } from '../../src/sudomino/make/generator.js';
import type { Shape } from '../../src/sudomino/shape.js';
import { Solver } from '../../src/sudomino/solve/solver.js';
import { shapeKeepingGeometries, type Transform } from '../../src/sudomino/transform.js';

const solver = new Solver();

/** Small shapes, square and not, so both four- and eight-member geometry groups are met. */
export const SHAPES: readonly Shape[] = [
  { rows: 4, cols: 4, values: 4 },
  { rows: 5, cols: 5, values: 4 },
  { rows: 5, cols: 6, values: 5 },
  { rows: 6, cols: 6, values: 5 },
  { rows: 3, cols: 7, values: 6 },
];

/** Shapes for tiered making: roomy enough that every tier is made within a few hundred deals. */
export const TIERED_SHAPES: readonly Shape[] = [
  { rows: 6, cols: 6, values: 5 },
  { rows: 7, cols: 8, values: 6 },
  { rows: 8, cols: 8, values: 6 },
];

export interface Puzzle {
  board: Board;
  /** Its one solution, per cell. */
  solution: Uint8Array;
}

export function puzzleOf(shape: Shape, seed: number, slot: number): Puzzle {
  const { board, filling } = makeSlot(seed, shape, slot, solver);
  return { board, solution: cellValues(board, filling) };
}

export const puzzles: fc.Arbitrary<Puzzle> = fc
  .tuple(fc.constantFrom(...SHAPES), fc.nat({ max: 1000 }), fc.nat({ max: 1000 }))
  .map(([shape, seed, slot]) => puzzleOf(shape, seed, slot));

/** A random transform that keeps a rows×cols board of N values in shape (relabel sometimes left out). */
export function transforms(rows: number, cols: number, values: number): fc.Arbitrary<Transform> {
  const base = Array.from({ length: values }, (_, i) => i + 1);
  return fc.record(
    {
      geometry: fc.constantFrom(...shapeKeepingGeometries(rows, cols)),
      relabel: fc.shuffledSubarray(base, { minLength: values, maxLength: values }),
    },
    { requiredKeys: ['geometry'] },
  );
}

/** A puzzle with one of its transforms. */
export const transformedPuzzles: fc.Arbitrary<[Puzzle, Transform]> = puzzles.chain((p) =>
  fc.tuple(fc.constant(p), transforms(p.board.rows, p.board.cols, p.board.values)),
);

/**
 * Is b some transform of a? Cell for cell: for each of the eight ways to lay a's grid on b's, the
 * same cells are blocked, each cell's domino partner lands on the partner of its image, and the
 * givens correspond one to one.
 */
export function related(a: Board, b: Board): boolean {
  if (a.rows !== b.rows || a.cols !== b.cols || a.values !== b.values) return false;
  const { rows, cols } = a;
  const partner = (x: Board, i: number): number => {
    const d = x.domino[i];
    return x.cells[2 * d] === i ? x.cells[2 * d + 1] : x.cells[2 * d];
  };
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, cols - 1 - c],
    (r, c) => [rows - 1 - r, c],
    (r, c) => [rows - 1 - r, cols - 1 - c],
  ];
  if (rows === cols) {
    const n = rows - 1;
    maps.push(
      (r, c) => [c, r],
      (r, c) => [n - c, n - r],
      (r, c) => [c, n - r],
      (r, c) => [n - c, r],
    );
  }
  outer: for (const map of maps) {
    const at = (i: number): number => {
      const [r, c] = map(Math.floor(i / cols), i % cols);
      return r * cols + c;
    };
    const forward = new Map<number, number>();
    const backward = new Map<number, number>();
    for (let i = 0; i < rows * cols; i++) {
      const j = at(i);
      if (a.domino[i] < 0 !== b.domino[j] < 0) continue outer;
      if (a.domino[i] < 0) continue;
      if (at(partner(a, i)) !== partner(b, j)) continue outer;
      const ga = a.given[a.domino[i]];
      const gb = b.given[b.domino[j]];
      if ((ga === 0) !== (gb === 0)) continue outer;
      if (ga === 0) continue;
      if ((forward.get(ga) ?? gb) !== gb || (backward.get(gb) ?? ga) !== ga) continue outer;
      forward.set(ga, gb);
      backward.set(gb, ga);
    }
    return true;
  }
  return false;
}

/** The board's cells as plain arrays, to compare two boards with toEqual. */
export function cellsOf(b: Board): { domino: number[]; cells: number[]; given: number[] } {
  return { domino: Array.from(b.domino), cells: Array.from(b.cells), given: Array.from(b.given) };
}
