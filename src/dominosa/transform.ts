// Board symmetries: the 8 mirrors/rotations of the rectangle, relabelling of values, and the
// canonical form under both. The catalog de-duplicates puzzles by canonical hash and makes
// variants by storing a transform (as compact text) next to the base puzzle.
import { sha256Hex } from '../catalog/sha256.js';
import type { Board } from './board.js';
import type { Domino, Solution } from './solve/solution.js';

/**
 * The dihedral group of the rectangle. `mirror-h` flips left↔right (columns reversed),
 * `mirror-v` flips top↔bottom (rows reversed), `rot90` turns clockwise. The last four swap
 * rows and columns, so on a Dominosa board (never square) they change the orientation.
 */
export type Geometry = 'id' | 'mirror-h' | 'mirror-v' | 'rot180' | 'transpose' | 'anti-transpose' | 'rot90' | 'rot270';

export const GEOMETRIES: readonly Geometry[] = [
  'id',
  'mirror-h',
  'mirror-v',
  'rot180',
  'transpose',
  'anti-transpose',
  'rot90',
  'rot270',
];

/** A geometry followed by a relabelling: the value v becomes relabel[v]. */
export interface Transform {
  readonly geometry: Geometry;
  /** A permutation of 0..M; absent means identity. */
  readonly relabel?: readonly number[];
}

/** True for the geometries that swap rows and columns. */
export function swapsAxes(geometry: Geometry): boolean {
  return geometry === 'transpose' || geometry === 'anti-transpose' || geometry === 'rot90' || geometry === 'rot270';
}

/** Where cell (r, c) of a rows×cols grid lands under the geometry. */
export function transformCell(r: number, c: number, rows: number, cols: number, geometry: Geometry): [number, number] {
  switch (geometry) {
    case 'id':
      return [r, c];
    case 'mirror-h':
      return [r, cols - 1 - c];
    case 'mirror-v':
      return [rows - 1 - r, c];
    case 'rot180':
      return [rows - 1 - r, cols - 1 - c];
    case 'transpose':
      return [c, r];
    case 'anti-transpose':
      return [cols - 1 - c, rows - 1 - r];
    case 'rot90':
      return [c, rows - 1 - r];
    case 'rot270':
      return [cols - 1 - c, r];
  }
}

/** Why `relabel` is not a permutation of 0..length-1 (and of the expected length), or null. */
function permutationError(relabel: readonly number[], expectedLength?: number): string | null {
  if (expectedLength !== undefined && relabel.length !== expectedLength) {
    return `relabel has ${relabel.length} entries, expected ${expectedLength} (values 0..${expectedLength - 1})`;
  }
  if (relabel.length === 0) return 'relabel is empty';
  const seen = new Uint8Array(relabel.length);
  for (const v of relabel) {
    if (!Number.isInteger(v) || v < 0 || v >= relabel.length) {
      return `relabel entry ${v} is not an integer in 0..${relabel.length - 1}`;
    }
    if (seen[v]) return `relabel uses ${v} twice, so it is not a permutation`;
    seen[v] = 1;
  }
  return null;
}

function isIdentity(relabel: readonly number[]): boolean {
  return relabel.every((v, i) => v === i);
}

/** The transform that undoes `t`. */
export function inverseTransform(t: Transform): Transform {
  const geometry: Geometry = t.geometry === 'rot90' ? 'rot270' : t.geometry === 'rot270' ? 'rot90' : t.geometry;
  if (!t.relabel) return { geometry };
  const inv = new Array<number>(t.relabel.length);
  t.relabel.forEach((to, from) => (inv[to] = from));
  return { geometry, relabel: inv };
}

/**
 * A new board (meta dropped). Geometry and relabelling commute, so their order does not matter.
 * Throws on a relabel that is not a permutation of 0..M: that is a programmer error here;
 * text from outside goes through parseTransform first.
 */
export function applyTransform(board: Board, t: Transform): Board {
  const { rows, cols, m, cells } = board;
  const relabel = checkedRelabel(t, m);
  const { start, dr, dc, outRows, outCols } = placement(rows, cols, t.geometry);
  const out = new Uint16Array(cells.length);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0, to = start + r * dr; c < cols; c++, i++, to += dc) {
      const v = cells[i];
      out[to] = relabel ? relabel[v] : v;
    }
  }
  return { rows: outRows, cols: outCols, m, cells: out };
}

/**
 * Whether `image` is exactly applyTransform(board, t), cell for cell, found without making it
 * (audit compares every variant with its base). Throws as applyTransform does on a bad relabel.
 */
export function isImage(board: Board, t: Transform, image: Board): boolean {
  const { rows, cols, m, cells } = board;
  const relabel = checkedRelabel(t, m);
  const { start, dr, dc, outRows, outCols } = placement(rows, cols, t.geometry);
  if (image.m !== m || image.rows !== outRows || image.cols !== outCols) return false;
  const to = image.cells;
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0, at = start + r * dr; c < cols; c++, i++, at += dc) {
      const v = cells[i];
      if (to[at] !== (relabel ? relabel[v] : v)) return false;
    }
  }
  return true;
}

/** The transform's relabelling, if any, checked to be a permutation of 0..m (a RangeError if not). */
function checkedRelabel(t: Transform, m: number): readonly number[] | undefined {
  if (t.relabel) {
    const error = permutationError(t.relabel, m + 1);
    if (error) throw new RangeError(error);
  }
  return t.relabel;
}

/**
 * Where a geometry moves the cells of a rows×cols board: cell (r, c) lands at index start +
 * r·dr + c·dc of the outRows×outCols result. Every geometry moves cells affinely, so this is read
 * off transformCell at three cells rather than built as a pair per cell.
 */
export function placement(
  rows: number,
  cols: number,
  geometry: Geometry,
): { start: number; dr: number; dc: number; outRows: number; outCols: number } {
  const swap = swapsAxes(geometry);
  const outCols = swap ? rows : cols;
  const at = (r: number, c: number): number => {
    const [nr, nc] = transformCell(r, c, rows, cols, geometry);
    return nr * outCols + nc;
  };
  const start = at(0, 0);
  return { start, dr: at(1, 0) - start, dc: at(0, 1) - start, outRows: swap ? cols : rows, outCols };
}

/**
 * The solution of the transformed board, given the solution of the original rows×cols board.
 * Relabelling moves no cells, so only the geometry matters. Normalised as DESIGN.md asks.
 */
export function transformSolution(solution: Solution, rows: number, cols: number, t: Transform): Solution {
  const outCols = swapsAxes(t.geometry) ? rows : cols;
  // The geometry is affine: read its row and column off transformCell at three cells, then move
  // each domino's cells without building pairs (audit moves one solution per variant).
  const [r0, c0] = transformCell(0, 0, rows, cols, t.geometry);
  const [rr, cr] = transformCell(1, 0, rows, cols, t.geometry);
  const [rc, cc] = transformCell(0, 1, rows, cols, t.geometry);
  const toRow = (r: number, c: number): number => r0 + r * (rr - r0) + c * (rc - r0);
  const toCol = (r: number, c: number): number => c0 + r * (cr - c0) + c * (cc - c0);
  const out: Solution = solution.map((d): Domino => {
    const a = toRow(d[0], d[1]);
    const b = toCol(d[0], d[1]);
    const x = toRow(d[2], d[3]);
    const y = toCol(d[2], d[3]);
    return a * outCols + b <= x * outCols + y ? [a, b, x, y] : [x, y, a, b];
  });
  out.sort((p, q) => p[0] * outCols + p[1] - (q[0] * outCols + q[1]));
  return out;
}

/**
 * Compact text for the catalog: the geometry name, then `relabel:` and the permutation, joined
 * by `+`. An identity part is left out (so equal transforms encode equally); nothing left → "id".
 */
export function encodeTransform(t: Transform): string {
  const parts: string[] = [];
  if (t.geometry !== 'id') parts.push(t.geometry);
  if (t.relabel && !isIdentity(t.relabel)) parts.push(`relabel:${t.relabel.join(',')}`);
  return parts.length ? parts.join('+') : 'id';
}

/** Read encodeTransform's text. M is not known here, so the relabel length is not checked. */
export function parseTransform(text: string): { ok: true; transform: Transform } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty transform (use "id" for none)' };
  let geometry: Geometry | undefined;
  let relabel: number[] | undefined;
  for (const part of trimmed.split('+')) {
    if (part.startsWith('relabel:')) {
      if (relabel) return { ok: false, error: `transform "${text}" has more than one relabel` };
      const body = part.slice('relabel:'.length);
      const entries = body.split(',');
      if (body === '' || entries.some((e) => !/^\d+$/.test(e))) {
        return { ok: false, error: `relabel "${body}" is not a comma-separated list of non-negative integers` };
      }
      relabel = entries.map(Number);
      const error = permutationError(relabel);
      if (error) return { ok: false, error };
    } else if ((GEOMETRIES as readonly string[]).includes(part)) {
      if (geometry) return { ok: false, error: `transform "${text}" has more than one geometry` };
      geometry = part as Geometry;
    } else {
      return {
        ok: false,
        error: `unknown transform part "${part}" (expected one of ${GEOMETRIES.join(', ')} or relabel:…)`,
      };
    }
  }
  return { ok: true, transform: relabel ? { geometry: geometry ?? 'id', relabel } : { geometry: geometry ?? 'id' } };
}

/**
 * The board in the catalog's orientation, M+1 rows by M+2 columns: a tall board is transposed.
 * Unlike applyTransform this keeps meta, since it is the same puzzle turned on its side; an
 * already wide board is returned as is.
 */
export function toWide(board: Board): { board: Board; transposed: boolean } {
  if (board.rows <= board.cols) return { board, transposed: false };
  const turned = applyTransform(board, { geometry: 'transpose' });
  return { board: board.meta ? { ...turned, meta: board.meta } : turned, transposed: true };
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A text identical for any two boards related by a geometry and a relabelling, and different
 * otherwise: "M:RxC:" then the labelled cells of the wide orientation (one base-36 digit each
 * while M ≤ 35, else dot-separated decimals). Assumes a valid board (values 0..M).
 *
 * Why it needs no permutation search: for one fixed reading order, numbering values by first
 * appearance depends only on which cells hold equal values, never on the names of the values,
 * so every relabelling of the board gives the same string. That string is also the least of all
 * relabellings (greedily, each new value gets the smallest label still free). The wide boards
 * related to a board are exactly its wide form under id / mirror-h / mirror-v / rot180 (a Dominosa
 * board is never square, so the four axis-swapping geometries only reach tall boards), each under
 * any relabelling; the least of the four first-appearance strings is thus the least member of the
 * whole orbit among wide boards, which both sides of any related pair share.
 */
export function canonicalForm(board: Board): string {
  return formOfCanonical(canonicalCells(board));
}

/**
 * canonicalForm of a board already canonical (canonicalBoard's): only spelled, not searched
 * again, for a caller that needed the canonical board anyway (a slot measures it, then hashes it).
 */
export function formOfCanonical(canonical: Board): string {
  const { rows, cols, m, cells } = canonical;
  const n = rows * cols;
  let body = '';
  if (m <= 35) {
    for (let k = 0; k < n; k++) body += DIGITS[cells[k]];
  } else {
    body = cells.join('.');
  }
  return `${m}:${rows}x${cols}:${body}`;
}

/**
 * The canonical representative itself, as a wide board (meta dropped): the member of the
 * board's orbit whose canonicalForm body it spells. Any two related boards give equal boards
 * cell for cell, so a measure computed on it (e.g. reference node counts) is invariant.
 */
export function canonicalBoard(board: Board): Board {
  const { rows, cols, m, cells } = canonicalCells(board);
  return { rows, cols, m, cells };
}

/** The least first-appearance labelling over the four wide geometries (see canonicalForm). */
function canonicalCells(board: Board): Board {
  const { cells, m } = board;
  // Read a tall board through its transpose instead of building it: W(i, j) = B(j, i).
  const tall = board.rows > board.cols;
  const wr = tall ? board.cols : board.rows;
  const wc = tall ? board.rows : board.cols;
  const rowStride = tall ? 1 : board.cols;
  const colStride = tall ? board.cols : 1;
  const n = wr * wc;
  let best = new Uint16Array(n);
  let cand = new Uint16Array(n);
  const labels = new Int32Array(m + 1);
  for (let g = 0; g < 4; g++) {
    // g: 0 id, 1 mirror-h (columns reversed), 2 mirror-v (rows reversed), 3 rot180.
    const flipCols = (g & 1) !== 0;
    const flipRows = (g & 2) !== 0;
    const rs = flipRows ? -rowStride : rowStride;
    const cs = flipCols ? -colStride : colStride;
    const start = (flipRows ? (wr - 1) * rowStride : 0) + (flipCols ? (wc - 1) * colStride : 0);
    labels.fill(-1);
    let next = 0;
    // 0 while equal to best so far, -1 once smaller (or when there is no best yet).
    let order = g === 0 ? -1 : 0;
    let k = 0;
    let larger = false;
    rows: for (let i = 0; i < wr; i++) {
      let idx = start + i * rs;
      for (let j = 0; j < wc; j++, idx += cs) {
        const v = cells[idx];
        if (v > m) throw new RangeError(`cell value ${v} exceeds M=${m}`);
        let l = labels[v];
        if (l < 0) l = labels[v] = next++;
        if (order === 0) {
          const b = best[k];
          if (l > b) {
            larger = true;
            break rows;
          }
          if (l < b) order = -1;
        }
        cand[k++] = l;
      }
    }
    if (!larger && order === -1) [best, cand] = [cand, best];
  }
  return { rows: wr, cols: wc, m, cells: best };
}

/** SHA-256 (hex) of canonicalForm: the catalog's de-duplication key. */
export function canonicalHash(board: Board): string {
  return formHash(canonicalForm(board));
}

/** canonicalHash of a board whose canonicalForm is `form`. */
export function formHash(form: string): string {
  return sha256Hex(form);
}
