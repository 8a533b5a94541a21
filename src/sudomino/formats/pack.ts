// Sudomino puzzles in the data packs: the pack puzzle (its shape, N, the board's text rows and the
// per-cell answer), its part of a record (the shape, the text rows joined by '/', the answer form)
// and the check of one read back, and its text (the board under comments, the answer on one line).
import type { KindPack, KindRecordSchema, PackPuzzle, RecordPart } from '../../formats/kind.js';
import { LEVELS, TOP_LEVEL } from '../grade/ladder.js';
import { parseShape } from '../shape.js';
import { boardFromStored } from '../stored.js';
import { boardOf, solutionError } from './read-back.js';
import { puzzleOfRow, type SudominoPackPuzzle } from './row.js';
import { techniqueOf } from './technique.js';
import { formatAnswer, formatBoardText, parseAnswer } from './text.js';

/** The technique a grade needs, in words ("Hard: triples and starved lines"); the grade itself for a name the ladder lacks. */
const technique = (grade: string): string => techniqueOf(grade) ?? grade;

/** Why a Sudomino record's size, puzzle or solution is wrong, or null. */
function recordError(r: Readonly<Record<string, unknown>>): string | null {
  const size = r.size as { key: string; label: string };
  const shape = parseShape(size.key);
  if (!shape.ok) return `size: ${shape.error}`;
  const { rows, cols, values } = shape.shape;
  if (size.label !== size.key)
    return `size.label is ${JSON.stringify(size.label)}, its key ${JSON.stringify(size.key)}`;
  const read = boardFromStored(r.puzzle as string, values);
  if (!read.ok) return `puzzle: ${read.error.replace(/^grid ?/, '')}`;
  const board = read.board;
  if (board.rows !== rows || board.cols !== cols)
    return `the puzzle is ${board.rows}x${board.cols}, its size ${rows}x${cols}`;
  const answer = parseAnswer(r.solution as string);
  if (!answer.ok) return `solution: ${answer.error}`;
  if (answer.rows !== rows || answer.cols !== cols)
    return `the solution is ${answer.rows}x${answer.cols}, its size ${rows}x${cols}`;
  const solution: number[][] = [];
  for (let i = 0; i < rows; i++) solution.push(Array.from(answer.values.subarray(i * cols, (i + 1) * cols)));
  return solutionError({ ...board, meta: { id: r.id } }, solution);
}

// A cell of the answer form: a value, or '.' where blocked.
const VALUE = '([0-9]+|\\.)';
const ANSWER_ROW = `${VALUE}( ${VALUE})*`;

const schema: KindRecordSchema = {
  sizeKey: {
    pattern: '^[1-9][0-9]*x[1-9][0-9]*:[1-9][0-9]*$',
    description: 'RxC:N, a board of R rows and C columns whose open cells hold the values 1 to N',
  },
  puzzle: {
    pattern: '^[A-Za-z0-9!= ]+(/[A-Za-z0-9!= ]+)*$',
    description:
      "the board's text rows top to bottom joined by '/': the letter form (a character a cell: ! blocked, a letter an unnumbered domino's two cells, a digit a given domino's value) when it fits, else the numbered form (tokens with one space between: ! blocked, k a cell of domino k, k=v the same given value v); solve reads either, a row a line",
  },
  solution: {
    pattern: `^${ANSWER_ROW}( / ${ANSWER_ROW})*$`,
    description:
      "the answer form: each cell's value (1 to N, . where blocked) left to right with one space between, rows top to bottom joined by ' / '",
  },
  grades: LEVELS.map((l) => l.name),
};

/** A puzzle's text: `# id:`, `# values:`, the tier line, then its rows. */
function text(p: SudominoPackPuzzle): string[] {
  const board = boardOf(p.board, p.values, p.id);
  // Exporters receive checked puzzles (row.ts); a broken one here is a bug.
  if (!board.ok) throw new Error(`puzzle ${String(p.id)}: ${board.error}`);
  const lines = formatBoardText(board.value).trimEnd().split('\n');
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
  puzzleOf: puzzleOfRow,
  technique: techniqueOf,
  levels: TOP_LEVEL,
  record(q): RecordPart {
    const p = own(q);
    return {
      size: { key: p.shape, label: p.shape },
      puzzle: p.board.join('/'),
      solution: formatAnswer(p.cols, p.solution.flat()),
    };
  },
  recordError,
  schema,
  text: (p) => text(own(p)),
  // One line in the answer form.
  solutionText: (q) => {
    const p = own(q);
    return [`# solution of ${JSON.stringify(p.id)}: ${formatAnswer(p.cols, p.solution.flat())}`];
  },
};
