// Variants of a base puzzle: the same puzzle mirrored and/or with its numbers relabelled. The
// catalog stores them as a transform beside the base and keeps the base's reference node count,
// since that count is taken on the canonical board, which they share.
import type { Board } from '../board.js';
import type { GeneratedPuzzle } from './generator.js';
import { derive } from '../../rng.js';
import { solutionText, solutionTextUnder } from '../stored.js';
import { applyTransform, encodeTransform, type Geometry, type Transform } from '../transform.js';

export interface Variant {
  board: Board;
  /** Its solution column (src/dominosa/stored.ts): the base's, moved by the transform's geometry. */
  solutionText: string;
  /** encodeTransform of the transform taking the base to this variant. */
  transform: string;
  nodes: number;
}

// The geometries that keep a board wide (the catalog's orientation).
const WIDE: readonly Geometry[] = ['id', 'mirror-h', 'mirror-v', 'rot180'];
const MIRRORS: readonly Geometry[] = ['mirror-h', 'mirror-v', 'rot180'];
// Random relabellings tried per wanted variant before giving up: a small board's orbit can
// hold fewer than k other boards (at most 4·(M+1)! − 1, e.g. 23 for M = 2).
const TRIES_PER_VARIANT = 16;
const EXTRA_TRIES = 64;

function sameCells(a: Board, b: Board): boolean {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/**
 * Up to k variants of `base`, distinct from it and from each other cell for cell: first the
 * mirrors (mirror-h, mirror-v, rot180), then random relabellings, each with a random wide
 * geometry, drawn from derive(seed, M, slot, 1). Fewer than k come back only when the board's
 * orbit has run out (small M). A variant is unique because its base is: a transform maps cells
 * to cells keeping which are neighbours, and numbers to numbers one to one, so it maps the
 * tilings of the one board onto those of the other (audit holds every variant to being exactly
 * that image). Its solution column is its base's, each letter moved and turned by the geometry.
 */
export function makeVariants(base: GeneratedPuzzle, seed: number, slot: number, k: number): Variant[] {
  const { board, m } = base;
  const out: Variant[] = [];
  const seen: Board[] = [board];
  const baseText = solutionText(base.solution, board.rows, board.cols);
  const consider = (t: Transform): void => {
    const cand = applyTransform(board, t);
    for (const b of seen) if (sameCells(b, cand)) return;
    seen.push(cand);
    // The count is taken on the canonical board, which a variant shares with its base cell for
    // cell, so measuring it again would only repeat the base's search (audit re-measures it).
    out.push({
      board: cand,
      solutionText: solutionTextUnder(baseText, board.rows, board.cols, t.geometry),
      transform: encodeTransform(t),
      nodes: base.nodes,
    });
  };
  for (const g of MIRRORS) {
    if (out.length >= k) return out;
    consider({ geometry: g });
  }
  if (out.length >= k) return out;
  const rng = derive(seed, m, slot, 1);
  const perm = new Array<number>(m + 1);
  for (let tries = TRIES_PER_VARIANT * k + EXTRA_TRIES; tries > 0 && out.length < k; tries--) {
    for (let v = 0; v <= m; v++) perm[v] = v;
    rng.shuffle(perm);
    consider({ geometry: WIDE[rng.int(0, WIDE.length - 1)], relabel: perm.slice() });
  }
  return out;
}
