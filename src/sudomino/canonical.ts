// A Sudomino puzzle's class up to mirrors, rotations (square boards) and relabellings of 1..N: one
// representative board and a hash, the same for every member of the class and different for
// any two puzzles that are not transforms of each other. The catalog dedupes bases by the hash.
import { sha256Hex } from '../catalog/sha256.js';
import type { Board } from './board.js';
import { applyTransform, shapeKeepingGeometries, transformedCell, type Transform } from './transform.js';

export interface Canonical {
  /** The class's representative: the board under `transform`. */
  board: Board;
  /** The transform taking the given board to the representative. */
  transform: Transform;
  /** "RxC:N:" and the representative's cells (see serialise): what the hash is taken of. */
  form: string;
}

const LABELS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The board seen through one geometry, its givens relabelled by first appearance in reading
 * order: per cell `!` (blocked) or the side its domino partner lies on (r, d, l, u) and the
 * given's label (0: none). It names no value, so every relabelling of a board reads the same;
 * and first appearance gives each new value the least label still free, the least reading of
 * the relabelling orbit. Returns the text and the relabelling it used (old value − 1 → label).
 */
function serialise(board: Board, geometry: Transform['geometry']): { text: string; relabel: number[] } {
  const { rows, cols, values, domino, cells, given } = board;
  const n = rows * cols;
  // at[j]: the cell of the given board that the geometry moves onto cell j.
  const at = new Int32Array(n);
  for (let i = 0; i < n; i++) at[transformedCell(i, rows, cols, geometry)] = i;
  const label = new Array<number>(values).fill(0);
  let next = 1;
  let text = '';
  for (let j = 0; j < n; j++) {
    const i = at[j];
    const d = domino[i];
    if (d < 0) {
      text += '!';
      continue;
    }
    const other = cells[2 * d] === i ? cells[2 * d + 1] : cells[2 * d];
    const o = transformedCell(other, rows, cols, geometry);
    text += o === j + 1 ? 'r' : o === j - 1 ? 'l' : o > j ? 'd' : 'u';
    const g = given[d];
    if (g === 0) text += '0';
    else {
      if (label[g - 1] === 0) label[g - 1] = next++;
      text += LABELS[label[g - 1]];
    }
  }
  // Values no given shows take the labels left, in order, to make the relabelling a permutation.
  for (let v = 0; v < values; v++) if (label[v] === 0) label[v] = next++;
  return { text, relabel: label };
}

/** The representative of the board's class: the least serialisation over every shape-keeping geometry. */
export function canonicalOf(board: Board): Canonical {
  let best: { text: string; transform: Transform } | null = null;
  for (const geometry of shapeKeepingGeometries(board.rows, board.cols)) {
    const { text, relabel } = serialise(board, geometry);
    if (best === null || text < best.text) best = { text, transform: { geometry, relabel } };
  }
  const { text, transform } = best!;
  return {
    board: applyTransform(board, transform),
    transform,
    form: `${board.rows}x${board.cols}:${board.values}:${text}`,
  };
}

/** The class's representative board (meta dropped): equal cell for cell for every member of the class. */
export function canonicalBoard(board: Board): Board {
  return canonicalOf(board).board;
}

/** SHA-256 (hex) of the representative's serialisation: the catalog's key for the class. */
export function canonicalHash(board: Board): string {
  return sha256Hex(canonicalOf(board).form);
}
