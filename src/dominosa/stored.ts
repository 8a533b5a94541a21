// A Dominosa board and its solution as the catalog stores them (schema 5), and back. The grid
// column is one string of base-36 digits, a fixed ⌈log36(M+1)⌉ of them a cell (one up to M = 35,
// two up to M = 1295), cells in reading order, as Tatham's game IDs write digits; the solution
// column one letter a cell naming the side its domino's other cell lies on: L, R, U or D.
// The JSON forms schema 1-4 stored (and the puzzles_json view shows) are here too: migrate reads
// them, and the view's tests hold it to them. Reading never throws: bad text is an error value.
import { asciiText } from '../ascii.js';
import type { Parsed } from '../parsed.js';
import { boardFromGrid, boardFromValues, formatBoardError, type Board } from './board.js';
import type { Solution } from './solve/solution.js';
import { placement, type Geometry } from './transform.js';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
// A char code's digit value, -1 for a character that is no lowercase base-36 digit.
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let d = 0; d < DIGITS.length; d++) DIGIT_OF[DIGITS.charCodeAt(d)] = d;
// A digit value's char code.
const DIGIT_CODES = Uint8Array.from(DIGITS, (c) => c.charCodeAt(0));

/** The characters a cell's number takes in the grid column: ⌈log36(M+1)⌉, at least one. */
export function cellWidth(m: number): number {
  let w = 1;
  for (let top = 36; top <= m; top *= 36) w++;
  return w;
}

/** The grid column: every cell's number in base 36, cellWidth(M) digits each, in reading order. */
export function gridText(board: Board): string {
  const { cells, m } = board;
  const w = cellWidth(m);
  if (w === 1) {
    const codes = new Uint8Array(cells.length);
    for (let i = 0; i < cells.length; i++) codes[i] = DIGIT_CODES[cells[i]];
    return asciiText(codes);
  }
  let s = '';
  for (let i = 0; i < cells.length; i++) s += cells[i].toString(36).padStart(w, '0');
  return s;
}

const [Q, L, R, U, D] = ['?', 'L', 'R', 'U', 'D'].map((c) => c.charCodeAt(0));

/**
 * The solution column: per cell of a rows×cols board, the side its domino's other cell lies on.
 * The solution must tile the board (a build's always does; migrate checks an old one first).
 */
export function solutionText(solution: Solution, rows: number, cols: number): string {
  // Char codes, not strings: a build writes four of these a kept slot.
  const letters = new Uint8Array(rows * cols).fill(Q);
  for (const [r1, c1, r2, c2] of solution) {
    const a = r1 * cols + c1;
    const b = r2 * cols + c2;
    const across = r1 === r2;
    letters[a] = across ? (c2 > c1 ? R : L) : r2 > r1 ? D : U;
    letters[b] = across ? (c2 > c1 ? L : R) : r2 > r1 ? U : D;
  }
  return asciiText(letters);
}

/** What a stored row says of its board's size, all the grid column's reading needs. */
export interface StoredShape {
  m: number;
  rows: number;
  cols: number;
}

// The values read from a grid column, for every reading (the board copies them): audit reads
// every row, and a fresh array a row would be a buffer outside the heap for the collector to free.
let readScratch = new Float64Array(0);

/**
 * The board of a grid column, of the size its row states: exactly cellWidth(M) lowercase base-36
 * digits a cell, and a complete double-M set; else the one line that says what is wrong.
 */
export function boardFromStored(grid: string, p: StoredShape): Parsed<Board> {
  const { m, rows, cols } = p;
  const w = cellWidth(m);
  const n = rows * cols;
  if (grid.length !== n * w)
    return {
      ok: false,
      error: `the stored grid has ${grid.length} characters, expected ${n * w} (${rows}x${cols} cells of ${w} for M=${m})`,
    };
  if (readScratch.length < n) readScratch = new Float64Array(n);
  const vals = readScratch;
  for (let i = 0, at = 0; i < n; i++) {
    let v = 0;
    for (let k = 0; k < w; k++, at++) {
      const code = grid.charCodeAt(at);
      const d = code < 128 ? DIGIT_OF[code] : -1;
      if (d < 0)
        return {
          ok: false,
          error: `the stored grid's row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}: ${JSON.stringify(grid[at])} is not a base-36 digit`,
        };
      v = v * 36 + d;
    }
    vals[i] = v;
  }
  const res = boardFromValues(rows, cols, vals, 0);
  // As a grid of JSON rows is refused (the message without its "board 1").
  if (!res.ok) return { ok: false, error: formatBoardError(res.error).replace(/^board 1(: |, )/, '') };
  if (res.board.m !== m) return { ok: false, error: `the grid is a double-${res.board.m} set but the row says M=${m}` };
  return { ok: true, value: res.board };
}

// Each letter's partner as a step in rows and columns, and the letter the partner must hold.
const STEP: Record<string, [number, number, string]> = {
  L: [0, -1, 'R'],
  R: [0, 1, 'L'],
  U: [-1, 0, 'D'],
  D: [1, 0, 'U'],
};
// The same by char code, for reading a column without a string per letter: the step's rows and
// columns, and the partner's letter's code (0: no letter).
const STEP_ROWS = new Int8Array(128);
const STEP_COLS = new Int8Array(128);
const BACK = new Uint8Array(128);
for (const [letter, [dr, dc, back]] of Object.entries(STEP)) {
  const code = letter.charCodeAt(0);
  STEP_ROWS[code] = dr;
  STEP_COLS[code] = dc;
  BACK[code] = back.charCodeAt(0);
}

/**
 * The dominoes of a solution column for a rows×cols board, each [r1, c1, r2, c2] with its first
 * cell above or left of its second, in reading order of their first cells; or the one line that
 * says where the letters do not pair up.
 */
export function solutionFromStored(text: string, rows: number, cols: number): Parsed<Solution> {
  const n = rows * cols;
  if (text.length !== n)
    return { ok: false, error: `the stored solution has ${text.length} letters, expected ${n} (${rows}x${cols})` };
  const solution: Solution = [];
  const where = (r: number, c: number): string => `the stored solution's row ${r + 1}, column ${c + 1}`;
  for (let i = 0, r = 0, c = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const back = code < 128 ? BACK[code] : 0;
    if (back === 0) return { ok: false, error: `${where(r, c)}: ${JSON.stringify(text[i])} is not L, R, U or D` };
    const dr = STEP_ROWS[code];
    const dc = STEP_COLS[code];
    const r2 = r + dr;
    const c2 = c + dc;
    if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols || text.charCodeAt(r2 * cols + c2) !== back)
      return { ok: false, error: `${where(r, c)}: ${text[i]} names no cell that pairs back with it` };
    if (dr + dc > 0) solution.push([r, c, r2, c2]);
    if (++c === cols) {
      c = 0;
      r++;
    }
  }
  return { ok: true, value: solution };
}

/**
 * The solution column of the board a geometry makes of a rows×cols board, from this board's
 * column: each cell's letter at the cell it moves to, turned as its step turns (a build writes
 * its variants' columns so, and audit compares them so, without reading either into dominoes). A
 * character that is no letter becomes NUL, so the column equals no stored one.
 */
export function solutionTextUnder(text: string, rows: number, cols: number, geometry: Geometry): string {
  const n = rows * cols;
  const { start, dr, dc, outCols } = placement(rows, cols, geometry);
  // A step of one row moves a cell's index by dr, of one column by dc: a letter's step (sr, sc)
  // becomes the index step sr·dr + sc·dc, which is ±1 (across) or ±outCols (down) in the image.
  const turned = new Uint8Array(128);
  for (const letter of 'LRUD') {
    const [sr, sc] = STEP[letter];
    const step = sr * dr + sc * dc;
    turned[letter.charCodeAt(0)] = (step === 1 ? 'R' : step === -1 ? 'L' : step === outCols ? 'D' : 'U').charCodeAt(0);
  }
  const out = new Uint8Array(n);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0, at = start + r * dr; c < cols && i < text.length; c++, i++, at += dc) {
      const code = text.charCodeAt(i);
      out[at] = code < 128 ? turned[code] : 0;
    }
  }
  return asciiText(out);
}

/**
 * Whether the solution column `image` is exactly `text`, of a rows×cols board, moved by a geometry
 * (solutionTextUnder). Where both columns read (solutionFromStored), this is "the same dominoes".
 */
export function isSolutionImage(text: string, rows: number, cols: number, geometry: Geometry, image: string): boolean {
  return text.length === rows * cols && image === solutionTextUnder(text, rows, cols, geometry);
}

// --- the JSON forms of schema 1-4 ---

/**
 * The grid as JSON rows of numbers, JSON.stringify(boardToGrid(board)) written directly: the form
 * schema 1-4 stored and the puzzles_json view gives (a property test holds the two equal).
 */
export function gridJson(board: Board): string {
  const { rows, cols, cells } = board;
  let s = '[';
  for (let r = 0; r < rows; r++) {
    s += r === 0 ? '[' : ',[';
    for (let c = 0; c < cols; c++) s += c === 0 ? `${cells[r * cols + c]}` : `,${cells[r * cols + c]}`;
    s += ']';
  }
  return s + ']';
}

/** The solution as JSON [[r1, c1, r2, c2], ...], JSON.stringify(solution) written directly (cells are integers). */
export function solutionJson(solution: Solution): string {
  let s = '[';
  for (let i = 0; i < solution.length; i++) {
    const d = solution[i];
    s += `${i === 0 ? '' : ','}[${d[0]},${d[1]},${d[2]},${d[3]}]`;
  }
  return s + ']';
}

/**
 * A row's grid and solution columns from the JSON texts schema 1-4 stored (migrate): the grid a
 * complete double-M set of the row's size, the solution dominoes that tile it; else what is wrong.
 * Dominoes written in another order or the other way round come out as the same tiling.
 */
export function fromJsonForm(p: StoredShape & { grid: string; solution: string }): Parsed<{
  grid: string;
  solution: string;
}> {
  let grid: unknown;
  let solution: unknown;
  try {
    grid = JSON.parse(p.grid);
    solution = JSON.parse(p.solution);
  } catch {
    return { ok: false, error: 'its grid or solution is not JSON' };
  }
  const b = boardFromGrid(grid, 0);
  if (!b.ok) return { ok: false, error: `its grid: ${formatBoardError(b.error).replace(/^board 1(: |, )/, '')}` };
  const board = b.board;
  if (board.m !== p.m || board.rows !== p.rows || board.cols !== p.cols)
    return { ok: false, error: `its grid is ${board.rows}x${board.cols}, not the M=${p.m} board its row states` };
  const isDomino = (d: unknown): d is [number, number, number, number] =>
    Array.isArray(d) && d.length === 4 && d.every((x) => Number.isInteger(x));
  if (!Array.isArray(solution) || !solution.every(isDomino))
    return { ok: false, error: 'its solution is not a list of [r1, c1, r2, c2]' };
  // A tiling: every domino joins two adjacent cells of the board, and every cell is covered once.
  const covered = new Uint8Array(p.rows * p.cols);
  for (const [r1, c1, r2, c2] of solution) {
    const inside = (r: number, c: number): boolean => r >= 0 && r < p.rows && c >= 0 && c < p.cols;
    if (!inside(r1, c1) || !inside(r2, c2) || Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1)
      return {
        ok: false,
        error: `its solution's domino (${r1},${c1})-(${r2},${c2}) is not two adjacent cells of the grid`,
      };
    for (const i of [r1 * p.cols + c1, r2 * p.cols + c2]) {
      if (covered[i]++ > 0)
        return {
          ok: false,
          error: `its solution covers row ${Math.floor(i / p.cols) + 1}, column ${(i % p.cols) + 1} twice`,
        };
    }
  }
  const bare = covered.indexOf(0);
  if (bare >= 0)
    return {
      ok: false,
      error: `its solution leaves row ${Math.floor(bare / p.cols) + 1}, column ${(bare % p.cols) + 1} uncovered`,
    };
  return { ok: true, value: { grid: gridText(board), solution: solutionText(solution, p.rows, p.cols) } };
}

// --- the same JSON forms in SQL, for the puzzles_json view ---

// A cell's number: its digits at `at` (1-based), one or two of them (M is at most 998).
const digit = (at: string): string => `(instr('${DIGITS}', substr(grid, ${at}, 1)) - 1)`;
const cellSql = `CASE length(grid) / (rows * cols) WHEN 1 THEN ${digit('k + 1')} ELSE ${digit('2 * k + 1')} * 36 + ${digit('2 * k + 2')} END`;

/** SQL over a Dominosa row giving gridJson's text of its grid column (cells of one or two digits). */
export const GRID_JSON_SQL = `(WITH RECURSIVE cell(k, s) AS (SELECT 0, '' UNION ALL SELECT k + 1, s || CASE WHEN k % cols > 0 THEN ',' WHEN k > 0 THEN '],[' ELSE '[' END || ${cellSql} FROM cell WHERE k < rows * cols) SELECT '[' || s || ']]' FROM cell WHERE k = rows * cols)`;

// A domino at cell k going right or down, as its JSON text with the comma before all but the first.
const dominoSql = (dr: string, dc: string): string =>
  `CASE WHEN s = '' THEN '[' ELSE ',[' END || (k / cols) || ',' || (k % cols) || ',' || (k / cols + ${dr}) || ',' || (k % cols + ${dc}) || ']'`;

/** SQL over a Dominosa row giving solutionJson's text of its solution column (dominoes by first cell, R and D). */
export const SOLUTION_JSON_SQL = `(WITH RECURSIVE cell(k, s) AS (SELECT 0, '' UNION ALL SELECT k + 1, s || CASE substr(solution, k + 1, 1) WHEN 'R' THEN ${dominoSql('0', '1')} WHEN 'D' THEN ${dominoSql('1', '0')} ELSE '' END FROM cell WHERE k < rows * cols) SELECT '[' || s || ']' FROM cell WHERE k = rows * cols)`;
