// Boards for the Sudomino grader's tests: the source document's board, unique boards as the
// generator makes them, and every solution of a small board by plain search (no shared code
// with the grader or the solver), to judge what a step may remove.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBoards } from '../../../src/sudomino/parse.js';
import type { Board } from '../../../src/sudomino/board.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'sudomino', 'document.txt');

export function documentBoard(): Board {
  const [r] = parseBoards(readFileSync(FIXTURE, 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.board;
}

/** Every solution (one value per domino), up to cap, by trying values domino by domino. */
export function allSolutions(board: Board, cap = 2000): Uint8Array[] {
  const D = board.given.length;
  const { rows, cols, cells, values } = board;
  const value = new Uint8Array(D);
  const out: Uint8Array[] = [];
  // The lines of a domino's cells: each cell's row and column.
  const linesOf = (d: number): number[] => {
    const ls = new Set<number>();
    for (const c of [cells[2 * d], cells[2 * d + 1]]) {
      ls.add(Math.floor(c / cols));
      ls.add(rows + (c % cols));
    }
    return [...ls];
  };
  const lineSets = Array.from({ length: D }, (_, d) => linesOf(d));
  const members: number[][] = Array.from({ length: rows + cols }, () => []);
  for (let d = 0; d < D; d++) for (const l of lineSets[d]) members[l].push(d);
  const ok = (d: number, v: number): boolean =>
    lineSets[d].every((l) => members[l].every((o) => o >= d || value[o] !== v));
  const go = (d: number): void => {
    if (out.length >= cap) return;
    if (d === D) {
      out.push(value.slice());
      return;
    }
    for (let v = 1; v <= values; v++) {
      if (board.given[d] !== 0 && board.given[d] !== v) continue;
      if (!ok(d, v)) continue;
      value[d] = v;
      go(d + 1);
      value[d] = 0;
    }
  };
  go(0);
  return out;
}
