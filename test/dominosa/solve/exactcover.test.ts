import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Board } from '../../../src/dominosa/board.js';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import { pairCount, pairFromIndex, pairIndex } from '../../../src/dominosa/pairs.js';
import { checkSolution, solutionKey, type Solution } from '../../../src/dominosa/solve/solution.js';

// --- test-only helpers, deliberately naive -------------------------------------------------

/** Small seeded PRNG (mulberry32) so a failing fast-check seed reproduces the board. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function shuffle<T>(xs: T[], rand: (n: number) => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

function dims(m: number, transposed: boolean): [number, number] {
  return transposed ? [m + 2, m + 1] : [m + 1, m + 2];
}

/** Any arrangement of the right multiset: each value appears M+2 times. */
function randomBoard(m: number, transposed: boolean, seed: number): Board {
  const [rows, cols] = dims(m, transposed);
  const values: number[] = [];
  for (let v = 0; v <= m; v++) for (let k = 0; k < m + 2; k++) values.push(v);
  return { rows, cols, m, cells: Uint16Array.from(shuffle(values, rng(seed))) };
}

/**
 * A random domino tiling as a mate array: start from parallel bricks, then rotate random
 * 2×2 squares that hold two parallel dominoes (every such move keeps a valid tiling).
 */
function randomTiling(rows: number, cols: number, rand: (n: number) => number): Int32Array {
  const mate = new Int32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (cols % 2 === 0) mate[i] = c % 2 === 0 ? i + 1 : i - 1;
      else mate[i] = r % 2 === 0 ? i + cols : i - cols;
    }
  }
  const flips = 20 * rows * cols;
  for (let f = 0; f < flips; f++) {
    const r = rand(rows - 1);
    const c = rand(cols - 1);
    const a = r * cols + c;
    const b = a + 1;
    const d = a + cols;
    const e = d + 1;
    if (mate[a] === b && mate[d] === e) {
      mate[a] = d;
      mate[d] = a;
      mate[b] = e;
      mate[e] = b;
    } else if (mate[a] === d && mate[b] === e) {
      mate[a] = b;
      mate[b] = a;
      mate[d] = e;
      mate[e] = d;
    }
  }
  return mate;
}

/** Deal a shuffled complete set onto a random tiling, so the board has at least one solution. */
function plantedBoard(m: number, transposed: boolean, seed: number): { board: Board; planted: Solution } {
  const rand = rng(seed);
  const [rows, cols] = dims(m, transposed);
  const mate = randomTiling(rows, cols, rand);
  const order = shuffle(
    Array.from({ length: pairCount(m) }, (_, k) => k),
    rand,
  );
  const cells = new Uint16Array(rows * cols);
  const planted: Solution = [];
  let next = 0;
  for (let i = 0; i < rows * cols; i++) {
    const j = mate[i];
    if (j < i) continue;
    const [u, v] = pairFromIndex(order[next++]);
    const flip = rand(2) === 1;
    cells[i] = flip ? v : u;
    cells[j] = flip ? u : v;
    planted.push([Math.floor(i / cols), i % cols, Math.floor(j / cols), j % cols]);
  }
  return { board: { rows, cols, m, cells }, planted };
}

/** Every solution, by enumerating all domino tilings and keeping those that spell each pair once. */
function bruteForce(board: Board): Set<string> {
  const { rows, cols, m, cells } = board;
  const n = rows * cols;
  const covered = new Uint8Array(n);
  const used = new Uint8Array(pairCount(m));
  const current: Solution = [];
  const found = new Set<string>();
  const place = (a: number, b: number): boolean => {
    const p = pairIndex(cells[a], cells[b]);
    if (covered[b] || used[p]) return false;
    covered[a] = covered[b] = used[p] = 1;
    current.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
    walk(a + 1);
    current.pop();
    covered[a] = covered[b] = used[p] = 0;
    return true;
  };
  const walk = (from: number): void => {
    let a = from;
    while (a < n && covered[a]) a++;
    if (a === n) {
      found.add(solutionKey(current));
      return;
    }
    if ((a % cols) + 1 < cols) place(a, a + 1);
    if (a + cols < n) place(a, a + cols);
  };
  walk(0);
  return found;
}

const orientation = fc.boolean();
const seed = fc.integer({ min: 0, max: 0x7fffffff });

// --- tests ----------------------------------------------------------------------------------

describe('countExactCover against brute force', () => {
  it('counts exactly the solutions of random boards for M = 1..3', () => {
    const seen = { none: 0, unique: 0, multiple: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), orientation, seed, (m, transposed, s) => {
        const board = randomBoard(m, transposed, s);
        const truth = bruteForce(board);
        const res = countExactCover(board, { cap: 1000 });
        expect(res.solutions).toBe(truth.size);
        expect(res.status).toBe(truth.size === 0 ? 'none' : truth.size === 1 ? 'unique' : 'multiple');
        if (truth.size === 0) expect(res.solution).toBeNull();
        else expect(truth.has(solutionKey(res.solution!))).toBe(true);
        seen[res.status as keyof typeof seen]++;
      }),
      { numRuns: 400 },
    );
    // The sample must exercise all three outcomes, or the comparison proves little.
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.unique).toBeGreaterThan(0);
    expect(seen.multiple).toBeGreaterThan(0);
  });

  it('counts exactly the solutions of planted boards for M = 1..4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), orientation, seed, (m, transposed, s) => {
        const { board } = plantedBoard(m, transposed, s);
        const truth = bruteForce(board);
        expect(countExactCover(board, { cap: 100000 }).solutions).toBe(truth.size);
      }),
      { numRuns: 150 },
    );
  });
});

describe('countExactCover on planted boards', () => {
  it('finds a valid, normalised solution for M up to 12', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), orientation, seed, (m, transposed, s) => {
        const { board, planted } = plantedBoard(m, transposed, s);
        expect(checkSolution(board, planted)).toBeNull(); // the helper itself is sound
        const res = countExactCover(board, { cap: 2, maxNodes: 2_000_000 });
        expect(res.solutions).toBeGreaterThanOrEqual(1);
        expect(res.status === 'unique' || res.status === 'multiple').toBe(true);
        const sol = res.solution!;
        expect(checkSolution(board, sol)).toBeNull();
        // Normalised: first cell before second, dominoes sorted by first cell.
        const first = sol.map(([r1, c1, r2, c2]) => {
          expect(r1 * board.cols + c1).toBeLessThan(r2 * board.cols + c2);
          return r1 * board.cols + c1;
        });
        expect(first).toEqual([...first].sort((x, y) => x - y));
      }),
      { numRuns: 120 },
    );
  });

  // Find-first cost is heavy-tailed at this size (one M=30 board in a handful needs ~2M
  // nodes), so the boards are fixed ones and the node budget bounds the run time.
  it('finds a solution for a few boards at M = 20 and M = 30 (cap 1)', () => {
    for (const [m, transposed, s] of [
      [20, false, 1],
      [20, true, 2],
      [30, false, 1],
      [30, true, 2],
      [30, false, 3],
    ] as const) {
      const { board } = plantedBoard(m, transposed, s);
      const res = countExactCover(board, { cap: 1, maxNodes: 1_000_000 });
      expect(res.solutions).toBe(1);
      expect(res.status).toBe('gave-up'); // cap 1 cannot tell unique from multiple
      expect(checkSolution(board, res.solution!)).toBeNull();
    }
  });
});

describe('countExactCover options', () => {
  // A board with plenty of solutions: search planted M=5 boards until one has at least 5.
  const rich = (() => {
    for (let s = 0; s < 200; s++) {
      const { board } = plantedBoard(5, false, s);
      const total = countExactCover(board, { cap: 1_000_000 }).solutions;
      if (total >= 5) return { board, total };
    }
    throw new Error('no planted M=5 board with 5+ solutions among 200 seeds');
  })();

  it('respects the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: rich.total + 3 }), (cap) => {
        const res = countExactCover(rich.board, { cap });
        expect(res.solutions).toBe(Math.min(cap, rich.total));
        if (cap >= 2) expect(res.status).toBe('multiple');
        else expect(res.status).toBe('gave-up');
        expect(checkSolution(rich.board, res.solution!)).toBeNull();
      }),
      { numRuns: 20 },
    );
  });

  it('gives up when the node budget runs out, even after a first solution', () => {
    const tiny = countExactCover(rich.board, { maxNodes: 1 });
    expect(tiny.status).toBe('gave-up');
    expect(tiny.nodes).toBeLessThanOrEqual(1);
    expect(tiny.solutions).toBe(0);
    expect(tiny.solution).toBeNull();

    // Exactly the budget that reaches the first solution: one found, second not yet known.
    const toFirst = countExactCover(rich.board, { cap: 1 }).nodes;
    const cut = countExactCover(rich.board, { cap: 2, maxNodes: toFirst });
    expect(cut.status).toBe('gave-up');
    expect(cut.solutions).toBe(1);
    expect(cut.nodes).toBe(toFirst);
    expect(checkSolution(rich.board, cut.solution!)).toBeNull();

    // Any budget never lets the node count exceed it.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (budget) => {
        const res = countExactCover(rich.board, { cap: 1_000_000, maxNodes: budget });
        expect(res.nodes).toBeLessThanOrEqual(budget);
        expect(res.solutions).toBeLessThanOrEqual(rich.total);
        // A search cut short by the budget says gave-up, or multiple once two are known (and so
        // does a whole search, the board having more than one).
        expect(res.status).toBe(res.solutions >= 2 ? 'multiple' : 'gave-up');
      }),
      { numRuns: 30 },
    );
  });

  it('is deterministic: same board, same nodes and first solution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), orientation, seed, (m, transposed, s) => {
        const { board } = plantedBoard(m, transposed, s);
        const a = countExactCover(board);
        const b = countExactCover(board);
        expect(b).toEqual(a);
      }),
      { numRuns: 40 },
    );
  });

  it('reports none (not a crash) for a board with an out-of-range value', () => {
    const { board } = plantedBoard(3, false, 7);
    const cells = Uint16Array.from(board.cells);
    cells[0] = 9;
    const res = countExactCover({ ...board, cells });
    expect(res.status).toBe('none');
    expect(res.solutions).toBe(0);
  });
});
