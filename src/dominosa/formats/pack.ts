// Dominosa puzzles in the data packs: a stored row as a pack puzzle (M, the grid and the dominoes),
// its part of a record (size M, the board's text rows, a letter a cell for the solution) and the
// check of one read back, and its text (the grid under comments, the solution drawn).
import type { ExportRow, KindPack, KindRecordSchema, PackPuzzle, RecordPart } from '../../formats/kind.js';
import type { Parsed } from '../../parsed.js';
import { boardFromGrid, formatBoardError, formatBoardText, type Board } from '../board.js';
import { LEVELS } from '../grade/ladder.js';
import { techniqueOf } from '../rank/bands.js';
import { gridOfPuzzleText, puzzleText } from '../record-text.js';
import { sizeLabel } from '../sizes.js';
import { checkSolution, type Solution } from '../solve/solution.js';
import { boardFromStored, solutionFromStored, solutionText } from '../stored.js';
import { drawBoard } from './drawing.js';

/** A Dominosa puzzle as the exporters receive it. Grid and solution share the same orientation. */
export interface DominosaPackPuzzle extends PackPuzzle {
  kind: 'dominosa';
  m: number;
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

function boardOf(p: DominosaPackPuzzle): Board {
  const cells = new Uint16Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) cells.set(p.grid[r], r * p.cols);
  return { rows: p.rows, cols: p.cols, m: p.m, cells, meta: { id: p.id } };
}

const technique = (grade: string): string => techniqueOf(grade) ?? grade;

/** The record's solution: a letter a cell (the catalog's form, src/dominosa/stored.ts), rows joined by '/'. */
function solutionRecordText(p: DominosaPackPuzzle): string {
  const letters = solutionText(p.solution, p.rows, p.cols);
  const rows: string[] = [];
  for (let r = 0; r < p.rows; r++) rows.push(letters.slice(r * p.cols, (r + 1) * p.cols));
  return rows.join('/');
}

/** Why a Dominosa record's size, puzzle or solution is wrong, or null. */
function recordError(r: Readonly<Record<string, unknown>>): string | null {
  const size = r.size as { key: string; label: string };
  const parsed = boardFromGrid(gridOfPuzzleText(r.puzzle as string), 0);
  if (!parsed.ok) return `puzzle: ${formatBoardError(parsed.error).replace(/^board \d+(: |, )/, '')}`;
  const b = parsed.board;
  if (size.key !== String(b.m) || size.label !== sizeLabel(b.m))
    return `size says ${JSON.stringify(size)} but the puzzle is M=${b.m}`;
  const rows = (r.solution as string).split('/');
  if (rows.length !== b.rows || rows.some((row) => row.length !== b.cols))
    return `solution must be ${b.rows} rows of ${b.cols} letters, joined by '/'`;
  const dominoes = solutionFromStored(rows.join(''), b.rows, b.cols);
  if (!dominoes.ok) return dominoes.error.replace('the stored solution', 'solution');
  const why = checkSolution(b, dominoes.value);
  return why === null ? null : `the solution does not solve the puzzle: ${why}`;
}

const schema: KindRecordSchema = {
  sizeKey: {
    pattern: '^[1-9][0-9]*$',
    description: "M, the highest number: a double-M set's (M+1)(M+2)/2 dominoes on an (M+1) x (M+2) board",
  },
  puzzle: {
    pattern: '^[0-9]+( [0-9]+)*(/[0-9]+( [0-9]+)*)*$',
    description:
      "the board's rows top to bottom joined by '/', each row's numbers (0 to M) left to right with one space between: the text form solve reads, a row a line",
  },
  solution: {
    pattern: '^[LRUD]+(/[LRUD]+)*$',
    description:
      "a letter a cell naming the side its domino's other cell lies on (L left, R right, U up, D down), rows top to bottom joined by '/'",
  },
  grades: LEVELS.map((l) => l.name),
};

export const pack: KindPack = {
  puzzleOf: (row): Parsed<PackPuzzle> => puzzleOfRow(row),
  technique: techniqueOf,
  levels: LEVELS.length,
  record(q): RecordPart {
    const p = q as DominosaPackPuzzle;
    return {
      size: { key: String(p.m), label: sizeLabel(p.m) },
      puzzle: puzzleText(p.grid),
      solution: solutionRecordText(p),
    };
  },
  recordError,
  schema,
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
};
