// A Sudomino board: an R×C grid of blocked cells and dominoes, values 1..N, some dominoes given.
// This module owns the Board type and builds one from a grid of cell marks, refusing what is
// no puzzle (unpaired cells, clashing givens, crowded lines) with one error naming the cells.

/** Largest N: a domino's candidates are bits 0..N-1 of one 32-bit word. */
export const MAX_VALUES = 30;
/** Largest board accepted; anything bigger is refused before storage is allocated for it. */
export const MAX_CELLS = 1_000_000;
export const DEFAULT_VALUES = 6;

export interface Board {
  readonly rows: number;
  readonly cols: number;
  /** N: every open cell holds a value 1..N. */
  readonly values: number;
  /** domino[r * cols + c]: the domino covering the cell, or -1 where it is blocked. */
  readonly domino: Int32Array;
  /** Domino d covers cells a[2d] < a[2d + 1]; dominoes are numbered in reading order of their first cell. */
  readonly cells: Int32Array;
  /** given[d]: the value domino d shows from the start, or 0. */
  readonly given: Uint8Array;
  /**
   * The entries of every line, rows first then columns: line l holds the distinct dominoes
   * lineDominoes[lineStart[l] .. lineStart[l + 1]), a domino lying along it counted once.
   */
  readonly lineStart: Int32Array;
  readonly lineDominoes: Int32Array;
  /** Fields carried along from the input (an id). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Where and why a board was refused; row and col are 0-based, line (of the input) 1-based. */
export interface BoardError {
  index: number;
  id?: unknown;
  line?: number;
  row?: number;
  col?: number;
  message: string;
}

export type ParseResult = { ok: true; index: number; board: Board } | { ok: false; index: number; error: BoardError };

/**
 * One cell as written: blocked, or part of a domino named by a label (a letter, a number of the
 * numbered form) or, for the letter form's digit pairs, by its given value alone (label null).
 */
export type CellMark = { blocked: true } | { blocked: false; label: string | null; value: number };

export const BLOCKED: CellMark = { blocked: true };

/** The one line a person reads: "board 2 (id "p7"), line 5, row 3, column 4: ...". */
export function formatBoardError(e: BoardError): string {
  return `${errorPlace(e)}: ${e.message}`;
}

/** Where an error is, as formatBoardError names it: "board 2 (id "p7"), line 5, row 3, column 4". */
export function errorPlace(e: BoardError): string {
  const id = e.id === undefined || e.id === null ? '' : ` (id ${JSON.stringify(e.id)})`;
  const line = e.line === undefined ? '' : `, line ${e.line}`;
  const row = e.row === undefined ? '' : `, row ${e.row + 1}`;
  const col = e.col === undefined ? '' : `, column ${e.col + 1}`;
  return `board ${e.index + 1}${id}${line}${row}${col}`;
}

/** "row 3, column 4", 1-based, for messages naming a second cell. */
export function cellName(cols: number, cell: number): string {
  return `row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`;
}

/** A line's name for messages: rows first, then columns, 1-based. */
export function lineName(rows: number, line: number): string {
  return line < rows ? `row ${line + 1}` : `column ${line - rows + 1}`;
}

type Built = { ok: true; board: Board } | { ok: false; row?: number; col?: number; message: string };

const fail = (message: string, cell?: number, cols?: number): Built =>
  cell === undefined || cols === undefined
    ? { ok: false, message }
    : { ok: false, row: Math.floor(cell / cols), col: cell % cols, message };

/**
 * A board from its rows of cell marks, or the first thing wrong with it: ragged rows, values
 * outside 1..N, a digit pair that is not exactly one pair, a label not on exactly two adjacent
 * cells, no domino at all, two given dominoes of a line with one value, a line with more than N entries.
 */
export function buildBoard(
  grid: readonly (readonly CellMark[])[],
  values: number,
  meta?: Record<string, unknown>,
): Built {
  if (!Number.isInteger(values) || values < 1 || values > MAX_VALUES)
    return fail(`values must be a whole number 1..${MAX_VALUES} (got ${values})`);
  const rows = grid.length;
  if (rows === 0) return fail('empty board');
  const cols = grid[0].length;
  for (let r = 1; r < rows; r++) {
    if (grid[r].length !== cols)
      return { ok: false, row: r, message: `row has ${grid[r].length} cells, expected ${cols} as in row 1` };
  }
  if (rows * cols > MAX_CELLS) return fail(`too large (boards are limited to ${MAX_CELLS} cells)`);
  const n = rows * cols;
  const mark = (i: number): CellMark => grid[Math.floor(i / cols)][i % cols];
  const partner = new Int32Array(n).fill(-1);
  const value = new Uint8Array(n);
  const byLabel = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const m = mark(i);
    if (m.blocked) continue;
    if (m.value !== 0 && (m.value < 1 || m.value > values))
      return fail(`value ${m.value} is outside 1..${values}`, i, cols);
    value[i] = m.value;
    if (m.label !== null) {
      const list = byLabel.get(m.label);
      if (list === undefined) byLabel.set(m.label, [i]);
      else list.push(i);
    }
  }
  // Digit pairs: each digit has exactly one orthogonal neighbour with the same unlabelled digit.
  for (let i = 0; i < n; i++) {
    const m = mark(i);
    if (m.blocked || m.label !== null) continue;
    let found = -1;
    let count = 0;
    for (const j of neighbours(i, rows, cols)) {
      const o = mark(j);
      if (!o.blocked && o.label === null && o.value === m.value) {
        found = j;
        count++;
      }
    }
    if (count === 0) return fail(`digit ${m.value} has no equal neighbour to make a domino with`, i, cols);
    if (count > 1)
      return fail(`digit ${m.value} has ${count} equal neighbours; a given domino is exactly two cells`, i, cols);
    partner[i] = found;
  }
  for (const [label, list] of byLabel) {
    const shown = JSON.stringify(label);
    if (list.length !== 2)
      return fail(
        `${shown} is on ${list.length} cell${list.length === 1 ? '' : 's'}; a domino is exactly two adjacent cells`,
        list[0],
        cols,
      );
    const [a, b] = list;
    if (!adjacent(a, b, cols))
      return fail(`${shown} is on two cells that do not touch (the other at ${cellName(cols, b)})`, a, cols);
    if (value[a] !== value[b])
      return fail(`the two cells of ${shown} show different values (${value[a]} and ${value[b]})`, a, cols);
    partner[a] = b;
    partner[b] = a;
  }
  const domino = new Int32Array(n).fill(-1);
  const cellsOf: number[] = [];
  const given: number[] = [];
  for (let i = 0; i < n; i++) {
    if (mark(i).blocked || domino[i] >= 0) continue;
    const d = given.length;
    domino[i] = d;
    domino[partner[i]] = d;
    cellsOf.push(i, partner[i]);
    given.push(value[i]);
  }
  // A board with nothing to place would pass every proof vacuously ("unique", graded easy).
  if (given.length === 0)
    return fail(
      n === 0 ? 'the board has no cells: a puzzle needs a domino' : 'every cell is blocked: a puzzle needs a domino',
    );
  const board = withLines(rows, cols, values, domino, Int32Array.from(cellsOf), Uint8Array.from(given), meta);
  const crowded = lineProblem(board);
  return crowded ?? { ok: true, board };
}

/** A board from its covering and givens, its lines worked out (the generator's way in). */
export function withLines(
  rows: number,
  cols: number,
  values: number,
  domino: Int32Array,
  cells: Int32Array,
  given: Uint8Array,
  meta?: Record<string, unknown>,
): Board {
  const nLines = rows + cols;
  const lineStart = new Int32Array(nLines + 1);
  const lineDominoes: number[] = [];
  const add = (l: number, d: number): void => {
    // Cells of a line are visited in order, so a domino along it is met twice in a row.
    if (d >= 0 && (lineDominoes.length === lineStart[l] || lineDominoes[lineDominoes.length - 1] !== d))
      lineDominoes.push(d);
  };
  for (let r = 0; r < rows; r++) {
    lineStart[r] = lineDominoes.length;
    for (let c = 0; c < cols; c++) add(r, domino[r * cols + c]);
  }
  for (let c = 0; c < cols; c++) {
    lineStart[rows + c] = lineDominoes.length;
    for (let r = 0; r < rows; r++) add(rows + c, domino[r * cols + c]);
  }
  lineStart[nLines] = lineDominoes.length;
  return {
    rows,
    cols,
    values,
    domino,
    cells,
    given,
    lineStart,
    lineDominoes: Int32Array.from(lineDominoes),
    ...(meta === undefined ? {} : { meta }),
  };
}

/** Why a board built elsewhere (the generator, a test) breaks a line's limits, or null. */
export function linesProblem(board: Board): string | null {
  const p = lineProblem(board);
  return p === null || p.ok ? null : p.message;
}

/** A line with more entries than values, or two given dominoes of a line with one value. */
function lineProblem(board: Board): Built | null {
  const { rows, cols, values, lineStart, lineDominoes, given, cells } = board;
  const seen = new Int32Array(values + 1);
  for (let l = 0; l < rows + cols; l++) {
    const k = lineStart[l + 1] - lineStart[l];
    const where = l < rows ? { row: l } : { col: l - rows };
    if (k > values)
      return { ok: false, ...where, message: `${lineName(rows, l)} has ${k} dominoes, more than the ${values} values` };
    seen.fill(-1);
    for (let e = lineStart[l]; e < lineStart[l + 1]; e++) {
      const d = lineDominoes[e];
      const v = given[d];
      if (v === 0) continue;
      if (seen[v] >= 0) {
        const first = cells[2 * seen[v]];
        return {
          ok: false,
          row: Math.floor(cells[2 * d] / cols),
          col: cells[2 * d] % cols,
          message: `${lineName(rows, l)} has two given dominoes showing ${v} (the other at ${cellName(cols, first)})`,
        };
      }
      seen[v] = d;
    }
  }
  return null;
}

function adjacent(a: number, b: number, cols: number): boolean {
  return (b === a + 1 && b % cols !== 0) || b === a + cols || (a === b + 1 && a % cols !== 0) || a === b + cols;
}

function neighbours(i: number, rows: number, cols: number): number[] {
  const out: number[] = [];
  const r = Math.floor(i / cols);
  const c = i % cols;
  if (r > 0) out.push(i - cols);
  if (c > 0) out.push(i - 1);
  if (c < cols - 1) out.push(i + 1);
  if (r < rows - 1) out.push(i + cols);
  return out;
}

/** Open cells' values from one value per domino: values[cell], 0 where blocked. */
export function cellValues(board: Board, perDomino: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(board.rows * board.cols);
  for (let i = 0; i < out.length; i++) if (board.domino[i] >= 0) out[i] = perDomino[board.domino[i]];
  return out;
}
