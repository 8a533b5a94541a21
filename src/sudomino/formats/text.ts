// Writing Sudomino boards and answers: the letter form when letters and digits suffice, else the
// numbered form (parse.ts states both), JSON lines, and the answer form, one line a board:
// values row by row, `.` for a blocked cell, rows separated by " / ".
import type { Board } from '../board.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Can the letter form write this board (at most 52 unnumbered dominoes, values up to 9)? */
export function fitsLetterForm(board: Board): boolean {
  let open = 0;
  for (const g of board.given) if (g === 0) open++;
  return open <= LETTERS.length && board.values <= 9;
}

/** The board's rows: the letter form if it fits, else the numbered form (dominoes counted from 1). */
export function boardRows(board: Board): string[] {
  const { rows, cols, domino, given } = board;
  const letters = fitsLetterForm(board);
  // Letters go to unnumbered dominoes in reading order, never twice on one board.
  const name: string[] = [];
  let next = 0;
  for (let d = 0; d < given.length; d++) {
    if (letters) name.push(given[d] === 0 ? LETTERS[next++] : String(given[d]));
    else name.push(given[d] === 0 ? String(d + 1) : `${d + 1}=${given[d]}`);
  }
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      const d = domino[r * cols + c];
      cells.push(d < 0 ? '!' : name[d]);
    }
    out.push(cells.join(letters ? '' : ' '));
  }
  return out;
}

/** The text form of a board: `# id:` and `# values:` lines, then its rows. */
export function formatBoardText(board: Board): string {
  const id = board.meta?.id;
  const head = id === undefined || id === null ? '' : `# id: ${typeof id === 'string' ? id : JSON.stringify(id)}\n`;
  const form = fitsLetterForm(board) || board.cols > 1 ? '' : '# form: numbered\n';
  return `${head}# values: ${board.values}\n${form}${boardRows(board).join('\n')}\n`;
}

/** The JSON-lines form of a board, without the line end. */
export function formatBoardJson(board: Board): string {
  const id = board.meta?.id;
  return JSON.stringify({ ...(id === undefined ? {} : { id }), values: board.values, rows: boardRows(board) });
}

/** The answer form: per cell value (0: blocked) as "6 6 1 1 / 2 2 . 3 / ...". */
export function formatAnswer(cols: number, values: ArrayLike<number>): string {
  return answerRows(cols, values).join(' / ');
}

/** The answer's rows, one string each, for a drawing. */
export function answerRows(cols: number, values: ArrayLike<number>): string[] {
  const out: string[] = [];
  for (let i = 0; i < values.length; i += cols) {
    const row: string[] = [];
    for (let c = 0; c < cols; c++) row.push(values[i + c] === 0 ? '.' : String(values[i + c]));
    out.push(row.join(' '));
  }
  return out;
}

/** An answer read back: rows × cols values (0 for `.`), or why it is not one. */
export function parseAnswer(
  text: string,
): { ok: true; rows: number; cols: number; values: Uint8Array } | { ok: false; error: string } {
  const rows = text.split('/').map((r) =>
    r
      .trim()
      .split(/\s+/)
      .filter((t) => t !== ''),
  );
  const cols = rows[0].length;
  const values: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== cols)
      return { ok: false, error: `answer row ${r + 1} has ${rows[r].length} cells, expected ${cols}` };
    for (const t of rows[r]) {
      if (t === '.') values.push(0);
      else if (/^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 255) values.push(Number(t));
      else return { ok: false, error: `answer row ${r + 1}: ${JSON.stringify(t)} is neither a value nor .` };
    }
  }
  return { ok: true, rows: rows.length, cols, values: Uint8Array.from(values) };
}
