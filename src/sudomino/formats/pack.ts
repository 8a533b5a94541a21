// Sudomino puzzles in the data packs: the pack puzzle (its shape, N, the board's text rows and the
// per-cell answer), its JSON line, its JSON pack entry and the check of one read back, its text
// (the board under comments, the answer on one line) and its CSV cells.
import type { CsvCells, KindPack, PackEntry, PackPuzzle } from '../../formats/kind.js';
import { TOP_LEVEL } from '../grade/ladder.js';
import { parseShape } from '../shape.js';
import { sudominoBoardOf, sudominoSolutionError } from './read-back.js';
import { sudominoPuzzleOfRow, type SudominoPackPuzzle } from './row.js';
import { sudominoTechniqueOf } from './technique.js';
import { formatAnswer, formatSudominoText } from './text.js';

/** A Sudomino puzzle as the JSON pack stores it. */
export interface SudominoPackEntry extends PackEntry {
  kind: 'sudomino';
  /** RxC:N. */
  shape: string;
  values: number;
  /** The board's text rows (letter or numbered form). */
  board: string[];
  /** Each cell's value, row by row, 0 where blocked. */
  solution: number[][];
}

/**
 * A puzzle as one JSON line of a jsonl export, without its line end: the JSON-lines form
 * `dominosa solve` reads ({"rows": [...], "values": N, "id": ...}) with the catalog's fields
 * beside it, which the reader passes over.
 */
export function sudominoJsonLine(p: SudominoPackPuzzle): string {
  return JSON.stringify({
    id: p.id,
    kind: 'sudomino',
    shape: p.shape,
    values: p.values,
    rows: p.board,
    solution: p.solution,
    tier: p.tier,
    nodes: p.nodes,
    grade: p.grade ?? null,
    score: p.score ?? null,
    base_id: p.baseId ?? null,
    transform: p.transform ?? null,
  });
}

/** The technique a grade needs, in words ("Hard: triples and starved lines"); the grade itself for a name the ladder lacks. */
const technique = (grade: string): string => sudominoTechniqueOf(grade) ?? grade;

/** Why a Sudomino entry's shape, board or solution is wrong, or null. */
function entryError(e: Readonly<Record<string, unknown>>): string | null {
  const shape = parseShape(typeof e.shape === 'string' ? e.shape : '');
  if (!shape.ok) return `shape: ${shape.error}`;
  const { rows, cols, values } = shape.shape;
  if (e.values !== values) return `values is ${JSON.stringify(e.values)} but the shape says N=${values}`;
  const board = sudominoBoardOf(e.board, values, e.id as number | string);
  if (!board.ok) return board.error;
  if (board.value.rows !== rows || board.value.cols !== cols)
    return `the board is ${board.value.rows}x${board.value.cols}, its shape ${rows}x${cols}`;
  return sudominoSolutionError(board.value, e.solution);
}

/** A puzzle's text: `# id:`, `# values:`, the tier line, then its rows. */
function text(p: SudominoPackPuzzle): string[] {
  const board = sudominoBoardOf(p.board, p.values, p.id);
  // Exporters receive checked puzzles (row.ts); a broken one here is a bug.
  if (!board.ok) throw new Error(`puzzle ${String(p.id)}: ${board.error}`);
  const lines = formatSudominoText(board.value).trimEnd().split('\n');
  // After `# values:`, so a reader has N before the rows; the reader keeps the id across comments.
  lines.splice(
    lines[0].startsWith('# id:') ? 2 : 1,
    0,
    `# tier: ${p.tier} (Sudomino ${p.shape}, ${p.nodes} nodes${p.grade === undefined ? '' : `; ${technique(p.grade)}`})`,
  );
  return lines;
}

const own = (p: PackPuzzle): SudominoPackPuzzle => p as SudominoPackPuzzle;

export const pack: KindPack = {
  puzzleOf: sudominoPuzzleOfRow,
  technique: sudominoTechniqueOf,
  levels: TOP_LEVEL,
  entry(q): SudominoPackEntry {
    const p = own(q);
    return {
      kind: 'sudomino',
      id: p.id,
      shape: p.shape,
      values: p.values,
      tier: p.tier,
      nodes: p.nodes,
      ...(p.grade === undefined ? {} : { grade: p.grade }),
      ...(p.score === undefined ? {} : { score: p.score }),
      ...(p.grade === undefined ? {} : { technique: technique(p.grade) }),
      board: p.board,
      solution: p.solution,
    };
  },
  entryError,
  text: (p) => text(own(p)),
  // One line in the answer form.
  solutionText: (q) => {
    const p = own(q);
    return [`# solution of ${JSON.stringify(p.id)}: ${formatAnswer(p.cols, p.solution.flat())}`];
  },
  csv(q): CsvCells {
    // No Tatham level (his collection has no Sudomino); the grid is the text rows, the solution the answer form.
    const p = own(q);
    return {
      m: String(p.values),
      tatham: '',
      grid: p.board.join('/'),
      solution: formatAnswer(p.cols, p.solution.flat()),
      shape: p.shape,
    };
  },
};
