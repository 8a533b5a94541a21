// Reading Sudomino boards, line by line so large files stream: the letter form of the source
// document, the numbered form (for boards with more dominoes than letters) and JSON lines.
// Never throws: a refused board comes back as a BoardError naming board, line, row and column.
//
// Letter form: one character a cell; `!` blocked, a letter names an unnumbered domino's two
// cells, two adjacent equal digits are a given domino. Numbered form: whitespace-separated
// tokens; `!` blocked, `L` a cell of domino L (any whole number, each on exactly two adjacent
// cells), `L=v` the same with its given value v written on both cells. Boards are separated by
// blank lines; `#` lines are comments: `# id: X` names the next board, `# values: N` sets N for
// the boards after it, `# form: numbered` reads the next board in the numbered form (needed
// only for a one-column board without givens: a row with whitespace or `=` is numbered anyway).
// JSON lines: {"rows": ["aabb", ...], "values": N, "id": ...}, rows in either form.
import { BLOCKED, buildBoard, type CellMark, DEFAULT_VALUES, MAX_VALUES, type ParseResult } from './board.js';

type Row = { ok: true; cells: CellMark[] } | { ok: false; col: number; message: string };

const ID_COMMENT = /^#\s*id\s*:\s*(.*?)\s*$/i;
const VALUES_COMMENT = /^#\s*values\s*:\s*(\S*)\s*$/i;
const FORM_COMMENT = /^#\s*form\s*:\s*numbered\s*$/i;
// A record's size key, RxC:N: N is what a board needs.
const SIZE_KEY = /^\d+x\d+:(\d+)$/;

/** Is this row written in the numbered form (whitespace between tokens, or a `=`)? */
export function looksNumbered(row: string): boolean {
  return /\S\s+\S|=/.test(row.trim());
}

/**
 * Which form stored rows are in (a catalog row's, a pack record's). boardRows writes the numbered form exactly when N > 9 or the
 * letters run out, and a letter-form row never holds whitespace or `=` and never differs in
 * length from another; a numbered board always shows one of these (on one column, past 52
 * dominoes, "1" and "53" differ in length, or the first domino is given and shows `=`).
 */
export function storedRowsNumbered(rows: readonly string[], values: number): boolean {
  return values > 9 || rows.some(looksNumbered) || rows.some((r) => r.length !== rows[0].length);
}

/** One row of the letter form as cell marks. */
export function parseLetterRow(row: string, values: number): Row {
  const cells: CellMark[] = [];
  for (let c = 0; c < row.length; c++) {
    const ch = row[c];
    if (ch === '!') cells.push(BLOCKED);
    else if (/[a-zA-Z]/.test(ch)) cells.push({ blocked: false, label: ch, value: 0 });
    else if (/[0-9]/.test(ch)) {
      const v = Number(ch);
      if (v < 1 || v > values) return { ok: false, col: c, message: `value ${v} is outside 1..${values}` };
      cells.push({ blocked: false, label: null, value: v });
    } else return { ok: false, col: c, message: `${JSON.stringify(ch)} is not a letter, a digit or !` };
  }
  return { ok: true, cells };
}

/** One row of the numbered form as cell marks. */
export function parseNumberedRow(row: string, values: number): Row {
  const tokens = row
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  const cells: CellMark[] = [];
  for (let c = 0; c < tokens.length; c++) {
    const t = tokens[c];
    if (t === '!') {
      cells.push(BLOCKED);
      continue;
    }
    const m = /^(\d+)(?:=(\d+))?$/.exec(t);
    if (m === null)
      return { ok: false, col: c, message: `${JSON.stringify(t)} is not !, a domino number or number=value` };
    const v = m[2] === undefined ? 0 : Number(m[2]);
    if (m[2] !== undefined && (v < 1 || v > values))
      return { ok: false, col: c, message: `value ${m[2]} is outside 1..${values}` };
    // Numbers as labels, leading zeros dropped, so 07 and 7 are one domino.
    cells.push({ blocked: false, label: String(BigInt(m[1])), value: v });
  }
  return { ok: true, cells };
}

/**
 * Line-fed reader of text and JSON-lines boards (told apart per board: a line starting with `{`
 * is one JSON board). Feed lines without their '\n'; call end() once at the end.
 */
export class TextReader {
  private lineNo = 0;
  private index = 0;
  private values: number;
  private pendingId: unknown;
  private pendingNumbered = false;
  // The text board being read.
  private rows: string[] = [];
  private rowLines: number[] = [];
  private numbered = false;
  private id: unknown;

  constructor(defaultValues = DEFAULT_VALUES) {
    this.values = defaultValues;
  }

  /** Feed one line; returns the board it completed, if any. */
  push(raw: string): ParseResult | null {
    const lineNo = ++this.lineNo;
    const line = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    const trimmed = line.trim();
    if (trimmed === '') return this.finish();
    if (trimmed.startsWith('#')) {
      if (this.rows.length > 0) return null;
      return this.comment(trimmed, lineNo);
    }
    if (this.rows.length === 0 && trimmed.startsWith('{')) return this.json(trimmed, lineNo);
    if (this.rows.length === 0) {
      this.numbered = this.pendingNumbered || looksNumbered(trimmed);
      this.id = this.pendingId;
      this.pendingId = undefined;
      this.pendingNumbered = false;
    }
    this.rows.push(trimmed);
    this.rowLines.push(lineNo);
    return null;
  }

  /** The board still open at the end of the input, if any. */
  end(): ParseResult | null {
    return this.finish();
  }

  private comment(text: string, lineNo: number): ParseResult | null {
    const id = ID_COMMENT.exec(text);
    if (id) this.pendingId = id[1];
    else if (FORM_COMMENT.test(text)) this.pendingNumbered = true;
    else {
      const v = VALUES_COMMENT.exec(text);
      if (v) {
        const n = /^\d+$/.test(v[1]) ? Number(v[1]) : NaN;
        if (!(n >= 1 && n <= MAX_VALUES)) {
          const index = this.index;
          return {
            ok: false,
            index,
            error: { index, line: lineNo, message: `# values: ${v[1]} is not a whole number 1..${MAX_VALUES}` },
          };
        }
        this.values = n;
      }
    }
    return null;
  }

  private finish(): ParseResult | null {
    if (this.rows.length === 0) return null;
    const index = this.index++;
    const rows = this.rows;
    const lines = this.rowLines;
    this.rows = [];
    this.rowLines = [];
    const id = this.id;
    const res = boardFromRows(rows, this.values, index, id, this.numbered);
    if (!res.ok && res.error.row !== undefined) res.error.line = lines[res.error.row];
    else if (!res.ok) res.error.line = lines[0];
    return res;
  }

  private json(text: string, lineNo: number): ParseResult {
    const index = this.index++;
    const at = (message: string, id?: unknown): ParseResult => ({
      ok: false,
      index,
      error: { index, id, line: lineNo, message },
    });
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch {
      return at('invalid JSON');
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
      return at('a JSON board is an object with a "rows" field');
    const o = obj as Record<string, unknown>;
    const id = o.id;
    // A pack record of another kind (the verb names the kind, src/kinds.ts foreignBoard).
    if (typeof o.kind === 'string' && o.kind !== 'sudomino')
      return at(`its kind is ${JSON.stringify(o.kind)}, not "sudomino"`, id);
    if (typeof o.puzzle === 'string' && o.rows === undefined) return this.record(o, index, lineNo);
    if (!Array.isArray(o.rows) || o.rows.length === 0 || !o.rows.every((r) => typeof r === 'string'))
      return at('"rows" must be a non-empty array of strings', id);
    let values = this.values;
    if (o.values !== undefined) {
      if (typeof o.values !== 'number' || !Number.isInteger(o.values) || o.values < 1 || o.values > MAX_VALUES) {
        return at(`"values" must be a whole number 1..${MAX_VALUES}`, id);
      }
      values = o.values;
    }
    const rows = o.rows.map((r) => r.trim());
    const res = boardFromRows(rows, values, index, id, o.form === 'numbered' || rows.some(looksNumbered));
    if (!res.ok) res.error.line = lineNo;
    return res;
  }

  /** A pack record: its text rows joined by '/' in "puzzle", N from its size key (RxC:N), as the catalog stores them. */
  private record(o: Record<string, unknown>, index: number, lineNo: number): ParseResult {
    const id = o.id;
    const size = o.size as { key?: unknown } | null | undefined;
    const m =
      typeof size === 'object' && size !== null && typeof size.key === 'string' ? SIZE_KEY.exec(size.key) : null;
    const values = m === null ? NaN : Number(m[1]);
    if (!(values >= 1 && values <= MAX_VALUES))
      return {
        ok: false,
        index,
        error: { index, id, line: lineNo, message: `a record's size.key must be its shape RxC:N, N 1..${MAX_VALUES}` },
      };
    const rows = (o.puzzle as string).split('/');
    const res = boardFromRows(rows, values, index, id, storedRowsNumbered(rows, values));
    if (!res.ok) res.error.line = lineNo;
    return res;
  }
}

/** A board from the rows of its text (either form), N, and its place in the input. */
export function boardFromRows(
  rows: readonly string[],
  values: number,
  index: number,
  id?: unknown,
  numbered = rows.some(looksNumbered),
): ParseResult {
  const grid: CellMark[][] = [];
  const idPart = id === undefined || id === null ? {} : { id };
  for (let r = 0; r < rows.length; r++) {
    const row = numbered ? parseNumberedRow(rows[r], values) : parseLetterRow(rows[r], values);
    if (!row.ok) return { ok: false, index, error: { index, ...idPart, row: r, col: row.col, message: row.message } };
    grid.push(row.cells);
  }
  const built = buildBoard(grid, values, id === undefined || id === null ? undefined : { id });
  if (built.ok) return { ok: true, index, board: built.board };
  return { ok: false, index, error: { index, ...idPart, row: built.row, col: built.col, message: built.message } };
}

/** Every board of a text (tests and small inputs; the CLI streams through TextReader). */
export function parseBoards(text: string, values = DEFAULT_VALUES): ParseResult[] {
  const reader = new TextReader(values);
  const out: ParseResult[] = [];
  for (const line of text.split('\n')) {
    const r = reader.push(line);
    if (r !== null) out.push(r);
  }
  const last = reader.end();
  if (last !== null) out.push(last);
  return out;
}
