// Dominosa puzzles in the data packs: a stored row as a pack puzzle (M, the grid and the dominoes),
// its JSON line written from the stored columns, its JSON pack entry and the check of one read
// back, its text (the grid under comments, the solution drawn), and its CSV cells.
import type { CsvCells, ExportRow, KindPack, PackEntry, PackPuzzle } from '../../formats/kind.js';
import { csvGrid, csvSolution } from '../../formats/csv.js';
import type { Parsed } from '../../parsed.js';
import { boardFromGrid, formatBoardError, formatBoardText, type Board } from '../board.js';
import { LEVELS } from '../grade/ladder.js';
import { techniqueOf } from '../rank/bands.js';
import { checkSolution, type Solution } from '../solve/solution.js';
import { boardFromStored, gridJson, solutionFromStored, solutionJson } from '../stored.js';
import { drawBoard } from './drawing.js';

/** A Dominosa puzzle as the exporters receive it. Grid and solution share the same orientation. */
export interface DominosaPackPuzzle extends PackPuzzle {
  kind: 'dominosa';
  m: number;
  grid: number[][];
  solution: [number, number, number, number][];
}

/** A Dominosa puzzle as the JSON pack stores it (with no kind: the first packs held Dominosa alone). */
export interface DominosaPackEntry extends PackEntry {
  size: { m: number; rows: number; cols: number };
  grid: number[][];
  solution: [number, number, number, number][];
}

/** A stored row's board and dominoes read from its columns (src/dominosa/stored.ts), or what is wrong with them. */
export function storedBoardOfRow(row: ExportRow): Parsed<{ board: Board; solution: Solution }> {
  const board = boardFromStored(row.grid, row);
  if (!board.ok) return { ok: false, error: `puzzle ${row.id}: ${board.error}` };
  const solution = solutionFromStored(row.solution, row.rows, row.cols);
  if (!solution.ok) return { ok: false, error: `puzzle ${row.id}: ${solution.error}` };
  return { ok: true, value: { board: board.value, solution: solution.value } };
}

/** The pack puzzle of a stored row: its board's rows and its dominoes, as stored. */
export function puzzleOfRow(row: ExportRow): Parsed<DominosaPackPuzzle> {
  const read = storedBoardOfRow(row);
  if (!read.ok) return read;
  const { board, solution } = read.value;
  const grid: number[][] = [];
  for (let r = 0; r < board.rows; r++)
    grid.push(Array.from(board.cells.subarray(r * board.cols, (r + 1) * board.cols)));
  const value: DominosaPackPuzzle = {
    kind: 'dominosa',
    id: row.id,
    m: row.m,
    rows: row.rows,
    cols: row.cols,
    tier: row.tier,
    nodes: row.nodes,
    ...(row.grade === null ? {} : { grade: row.grade }),
    ...(row.score === null ? {} : { score: row.score }),
    grid,
    solution,
    baseId: row.base_id,
    transform: row.transform,
  };
  return { ok: true, value };
}

/**
 * One JSON line per puzzle, without its line end: grid and solution written as compact JSON
 * directly (gridJson, solutionJson); the solution is the [[r1, c1, r2, c2], ...] list `dominosa
 * solve` prints. A row whose columns do not read back is refused.
 */
export function jsonLine(p: ExportRow): Parsed<string> {
  const read = storedBoardOfRow(p);
  if (!read.ok) return read;
  const grid = gridJson(read.value.board);
  const solution = solutionJson(read.value.solution);
  return {
    ok: true,
    value:
      `{"id":${p.id},"n":${p.m},"rows":${p.rows},"cols":${p.cols},"grid":${grid},"solution":${solution},` +
      `"tier":${JSON.stringify(p.tier)},"nodes":${p.nodes},"grade":${JSON.stringify(p.grade)},"score":${p.score},"base_id":${p.base_id ?? 'null'},` +
      `"transform":${p.transform === null ? 'null' : JSON.stringify(p.transform)}}`,
  };
}

function boardOf(p: DominosaPackPuzzle): Board {
  const cells = new Uint16Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) cells.set(p.grid[r], r * p.cols);
  return { rows: p.rows, cols: p.cols, m: p.m, cells, meta: { id: p.id } };
}

const technique = (grade: string): string => techniqueOf(grade) ?? grade;

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/** Why a Dominosa entry's size, grid or solution is wrong, or null. */
function entryError(e: Readonly<Record<string, unknown>>, k: number): string | null {
  const size = e.size;
  if (!isObject(size)) return 'size must be an object {m, rows, cols}';
  const parsed = boardFromGrid(e.grid, k);
  if (!parsed.ok) return formatBoardError(parsed.error).replace(/^board \d+(: |, )/, '');
  const b = parsed.board;
  if (size.m !== b.m || size.rows !== b.rows || size.cols !== b.cols) {
    return `size says M=${String(size.m)}, ${String(size.rows)}x${String(size.cols)} but the grid is M=${b.m}, ${b.rows}x${b.cols}`;
  }
  if (!Array.isArray(e.solution) || !e.solution.every((d) => Array.isArray(d) && d.length === 4)) {
    return 'solution must be a list of [r1, c1, r2, c2]';
  }
  const why = checkSolution(b, e.solution as Solution);
  return why === null ? null : `the solution does not solve the grid: ${why}`;
}

export const pack: KindPack = {
  puzzleOf: (row): Parsed<PackPuzzle> => puzzleOfRow(row),
  technique: techniqueOf,
  levels: LEVELS.length,
  entry(q): DominosaPackEntry {
    const p = q as DominosaPackPuzzle;
    return {
      id: p.id,
      size: { m: p.m, rows: p.rows, cols: p.cols },
      tier: p.tier,
      nodes: p.nodes,
      ...(p.grade === undefined ? {} : { grade: p.grade }),
      ...(p.score === undefined ? {} : { score: p.score }),
      ...(p.grade === undefined ? {} : { technique: technique(p.grade) }),
      grid: p.grid,
      solution: p.solution,
    };
  },
  entryError,
  text(q) {
    const p = q as DominosaPackPuzzle;
    const lines = formatBoardText(boardOf(p)).split('\n');
    // The reader keeps an `# id:` across other comments, so the tier line may follow it.
    lines.splice(
      lines[0].startsWith('#') ? 1 : 0,
      0,
      `# tier: ${p.tier} (M=${p.m}, ${p.rows}x${p.cols}, ${p.nodes} nodes${p.grade === undefined ? '' : `; ${technique(p.grade)}`})`,
    );
    return lines;
  },
  solutionText(q) {
    const p = q as DominosaPackPuzzle;
    const drawing = drawBoard(boardOf(p), p.solution).split('\n');
    return [`# solution of ${JSON.stringify(p.id)}:`, ...drawing.map((line) => `#   ${line}`)];
  },
  csv(q): CsvCells {
    const p = q as DominosaPackPuzzle;
    const level = LEVELS.find((l) => l.name === p.grade);
    return {
      m: String(p.m),
      tatham: level === undefined ? '' : (level.tatham ?? 'beyond'),
      grid: csvGrid(p.grid),
      solution: csvSolution(p.solution),
      shape: String(p.m),
    };
  },
};
