// An independent second solver: Dominosa as exact cover, counted with Algorithm X over
// dancing links. It shares nothing with model.ts / solver.ts on purpose, so that the two
// can cross-check each other's solution counts.
import type { Board } from '../board.js';
import { pairCount, pairIndex } from '../pairs.js';
import { solutionFromCellPairs, type Solution } from './solution.js';

export interface ExactCoverResult {
  status: 'unique' | 'multiple' | 'none' | 'gave-up';
  /** Solutions found (never more than the cap). */
  solutions: number;
  /** Search steps that picked a column (or found the matrix empty). */
  nodes: number;
  /** The first solution found, normalised. */
  solution: Solution | null;
}

export interface ExactCoverOptions {
  /** Stop after this many solutions (default 2; values below 1 act as 1). */
  cap?: number;
  /** Give up once this many search nodes have been visited (default Infinity). */
  maxNodes?: number;
}

interface Links {
  left: Int32Array;
  right: Int32Array;
  up: Int32Array;
  down: Int32Array;
  colOf: Int32Array;
  rowOf: Int32Array;
  size: Int32Array;
  choice: Int32Array;
}

// One set of links for every count, grown when a board needs more: audit counts every base, and a
// fresh set a count would be seven buffers outside the heap, which the collector frees at a cost
// by the hundred thousand. A count writes every entry it reads before reading it (size is zeroed).
let shared: { buffer: Int32Array; nodes: number; depth: number } = { buffer: new Int32Array(0), nodes: 0, depth: 0 };

/** Views of the shared links for `nodes` nodes and a search `depth` levels deep. */
function linksFor(nodes: number, depth: number): Links {
  if (shared.nodes < nodes || shared.depth < depth) {
    const n = Math.max(nodes, shared.nodes);
    const d = Math.max(depth, shared.depth);
    shared = { buffer: new Int32Array(7 * n + d), nodes: n, depth: d };
  }
  const { buffer, nodes: n } = shared;
  const view = (k: number): Int32Array => buffer.subarray(k * n, k * n + nodes);
  return {
    left: view(0),
    right: view(1),
    up: view(2),
    down: view(3),
    colOf: view(4),
    rowOf: view(5),
    size: view(6),
    choice: buffer.subarray(7 * n, 7 * n + depth),
  };
}

/**
 * Count the solutions of a board, up to `cap`.
 * Status: 'none' (search complete, 0 found), 'unique' (search complete, 1 found),
 * 'multiple' (≥2 found), 'gave-up' (stopped before the answer was known: the node budget ran
 * out with fewer than 2 found, or cap = 1 stopped the search at its first solution).
 */
export function countExactCover(board: Board, options: ExactCoverOptions = {}): ExactCoverResult {
  const cap = Math.max(1, Math.floor(options.cap ?? 2));
  const maxNodes = options.maxNodes ?? Infinity;
  const { rows, cols, m, cells } = board;
  const cellCount = rows * cols;
  const pairs = pairCount(m);
  const columns = cellCount + pairs;

  // Placements: every unordered pair of orthogonally adjacent cells whose values spell a pair
  // of the set. Cells with out-of-range values get no rows, which leaves their column empty.
  const placeA: number[] = [];
  const placeB: number[] = [];
  const inRange = (i: number): boolean => cells[i] <= m;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * cols + c;
      if (!inRange(a)) continue;
      if (c + 1 < cols && inRange(a + 1)) {
        placeA.push(a);
        placeB.push(a + 1);
      }
      if (r + 1 < rows && inRange(a + cols)) {
        placeA.push(a);
        placeB.push(a + cols);
      }
    }
  }
  const placements = placeA.length;

  // Node 0 is the root; nodes 1..columns are column headers (header of column k is node k+1);
  // each placement then owns three consecutive nodes: cell a, cell b, its pair.
  const total = 1 + columns + 3 * placements;
  const links = linksFor(total, pairs + 1);
  const { left, right, up, down, colOf, rowOf, choice } = links;
  const size = links.size.fill(0, 0, columns + 1); // indexed by header node

  for (let h = 0; h <= columns; h++) {
    left[h] = h === 0 ? columns : h - 1;
    right[h] = h === columns ? 0 : h + 1;
    up[h] = h;
    down[h] = h;
    colOf[h] = h;
    rowOf[h] = -1;
  }
  for (let p = 0; p < placements; p++) {
    const a = placeA[p];
    const b = placeB[p];
    const base = 1 + columns + 3 * p;
    for (let k = 0; k < 3; k++) {
      const node = base + k;
      const h = k === 0 ? a + 1 : k === 1 ? b + 1 : cellCount + pairIndex(cells[a], cells[b]) + 1;
      // Append at the bottom of the column, so rows keep placement order.
      colOf[node] = h;
      rowOf[node] = p;
      up[node] = up[h];
      down[node] = h;
      down[up[h]] = node;
      up[h] = node;
      size[h]++;
      left[node] = base + ((k + 2) % 3);
      right[node] = base + ((k + 1) % 3);
    }
  }

  const cover = (h: number): void => {
    right[left[h]] = right[h];
    left[right[h]] = left[h];
    for (let i = down[h]; i !== h; i = down[i]) {
      for (let j = right[i]; j !== i; j = right[j]) {
        down[up[j]] = down[j];
        up[down[j]] = up[j];
        size[colOf[j]]--;
      }
    }
  };
  // Exactly the reverse order of cover, which is what makes the links come back intact.
  const uncover = (h: number): void => {
    for (let i = up[h]; i !== h; i = up[i]) {
      for (let j = left[i]; j !== i; j = left[j]) {
        size[colOf[j]]++;
        down[up[j]] = j;
        up[down[j]] = j;
      }
    }
    right[left[h]] = h;
    left[right[h]] = h;
  };

  // Iterative search: choice[level] is the row node tried at that level, or the column
  // header itself once the column is exhausted.
  let level = 0;
  let nodes = 0;
  let solutions = 0;
  let first: Solution | null = null;
  let gaveUp = false;
  let capped = false;

  // Phases: 0 = a new search step, 1 = take choice[level], 2 = backtrack one level.
  let phase: 0 | 1 | 2 = 0;
  for (;;) {
    if (phase === 0) {
      if (nodes >= maxNodes) {
        gaveUp = true;
        break;
      }
      nodes++;
      if (right[0] === 0) {
        solutions++;
        if (first === null) {
          const cellPairs = new Int32Array(2 * level);
          for (let l = 0; l < level; l++) {
            const p = rowOf[choice[l]];
            cellPairs[2 * l] = placeA[p];
            cellPairs[2 * l + 1] = placeB[p];
          }
          first = solutionFromCellPairs(cols, cellPairs, level);
        }
        if (solutions >= cap) {
          capped = true;
          break;
        }
        phase = 2;
        continue;
      }
      // Fewest rows first; strict < over the header list (kept in index order) breaks ties low.
      let best = right[0];
      let bestSize = size[best];
      for (let h = right[best]; h !== 0 && bestSize > 0; h = right[h]) {
        if (size[h] < bestSize) {
          best = h;
          bestSize = size[h];
        }
      }
      if (bestSize === 0) {
        phase = 2;
        continue;
      }
      cover(best);
      choice[level] = down[best];
      phase = 1;
    } else if (phase === 1) {
      const r = choice[level];
      const h = colOf[r];
      if (r === h) {
        uncover(h);
        phase = 2;
        continue;
      }
      for (let j = right[r]; j !== r; j = right[j]) cover(colOf[j]);
      level++;
      phase = 0;
    } else {
      if (level === 0) break;
      level--;
      const r = choice[level];
      for (let j = left[r]; j !== r; j = left[j]) uncover(colOf[j]);
      choice[level] = down[r];
      phase = 1;
    }
  }

  let status: ExactCoverResult['status'];
  if (solutions >= 2) status = 'multiple';
  else if (gaveUp || capped) status = 'gave-up';
  else status = solutions === 1 ? 'unique' : 'none';
  return { status, solutions, nodes, solution: first };
}
