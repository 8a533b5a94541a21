// Reading Simon Tatham's Dominosa game IDs (`M:` then his M+1 by M+2 grid, values ≥ 10 as
// `[12]`) into boards, apart from writing them (tatham.ts), so the web page can read a pasted ID
// without the writer's transforms.
import { boardFromGrid, formatBoardError, MAX_CELLS, type Board } from '../board.js';

export type TathamResult = { ok: true; board: Board } | { ok: false; error: string };

// His parameter string is M, optionally followed by a difficulty (`d` and a letter) or the
// legacy `a`; the game ID proper carries M alone, but a full parameter string is accepted too.
const PREFIX = /^(\d+)(?:d[a-z]|a)?:/;
// His random-seed form, parameters then "#" and the seed: a board only his generator can make from it.
const SEED_ID = /^\d+(?:d[a-z]|a)?#/;

/**
 * Read a game ID into a wide board. Like his own reader, a value in brackets may have any number
 * of digits; surrounding whitespace is ignored. Every problem comes back as one sentence.
 */
export function parseTathamId(id: string): TathamResult {
  const text = id.trim();
  const head = PREFIX.exec(text);
  if (head === null && SEED_ID.test(text)) {
    return {
      ok: false,
      error: `${quote(text)} is a random-seed ID, which only Simon Tatham's generator turns into a board: only descriptive IDs ("6:0123...") are read (his Game > Specific... shows the one of the puzzle on screen)`,
    };
  }
  if (head === null) {
    return { ok: false, error: `a Dominosa game ID starts with "M:" (e.g. "6:0123..."); got ${quote(text)}` };
  }
  const m = Number(head[1]);
  if (m < 1) return { ok: false, error: `M is ${head[1]}, but a Dominosa set needs M >= 1` };
  const rows = m + 1;
  const cols = m + 2;
  const expected = rows * cols;
  if (!Number.isSafeInteger(m) || expected > MAX_CELLS) {
    return { ok: false, error: `M=${head[1]} is too large (boards are limited to ${MAX_CELLS} cells)` };
  }
  const values: number[] = [];
  let i = head[0].length;
  while (i < text.length) {
    if (values.length === expected) {
      return {
        ok: false,
        error: `too long: more than the ${expected} values of a double-${m} grid (${rows}x${cols}), extra text at character ${i + 1}`,
      };
    }
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      values.push(c - 48);
      i++;
    } else if (c === 91 /* [ */) {
      const close = text.indexOf(']', i + 1);
      const body = close < 0 ? '' : text.slice(i + 1, close);
      if (close < 0) return { ok: false, error: `missing "]" after the "[" at character ${i + 1}` };
      if (!/^\d+$/.test(body)) {
        return { ok: false, error: `"[${body}]" at character ${i + 1} is not a number in brackets` };
      }
      values.push(Number(body));
      i = close + 1;
    } else {
      return { ok: false, error: `unexpected ${quote(text[i])} at character ${i + 1} (expected a digit or "[")` };
    }
  }
  if (values.length < expected) {
    return {
      ok: false,
      error: `too short: ${values.length} values, but a double-${m} grid (${rows}x${cols}) has ${expected}`,
    };
  }
  const grid: number[][] = [];
  for (let r = 0; r < rows; r++) grid.push(values.slice(r * cols, (r + 1) * cols));
  // The grid is rectangular by construction, so only range and counts can fail here.
  const res = boardFromGrid(grid, 0);
  if (!res.ok) return { ok: false, error: formatBoardError(res.error).replace(/^board 1(: |, )/, '') };
  return { ok: true, board: res.board };
}

function quote(s: string): string {
  return JSON.stringify(s.length > 24 ? `${s.slice(0, 21)}...` : s);
}
