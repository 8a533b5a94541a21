// Game IDs for Dominosa in Simon Tatham's Portable Puzzle Collection: `M:` then the grid of his
// M+1 rows by M+2 columns in row-major order, one digit per value, values ≥ 10 as `[12]`.
// Pasting such an ID into his game ("Game > Specific...") opens the same puzzle there.
import type { Board } from '../board.js';
import { toWide } from '../transform.js';

// The reader lives apart (tatham-read.ts), so the web page takes it without the transforms.
export { parseTathamId, type TathamResult } from './tatham-read.js';

/** The game ID of a board. A tall board is written transposed, since his grid is always wide. */
export function toTathamId(board: Board): string {
  const { m, cells } = toWide(board).board;
  const parts = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    parts[i] = v < 10 ? String(v) : `[${v}]`;
  }
  return `${m}:${parts.join('')}`;
}
