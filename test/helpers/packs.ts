// Pack puzzles for the format, play and web-pack tests: deals onto random tilings (a planted
// solution is known; uniqueness does not matter for formats), with ids, tiers and node counts
// filled in; Sudomino puzzles from the generator's slots, or generated for a tier (so unique and
// graded); samples of every built-in kind, and the rows they are stored as.
import { boardToGrid } from '../../src/dominosa/board.js';
import type { DominosaPackPuzzle } from '../../src/dominosa/formats/pack.js';
import type { ExportRow, PackPuzzle } from '../../src/formats/kind.js';
import type { SudominoPackPuzzle } from '../../src/sudomino/formats/row.js';
import { TIERS } from '../../src/rank/tiers.js';
import { cellValues, type Board as SudominoBoard } from '../../src/sudomino/board.js';
import { boardRows } from '../../src/sudomino/formats/text.js';
import { LEVELS, Grader as SudominoGrader, type LevelName } from '../../src/sudomino/grade/ladder.js';
import { makeSlot } from '../../src/sudomino/make/generator.js';
import { makeTieredSlot } from '../../src/sudomino/make/tiered.js';
import { formatShape, parseShape, type Shape } from '../../src/sudomino/shape.js';
import { Solver as SudominoSolver } from '../../src/sudomino/solve/solver.js';
import type { Tier } from '../../src/rank/tiers.js';
import { gridText, solutionText } from '../../src/dominosa/stored.js';
import { solutionText as sudominoSolutionText } from '../../src/sudomino/stored.js';
import { plantedBoard } from './boards.js';

const solver = new SudominoSolver();
const grader = new SudominoGrader();

/** Puzzle k of size m, wide unless `tall`; tier cycles through TIERS unless given. */
export function packPuzzle(
  m: number,
  k: number,
  opts: { tall?: boolean; tier?: string; id?: number | string; grade?: string } = {},
): DominosaPackPuzzle {
  const { board, planted } = plantedBoard(m, 20240601, k, { wide: !opts.tall });
  return {
    kind: 'dominosa',
    id: opts.id ?? 1000 * m + k,
    m,
    rows: board.rows,
    cols: board.cols,
    tier: opts.tier ?? TIERS[k % TIERS.length],
    nodes: 10 * m + k,
    ...(opts.grade === undefined ? {} : { grade: opts.grade }),
    grid: boardToGrid(board),
    solution: planted,
    baseId: k % 3 === 0 ? null : k,
    transform: k % 3 === 0 ? null : 'mirror-h',
  };
}

/** `count` puzzles cycling through the sizes given. */
export function packOf(count: number, sizes: readonly number[], opts: { tall?: boolean } = {}): DominosaPackPuzzle[] {
  return Array.from({ length: count }, (_, k) => packPuzzle(sizes[k % sizes.length], k, opts));
}

/**
 * Sudomino puzzle k of a shape ("8x8:6"): the generator's slot k, its solution from the solver,
 * its text rows as the catalog stores them; tier cycles through TIERS unless given.
 */
export function sudominoPackPuzzle(
  shapeText: string,
  k: number,
  opts: { tier?: string; id?: number | string; grade?: LevelName } = {},
): SudominoPackPuzzle {
  const parsed = parseShape(shapeText);
  if (!parsed.ok) throw new Error(parsed.error);
  const shape = parsed.shape;
  const { board } = makeSlot(20240601, shape, k, solver);
  const res = solver.solve(board);
  if (res.solution === null) throw new Error(`slot ${k} of ${shapeText} has no solution`);
  const solution: number[][] = [];
  for (let r = 0; r < board.rows; r++)
    solution.push(Array.from(res.solution.subarray(r * board.cols, (r + 1) * board.cols)));
  return {
    kind: 'sudomino',
    id: opts.id ?? `s${k}`,
    shape: formatShape(shape),
    rows: shape.rows,
    cols: shape.cols,
    values: shape.values,
    tier: opts.tier ?? TIERS[k % TIERS.length],
    nodes: res.nodes,
    ...(opts.grade === undefined
      ? {}
      : { grade: opts.grade, score: LEVELS.findIndex((l) => l.name === opts.grade) + 1.25 }),
    board: boardRows(board),
    solution,
    baseId: null,
    transform: null,
  };
}

/** A mixed pack: Dominosa puzzles of the sizes given and Sudomino puzzles of the shapes given, interleaved. */
export function mixedPack(count: number, sizes: readonly number[], shapes: readonly string[]): PackPuzzle[] {
  return Array.from({ length: count }, (_, k) =>
    k % 2 === 0
      ? packPuzzle(sizes[(k / 2) % sizes.length], k)
      : sudominoPackPuzzle(shapes[((k - 1) / 2) % shapes.length], k),
  );
}

/** How each kind stores a pack puzzle in the catalog's columns (the rows export reads back), in its compact forms. */
const STORED: Readonly<Record<string, (p: PackPuzzle) => Pick<ExportRow, 'shape' | 'm' | 'grid' | 'solution'>>> = {
  dominosa: (q) => {
    const p = q as DominosaPackPuzzle;
    const board = { rows: p.rows, cols: p.cols, m: p.m, cells: Uint16Array.from(p.grid.flat()) };
    return { shape: String(p.m), m: p.m, grid: gridText(board), solution: solutionText(p.solution, p.rows, p.cols) };
  },
  sudomino: (q) => {
    const p = q as SudominoPackPuzzle;
    return { shape: p.shape, m: p.values, grid: p.board.join('/'), solution: sudominoSolutionText(p.solution.flat()) };
  },
};

/** The catalog row a pack puzzle is stored as, under a numeric id. */
export function rowOf(p: PackPuzzle, id: number): ExportRow {
  return {
    id,
    kind: p.kind,
    ...STORED[p.kind](p),
    rows: p.rows,
    cols: p.cols,
    tier: p.tier,
    nodes: p.nodes,
    grade: p.grade ?? null,
    score: p.score ?? null,
    base_id: p.baseId ?? null,
    transform: p.transform ?? null,
  };
}

/** Sample puzzles of every built-in kind, by name: `count` of varied sizes, tiers cycling, graded where `graded`. */
export const SAMPLES: Readonly<Record<string, (count: number, opts?: { graded?: boolean }) => PackPuzzle[]>> = {
  dominosa: (count, opts = {}) =>
    Array.from({ length: count }, (_, k) =>
      packPuzzle([2, 3, 4, 5, 6][k % 5], k, opts.graded ? { grade: ['singles', 'sets', 'parity'][k % 3] } : {}),
    ),
  sudomino: (count, opts = {}) =>
    Array.from({ length: count }, (_, k) =>
      sudominoPackPuzzle(
        ['5x5:4', '8x8:6', '6x7:5'][k % 3],
        k,
        opts.graded ? { grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4] } : {},
      ),
    ),
};

export interface MadeSudomino {
  board: SudominoBoard;
  /** One value per domino. */
  filling: Uint8Array;
}

/** Slot `slot` of a shape and tier, seed 29. */
export function madeSudomino(shape: Shape, tier: Tier, slot: number): MadeSudomino {
  const made = makeTieredSlot(29, shape, tier, slot, 500);
  if (made === null) throw new Error(`no ${tier} puzzle at ${formatShape(shape)} slot ${slot}`);
  return made;
}

/** The same puzzle as the exporters receive it. */
export function tieredSudominoPuzzle(
  shape: Shape,
  tier: Tier,
  slot: number,
  id: number | string = `s${slot}`,
): SudominoPackPuzzle {
  const { board, filling } = madeSudomino(shape, tier, slot);
  const values = cellValues(board, filling);
  const graded = grader.grade(board, { log: false });
  return {
    kind: 'sudomino',
    id,
    shape: formatShape(shape),
    rows: board.rows,
    cols: board.cols,
    values: board.values,
    tier,
    nodes: 1 + slot,
    grade: LEVELS[graded.level - 1].name,
    score: graded.score,
    board: boardRows(board),
    solution: Array.from({ length: board.rows }, (_, r) =>
      Array.from(values.subarray(r * board.cols, (r + 1) * board.cols)),
    ),
  };
}
