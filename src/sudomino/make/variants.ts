// Variants of a Sudomino base puzzle: the same puzzle mirrored, turned (square boards) and with
// its values relabelled. The catalog stores each beside its base with the transform's text; each
// shares the base's reference nodes (taken on the class's board).
import { derive } from '../../rng.js';
import type { Board } from '../board.js';
import { checkAnswer } from '../solve/check.js';
import {
  applyTransform,
  encodeTransform,
  shapeKeepingGeometries,
  transformValues,
  type Transform,
} from '../transform.js';

export interface Variant {
  board: Board;
  /** The variant's solution, one value per cell (0 where blocked): the base's, transformed. */
  solution: Uint8Array;
  /** encodeTransform of the transform taking the base to this variant. */
  transform: string;
  /** The base's reference nodes, which the variant shares. */
  nodes: number;
}

/** Sudomino variants' key in derive(), apart from the untiered (2) and tiered (3) slots' streams. */
const VARIANTS_KEY = 4;

// Random relabellings tried per wanted variant: a small board's class can hold fewer than k others.
const TRIES_PER_VARIANT = 16;
const EXTRA_TRIES = 64;

function sameBoard(a: Board, b: Board): boolean {
  for (let i = 0; i < a.domino.length; i++) if (a.domino[i] !== b.domino[i]) return false;
  for (let d = 0; d < a.given.length; d++) if (a.given[d] !== b.given[d]) return false;
  return true;
}

/**
 * Up to k variants of a unique base (its solution per cell), distinct from it and from each other
 * cell for cell: first the shape-keeping geometries, then random relabellings each with a random
 * shape-keeping geometry, drawn from derive(seed, VARIANTS_KEY, R, C, N, slot). A variant is
 * unique because its base is: a transform maps cells to cells keeping rows, columns and dominoes,
 * and values to values one to one, so it maps the answers of the one board onto those of the
 * other (audit holds every variant to being exactly that image). Its transformed solution is
 * still checked, and throws if it fails: a bug.
 */
export function makeVariants(
  base: Board,
  solution: ArrayLike<number>,
  referenceNodes: number,
  seed: number,
  slot: number,
  k: number,
): Variant[] {
  const { rows, cols, values } = base;
  const out: Variant[] = [];
  const seen: Board[] = [base];
  const consider = (t: Transform): void => {
    const board = applyTransform(base, t);
    for (const b of seen) if (sameBoard(b, board)) return;
    seen.push(board);
    const text = encodeTransform(t);
    const moved = transformValues(solution, rows, cols, values, t);
    const why = checkAnswer(board, moved);
    if (why !== null) throw new Error(`Sudomino variant ${text}: the transformed solution fails: ${why}`);
    out.push({ board, solution: moved, transform: text, nodes: referenceNodes });
  };
  const geometries = shapeKeepingGeometries(rows, cols);
  for (const geometry of geometries) {
    if (out.length >= k) return out;
    if (geometry !== 'id') consider({ geometry });
  }
  const rng = derive(seed, VARIANTS_KEY, rows, cols, values, slot);
  const perm = Array.from({ length: values }, (_, i) => i + 1);
  for (let tries = TRIES_PER_VARIANT * k + EXTRA_TRIES; tries > 0 && out.length < k; tries--) {
    rng.shuffle(perm);
    consider({ geometry: geometries[rng.int(0, geometries.length - 1)], relabel: perm.slice() });
  }
  return out;
}
