// Sudomino's symmetries: a geometry that keeps the board's R×C shape, then a relabelling of the
// values 1..N. The catalog stores a variant as its base plus this transform's text, so the text
// is compact, one line, and reads back exactly; applying one renumbers dominoes in reading order.
import { type Board, withLines } from './board.js';

/**
 * The symmetries of a rectangle, named as Dominosa names them: `mirror-h` reverses the columns,
 * `mirror-v` the rows, `rot90` turns clockwise. The last four swap rows and columns, so they
 * keep an R×C board's shape only when R = C.
 */
export type Geometry = 'id' | 'mirror-h' | 'mirror-v' | 'rot180' | 'transpose' | 'anti-transpose' | 'rot90' | 'rot270';

/**
 * Each geometry as an optional transpose followed by flips of the result's rows and columns:
 * three bits that compose by exclusive or (see composeTransforms).
 */
interface Action {
  swap: boolean;
  flipRows: boolean;
  flipCols: boolean;
}

const ACTIONS: Readonly<Record<Geometry, Action>> = {
  id: { swap: false, flipRows: false, flipCols: false },
  'mirror-h': { swap: false, flipRows: false, flipCols: true },
  'mirror-v': { swap: false, flipRows: true, flipCols: false },
  rot180: { swap: false, flipRows: true, flipCols: true },
  transpose: { swap: true, flipRows: false, flipCols: false },
  'anti-transpose': { swap: true, flipRows: true, flipCols: true },
  rot90: { swap: true, flipRows: false, flipCols: true },
  rot270: { swap: true, flipRows: true, flipCols: false },
};

/** Every geometry, the shape-keeping four of any board first. */
export const GEOMETRIES = Object.keys(ACTIONS) as readonly Geometry[];

/** The geometries that keep an R×C board R×C: all eight on a square, else the first four. */
export function shapeKeepingGeometries(rows: number, cols: number): readonly Geometry[] {
  return rows === cols ? GEOMETRIES : GEOMETRIES.filter((g) => !ACTIONS[g].swap);
}

/** A geometry, then a relabelling: value v becomes relabel[v - 1] (absent: every value kept). */
export interface Transform {
  readonly geometry: Geometry;
  /** A permutation of 1..N, indexed by the old value minus one. */
  readonly relabel?: readonly number[];
}

function geometryOf(a: Action): Geometry {
  for (const g of GEOMETRIES) {
    const b = ACTIONS[g];
    if (b.swap === a.swap && b.flipRows === a.flipRows && b.flipCols === a.flipCols) return g;
  }
  throw new Error('unreachable: the eight actions are all named');
}

/** Where cell index i of a rows×cols board lands (the board keeps its shape, so cols is the output's too). */
export function transformedCell(i: number, rows: number, cols: number, geometry: Geometry): number {
  const a = ACTIONS[geometry];
  let r = (i / cols) | 0;
  let c = i % cols;
  let outRows = rows;
  let outCols = cols;
  if (a.swap) {
    [r, c] = [c, r];
    [outRows, outCols] = [cols, rows];
  }
  if (a.flipRows) r = outRows - 1 - r;
  if (a.flipCols) c = outCols - 1 - c;
  return r * outCols + c;
}

/** Why `relabel` is not a permutation of 1..n (n: its length, or `values` when given), or null. */
function relabelProblem(relabel: readonly number[], values?: number): string | null {
  const n = values ?? relabel.length;
  if (relabel.length !== n) return `relabel has ${relabel.length} entries, the board ${n} values`;
  if (n === 0) return 'relabel is empty';
  const seen = new Uint8Array(n + 1);
  for (const v of relabel) {
    if (!Number.isInteger(v) || v < 1 || v > n) return `relabel entry ${v} is not a value 1..${n}`;
    if (seen[v] === 1) return `relabel uses ${v} twice, so it is no permutation`;
    seen[v] = 1;
  }
  return null;
}

/** Why the transform cannot apply to a rows×cols board of N values (a turn of a non-square board, a wrong relabel), or null. */
export function transformProblem(t: Transform, rows: number, cols: number, values: number): string | null {
  if (ACTIONS[t.geometry].swap && rows !== cols)
    return `${t.geometry} would turn a ${rows}x${cols} board into ${cols}x${rows}`;
  return t.relabel === undefined ? null : relabelProblem(t.relabel, values);
}

function mustApply(t: Transform, rows: number, cols: number, values: number): void {
  const why = transformProblem(t, rows, cols, values);
  // A caller's bug: text from outside goes through parseTransform and the check above.
  if (why !== null) throw new RangeError(why);
}

/**
 * The board under the transform (meta dropped): blocked cells and dominoes moved, givens
 * relabelled, dominoes renumbered in reading order of their first cell as withLines expects.
 */
export function applyTransform(board: Board, t: Transform): Board {
  const { rows, cols, values, domino, given } = board;
  mustApply(t, rows, cols, values);
  const n = rows * cols;
  // moved[j]: the old domino now on cell j.
  const moved = new Int32Array(n);
  for (let i = 0; i < n; i++) moved[transformedCell(i, rows, cols, t.geometry)] = domino[i];
  const renamed = new Int32Array(given.length).fill(-1);
  const outDomino = new Int32Array(n).fill(-1);
  const outCells = new Int32Array(2 * given.length);
  const outGiven = new Uint8Array(given.length);
  let next = 0;
  for (let j = 0; j < n; j++) {
    const old = moved[j];
    if (old < 0) continue;
    let d = renamed[old];
    if (d < 0) {
      d = renamed[old] = next++;
      outCells[2 * d] = j;
      const g = given[old];
      outGiven[d] = g === 0 || t.relabel === undefined ? g : t.relabel[g - 1];
    } else outCells[2 * d + 1] = j;
    outDomino[j] = d;
  }
  return withLines(rows, cols, values, outDomino, outCells, outGiven);
}

/** Per-cell values (0 where blocked) of a rows×cols board of N values, moved and relabelled by the transform. */
export function transformValues(
  cellValues: ArrayLike<number>,
  rows: number,
  cols: number,
  values: number,
  t: Transform,
): Uint8Array {
  mustApply(t, rows, cols, values);
  const out = new Uint8Array(rows * cols);
  for (let i = 0; i < out.length; i++) {
    const v = cellValues[i];
    out[transformedCell(i, rows, cols, t.geometry)] = v === 0 || t.relabel === undefined ? v : t.relabel[v - 1];
  }
  return out;
}

/** The transform that undoes `t`. */
export function inverseTransform(t: Transform): Transform {
  const geometry = t.geometry === 'rot90' ? 'rot270' : t.geometry === 'rot270' ? 'rot90' : t.geometry;
  if (t.relabel === undefined) return { geometry };
  const inv = new Array<number>(t.relabel.length);
  t.relabel.forEach((to, from) => (inv[to - 1] = from + 1));
  return { geometry, relabel: inv };
}

/**
 * `first`, then `second`, as one transform. A transpose turns a later row flip into a column
 * flip and back, so the first's flips are swapped when the second transposes.
 */
export function composeTransforms(first: Transform, second: Transform): Transform {
  const a = ACTIONS[first.geometry];
  const b = ACTIONS[second.geometry];
  const geometry = geometryOf({
    swap: a.swap !== b.swap,
    flipRows: (b.swap ? a.flipCols : a.flipRows) !== b.flipRows,
    flipCols: (b.swap ? a.flipRows : a.flipCols) !== b.flipCols,
  });
  const p = first.relabel;
  const q = second.relabel;
  if (p === undefined && q === undefined) return { geometry };
  const n = (p ?? q)!.length;
  const relabel = Array.from({ length: n }, (_, i) => {
    const mid = p === undefined ? i + 1 : p[i];
    return q === undefined ? mid : q[mid - 1];
  });
  return { geometry, relabel };
}

/**
 * The catalog's text: the geometry's name, then `relabel:` and the new value of 1, 2, … N,
 * joined by `+`, e.g. "rot90+relabel:2,1,3,4". Identity parts are left out, so equal transforms
 * write equally; nothing left is "id".
 */
export function encodeTransform(t: Transform): string {
  const parts: string[] = [];
  if (t.geometry !== 'id') parts.push(t.geometry);
  if (t.relabel !== undefined && t.relabel.some((v, i) => v !== i + 1)) parts.push(`relabel:${t.relabel.join(',')}`);
  return parts.length === 0 ? 'id' : parts.join('+');
}

/** encodeTransform's text read back, or the one line that refuses it (N, when known, checks the relabel's length). */
export function parseTransform(
  text: string,
  values?: number,
): { ok: true; transform: Transform } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty transform (write "id" for none)' };
  let geometry: Geometry | undefined;
  let relabel: number[] | undefined;
  for (const part of trimmed.split('+')) {
    if (part.startsWith('relabel:')) {
      if (relabel !== undefined) return { ok: false, error: `transform "${trimmed}" has two relabellings` };
      const body = part.slice('relabel:'.length);
      if (!/^\d+(,\d+)*$/.test(body))
        return { ok: false, error: `relabel "${body}" is not a comma-separated list of values` };
      relabel = body.split(',').map(Number);
      const why = relabelProblem(relabel, values);
      if (why !== null) return { ok: false, error: why };
    } else if (Object.hasOwn(ACTIONS, part)) {
      if (geometry !== undefined) return { ok: false, error: `transform "${trimmed}" has two geometries` };
      geometry = part as Geometry;
    } else {
      return {
        ok: false,
        error: `"${part}" is no transform part (one of ${GEOMETRIES.join(', ')}, or relabel:…)`,
      };
    }
  }
  return {
    ok: true,
    transform: relabel === undefined ? { geometry: geometry ?? 'id' } : { geometry: geometry ?? 'id', relabel },
  };
}
