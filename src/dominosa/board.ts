// A Dominosa board: a grid of numbers 0..M that holds a complete double-M set.
// This module owns the Board type, its validation, and the text and JSON-lines forms.
// Parsing never throws: every problem comes back as a BoardError naming board, line and cell.
import { gridOfPuzzleText } from './record-text.js';

/** A board in its own orientation: (M+1)×(M+2) or (M+2)×(M+1), row-major values. */
export interface Board {
  readonly rows: number;
  readonly cols: number;
  readonly m: number;
  /** cells[r * cols + c] is the number at row r, column c. */
  readonly cells: Uint16Array;
  /** Fields carried along from the input (e.g. `id`, `n` from JSON lines). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** Where and why an input board was refused. All positions here are 0-based except `line`. */
export type BoardError = {
  /** 0-based position of the board in its input, counting refused boards too. */
  index: number;
  id?: string;
  /** 1-based line of the input, when the board came through a BoardReader. */
  line?: number;
  row?: number;
  col?: number;
  message: string;
};

export type ParseResult = { ok: true; index: number; board: Board } | { ok: false; index: number; error: BoardError };

export type BoardFormat = 'text' | 'jsonl' | 'tatham' | 'auto';

/**
 * Reads one game ID of Simon Tatham's Dominosa (src/formats/tatham.ts), given to a BoardReader
 * by its caller, since that module is built on this one.
 */
export type GameIdReader = (id: string) => { ok: true; board: Board } | { ok: false; error: string };

// How a game ID starts ("6:", or with his difficulty letter "6de:"), told apart from a text row;
// a random-seed ID ("6#12345") is one too, for its reader to say it is not read.
const GAME_ID_START = /^\d+(?:d[a-z]|a)?[:#]/;

/** Largest board accepted. Anything bigger is refused before storage is allocated for it. */
export const MAX_CELLS = 1_000_000;
// A side longer than this forces the other side to at least the same length, so > MAX_CELLS.
const MAX_SIDE = 1000;
/** The largest M whose (M+1)×(M+2) board fits in MAX_CELLS: no size above it is a board. */
export const MAX_M = 998;
// A JSON line longer than this cannot be a board within MAX_CELLS plus modest metadata.
const MAX_JSON_CHARS = 16_000_000;
const TOO_LARGE = `too large (boards are limited to ${MAX_CELLS} cells, sides of ${MAX_SIDE})`;
// Fields carried along (an id) are written back out as JSON: deeper nesting than this is no id.
const MAX_META_DEPTH = 64;

/** How deeply arrays and objects nest in a parsed JSON value, counted without recursion, stopping past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, d + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

/** M of a double-M board with these dimensions, or null when they fit none (M ≥ 1). */
export function mFromDimensions(rows: number, cols: number): number | null {
  if (cols === rows + 1 && rows >= 2) return rows - 1;
  if (rows === cols + 1 && cols >= 2) return cols - 1;
  return null;
}

/** True when the board is laid out with more columns than rows. */
export function isWide(board: Board): boolean {
  return board.rows < board.cols;
}

/**
 * One line for people. Board, line, row and column are shown 1-based (board 4 is the fourth
 * board of the input), unlike the 0-based fields of BoardError.
 */
export function formatBoardError(e: BoardError): string {
  return `${errorPlace(e)}: ${e.message}`;
}

/** Where an error is, as formatBoardError names it: "board 2 (id "p7"), line 5, row 3". */
export function errorPlace(e: BoardError): string {
  let s = `board ${e.index + 1}`;
  if (e.id !== undefined) s += ` (id ${JSON.stringify(e.id)})`;
  if (e.line !== undefined) s += `, line ${e.line}`;
  if (e.row !== undefined) s += `, row ${e.row + 1}`;
  if (e.col !== undefined) s += `, column ${e.col + 1}`;
  return s;
}

function makeError(index: number, id: string | undefined, message: string, row?: number, col?: number): BoardError {
  const e: BoardError = { index, message };
  if (id !== undefined) e.id = id;
  if (row !== undefined) e.row = row;
  if (col !== undefined) e.col = col;
  return e;
}

function idOf(meta: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const id = meta?.id;
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

/** A short rendering of an offending input value for an error message. */
function show(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x.length > 24 ? `${x.slice(0, 21)}...` : x);
  if (Array.isArray(x)) return 'an array';
  if (x === null) return 'null';
  if (typeof x === 'object') return 'an object';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects are named above: a primitive (or a function) is left
  return String(x);
}

/**
 * The checks that need the whole grid, on row-major values already known to be rectangular
 * non-negative integers: dimensions, `n`, range and counts. `vals` holds at least rows*cols
 * entries (float64, so an absurd value is still reported as written).
 */
function finish(
  rows: number,
  cols: number,
  vals: Float64Array,
  index: number,
  meta: Record<string, unknown> | undefined,
): ParseResult {
  const bad = (message: string, row?: number, col?: number): ParseResult => ({
    ok: false,
    index,
    error: makeError(index, idOf(meta), message, row, col),
  });
  if (cols === 0) return bad('empty grid: the rows hold no values');
  const m = mFromDimensions(rows, cols);
  if (m === null) {
    return bad(`a ${rows}x${cols} grid fits no double-M set (needs (M+1)x(M+2) or (M+2)x(M+1), M >= 1)`);
  }
  if (meta !== undefined && meta.n !== undefined && meta.n !== m) {
    return bad(`field n is ${show(meta.n)} but the ${rows}x${cols} grid is a double-${m} set (M=${m})`);
  }
  const n = rows * cols;
  const counts = new Uint32Array(m + 1);
  // One pass checks, copies and counts; counting from the Uint16 copy indexes by an integer.
  const cells = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const v = vals[i];
    if (v > m) return bad(`value ${v} is above M=${m}`, Math.floor(i / cols), i % cols);
    cells[i] = v;
    counts[cells[i]]++;
  }
  for (let v = 0; v <= m; v++) {
    if (counts[v] !== m + 2) {
      return bad(`value ${v} appears ${counts[v]} times, expected ${m + 2} (M+2 for M=${m})`);
    }
  }
  const board: Board = meta === undefined ? { rows, cols, m, cells } : { rows, cols, m, cells, meta };
  return { ok: true, index, board };
}

/**
 * A Board from rows×cols row-major values (non-negative integers, as the catalog's grid column
 * reads back), with every check of a grid's size and counts; `index` as boardFromGrid's.
 */
export function boardFromValues(rows: number, cols: number, vals: Float64Array, index: number): ParseResult {
  if (rows > MAX_SIDE || cols > MAX_SIDE)
    return { ok: false, index, error: makeError(index, undefined, `grid is ${rows}x${cols}: ${TOO_LARGE}`) };
  return finish(rows, cols, vals, index, undefined);
}

/**
 * Validate a grid (rows of numbers, e.g. from JSON) and build a Board. `index` is the board's
 * 0-based position in its input and is reported in errors; `meta` is carried onto the board.
 */
export function boardFromGrid(grid: unknown, index: number, meta?: Record<string, unknown>): ParseResult {
  const id = idOf(meta);
  const bad = (message: string, row?: number, col?: number): ParseResult => ({
    ok: false,
    index,
    error: makeError(index, id, message, row, col),
  });
  if (!Array.isArray(grid)) return bad(`grid is not an array of rows (got ${show(grid)})`);
  const rows = grid.length;
  if (rows === 0) return bad('empty grid: no rows');
  // Sizes are judged from lengths alone, so an absurd input costs nothing to refuse.
  if (rows > MAX_SIDE) return bad(`grid has ${rows} rows: ${TOO_LARGE}`);
  const first: unknown = grid[0];
  if (!Array.isArray(first)) return bad(`grid is not an array of arrays: row is ${show(first)}`, 0);
  const cols = first.length;
  if (cols > MAX_SIDE) return bad(`row has ${cols} values: ${TOO_LARGE}`, 0);
  const vals = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row: unknown = grid[r];
    if (!Array.isArray(row)) return bad(`grid is not an array of arrays: row is ${show(row)}`, r);
    const len = Math.min(row.length, cols);
    for (let c = 0; c < len; c++) {
      const v: unknown = row[c];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
        return bad(`${show(v)} is not a non-negative integer`, r, c);
      }
      vals[r * cols + c] = v;
    }
    if (row.length !== cols) return bad(`row has ${row.length} values, expected ${cols} (as in row 1)`, r);
  }
  return finish(rows, cols, vals, index, meta);
}

/** The board as rows of plain numbers (the JSON `grid` form). */
export function boardToGrid(board: Board): number[][] {
  const { rows, cols, cells } = board;
  const grid: number[][] = [];
  for (let r = 0; r < rows; r++) grid.push(Array.from(cells.subarray(r * cols, (r + 1) * cols)));
  return grid;
}

// A JSON number, as the text form's `# id:` comment tells numeric ids from string ids.
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// A string id written bare in a comment must read back unchanged: no quotes, edge spaces, breaks.
const BARE_ID = /^[^\s"](?:[^\r\n]*\S)?$/;
const ID_COMMENT = /^#\s*id\s*:\s*(.*?)\s*$/s;

function formatIdComment(id: string | number): string {
  if (typeof id === 'number') return String(id);
  return BARE_ID.test(id) && !JSON_NUMBER.test(id) ? id : JSON.stringify(id);
}

function parseIdComment(v: string): string | number | undefined {
  if (v === '') return undefined;
  if (v.startsWith('"')) {
    try {
      const s: unknown = JSON.parse(v);
      if (typeof s === 'string') return s;
    } catch {
      // Not a JSON string after all: the id is the text as written.
    }
    return v;
  }
  if (JSON_NUMBER.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

/**
 * Rows of space-separated values, no trailing newline. Values are right-aligned in columns
 * when M ≥ 10. A string or numeric `id` in meta comes first as a `# id: ...` comment, which
 * BoardReader reads back; other meta is not kept by the text form.
 */
export function formatBoardText(board: Board): string {
  const { rows, cols, m, cells } = board;
  const width = m >= 10 ? String(m).length : 0;
  const lines: string[] = [];
  const id = board.meta?.id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) {
    lines.push(`# id: ${formatIdComment(id)}`);
  }
  const parts = new Array<string>(cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const s = String(cells[r * cols + c]);
      parts[c] = width ? s.padStart(width) : s;
    }
    lines.push(parts.join(' '));
  }
  return lines.join('\n');
}

/** One JSON line: the meta fields first, in their order, then `"grid"`. */
export function formatBoardJsonl(board: Board): string {
  const { rows, cols, cells } = board;
  const rowTexts = new Array<string>(rows);
  for (let r = 0; r < rows; r++) rowTexts[r] = `[${cells.subarray(r * cols, (r + 1) * cols).join(',')}]`;
  const grid = `[${rowTexts.join(',')}]`;
  // fromEntries defines own properties, so even a `__proto__` key survives as data.
  const meta = board.meta ? Object.fromEntries(Object.entries(board.meta).filter(([k]) => k !== 'grid')) : {};
  const head = JSON.stringify(meta);
  return head === '{}' ? `{"grid":${grid}}` : `${head.slice(0, -1)},"grid":${grid}}`;
}

// What push returns for the many lines that complete no board: one shared empty list.
const NONE: readonly ParseResult[] = Object.freeze([]);

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Line-fed parser, so huge files can be streamed. Text form: rows of whitespace-separated
 * integers, boards separated by blank lines, `#` lines are comments; `# id: X` before a board's
 * first row names it. JSON-lines form: one `{"grid": [[...]], ...}` per line, other fields kept
 * as meta. 'auto' decides from the first line that is neither blank nor a comment.
 * Feed lines without their '\n' (a trailing '\r' is dropped); call end() once at the end.
 */
export class BoardReader {
  private format: BoardFormat;
  private lineNo = 0;
  private index = 0;
  // The text board being read. After its first error the rest of its rows are skipped.
  private open = false;
  private rowCount = 0;
  private cols = 0;
  private vals = new Float64Array(256);
  private count = 0;
  private readonly rowLines: number[] = [];
  private error: BoardError | null = null;
  private id: string | number | undefined;
  private pendingId: string | number | undefined;

  /** With `gameIds`, lines such as "6:0123..." are read as Tatham game IDs (one board a line). */
  constructor(
    format: BoardFormat = 'auto',
    private readonly gameIds?: GameIdReader,
  ) {
    this.format = format;
  }

  /** Feed one line; returns the boards it completed (usually none or one). */
  push(line: string): readonly ParseResult[] {
    const r = this.pushPart(line, 0, line.length);
    return r === null ? NONE : [r];
  }

  /**
   * Feed the line text[start, end), without its '\n'; returns the board it completed, if any.
   * Lines read in place from a block of text need no string of their own.
   */
  pushPart(text: string, start: number, end: number): ParseResult | null {
    const lineNo = ++this.lineNo;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    let i = lineNo === 1 && text.charCodeAt(start) === 0xfeff ? start + 1 : start;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i === end) return this.open ? this.finishText() : null;
    const c = text.charCodeAt(i);
    if (c === 35 /* # */) {
      if (!this.open && this.format !== 'jsonl') {
        const m = ID_COMMENT.exec(text.slice(i, end));
        if (m) this.pendingId = parseIdComment(m[1]);
      }
      return null;
    }
    if (this.format === 'auto') {
      const gameId = this.gameIds !== undefined && GAME_ID_START.test(text.slice(i, Math.min(end, i + 16)));
      this.format = c === 123 /* { */ ? 'jsonl' : gameId ? 'tatham' : 'text';
    }
    if (this.format === 'jsonl') return this.jsonLine(text.slice(i, end), lineNo);
    if (this.format === 'tatham') return this.gameIdLine(text.slice(i, end), lineNo);
    this.textRow(text, i, end, lineNo);
    return null;
  }

  /** Finish the input: returns the board still open, if any. */
  end(): readonly ParseResult[] {
    return this.open ? [this.finishText()] : NONE;
  }

  private jsonLine(text: string, lineNo: number): ParseResult {
    const index = this.index++;
    const bad = (message: string, id?: string): ParseResult => {
      const error = makeError(index, id, message);
      error.line = lineNo;
      return { ok: false, index, error };
    };
    if (text.length > MAX_JSON_CHARS) return bad(`line has ${text.length} characters: ${TOO_LARGE}`);
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (e) {
      return bad(`invalid JSON: ${(e as Error).message}`);
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      return bad(`expected a JSON object like {"grid": [[...]]}, got ${show(obj)}`);
    }
    const o = obj as Record<string, unknown>;
    // A pack record (export's jsonl, or a json pack's puzzle): its board is the text in "puzzle".
    const record = !Object.hasOwn(o, 'grid') && typeof o.puzzle === 'string';
    const { grid, ...rest } = o;
    if (record) delete rest.puzzle;
    const meta = Object.keys(rest).length > 0 ? rest : undefined;
    if (meta !== undefined && nestingDepth(meta, MAX_META_DEPTH) > MAX_META_DEPTH) {
      return bad(
        `fields other than "grid" nest more than ${MAX_META_DEPTH - 1} levels deep; an id is a string, a number or a small JSON value`,
      );
    }
    const kind = o.kind;
    // A pack record of another kind (the verb names the kind, src/kinds.ts foreignBoard).
    if (typeof kind === 'string' && kind !== 'dominosa') {
      return bad(`its kind is ${JSON.stringify(kind)}, not "dominosa"`, idOf(meta));
    }
    if (!record && !Object.hasOwn(o, 'grid'))
      return bad('the object has no "grid" field, nor a "puzzle" text', idOf(meta));
    const res = boardFromGrid(record ? gridOfPuzzleText(o.puzzle as string) : grid, index, meta);
    if (!res.ok) res.error.line = lineNo;
    return res;
  }

  /** One game ID a line; a `# id: X` comment before it names the board, as in text. */
  private gameIdLine(text: string, lineNo: number): ParseResult {
    const index = this.index++;
    const id = this.pendingId;
    this.pendingId = undefined;
    const meta = id === undefined ? undefined : { id };
    const bad = (message: string): ParseResult => {
      const error = makeError(index, idOf(meta), message);
      error.line = lineNo;
      return { ok: false, index, error };
    };
    if (this.gameIds === undefined) return bad('Tatham game IDs cannot be read here');
    const res = this.gameIds(text.trim());
    if (!res.ok) return bad(`game ID: ${res.error}`);
    return { ok: true, index, board: meta === undefined ? res.board : { ...res.board, meta } };
  }

  private textRow(line: string, i: number, end: number, lineNo: number): void {
    if (!this.open) {
      this.open = true;
      this.id = this.pendingId;
      this.pendingId = undefined;
      this.rowCount = 0;
      this.cols = 0;
      this.count = 0;
      this.rowLines.length = 0;
      this.error = null;
    }
    const row = this.rowCount++;
    if (this.error !== null) return;
    this.rowLines.push(lineNo);
    if (row >= MAX_SIDE) {
      this.fail(`board has more than ${MAX_SIDE} rows: ${TOO_LARGE}`, lineNo, row);
      return;
    }
    let vals = this.vals;
    let count = this.count;
    let col = 0;
    while (i < end) {
      let c = line.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      const start = i;
      let v = 0;
      let digits = true;
      while (true) {
        if (c >= 48 && c <= 57) v = v * 10 + (c - 48);
        else digits = false;
        if (++i >= end) break;
        c = line.charCodeAt(i);
        if (isSpace(c)) break;
      }
      if (!digits) {
        this.fail(`${show(line.slice(start, i))} is not a non-negative integer`, lineNo, row, col);
        return;
      }
      // Stop reading a runaway row at once instead of storing it.
      if (col >= MAX_SIDE) {
        this.fail(`row has more than ${MAX_SIDE} values: ${TOO_LARGE}`, lineNo, row);
        return;
      }
      if (count === vals.length) {
        const grown = new Float64Array(count * 2);
        grown.set(vals);
        this.vals = vals = grown;
      }
      vals[count++] = v;
      col++;
    }
    this.count = count;
    if (row === 0) this.cols = col;
    else if (col !== this.cols) {
      this.fail(`row has ${col} values, expected ${this.cols} (as in row 1)`, lineNo, row);
    }
  }

  private fail(message: string, lineNo: number, row?: number, col?: number): void {
    this.error = makeError(this.index, idOf({ id: this.id }), message, row, col);
    this.error.line = lineNo;
  }

  private finishText(): ParseResult {
    this.open = false;
    const index = this.index++;
    if (this.error !== null) return { ok: false, index, error: this.error };
    const meta = this.id === undefined ? undefined : { id: this.id };
    const res = finish(this.rowCount, this.cols, this.vals, index, meta);
    if (!res.ok) res.error.line = this.rowLines[res.error.row ?? 0];
    return res;
  }
}

/** Parse a whole input at once (a convenience over BoardReader). */
export function parseBoards(text: string, format: BoardFormat = 'auto'): ParseResult[] {
  const reader = new BoardReader(format);
  const out: ParseResult[] = [];
  for (const line of text.split('\n')) {
    const done = reader.push(line);
    for (let k = 0; k < done.length; k++) out.push(done[k]);
  }
  for (const r of reader.end()) out.push(r);
  return out;
}
