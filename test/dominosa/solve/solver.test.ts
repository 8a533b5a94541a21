import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import {
  PINNED_PROBING,
  POLL_WORK,
  PROBE_FROM_ROOT_CELLS,
  RULES,
  type SolveRuleName,
  Solver,
  type SolveOptions,
  type SolveResult,
} from '../../../src/dominosa/solve/solver.js';
import type { Board } from '../../../src/dominosa/board.js';
import { checkSolution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { brickBoard, plantedBoard, shuffledBoard, swapHeavyBoard } from '../../helpers/boards.js';

const shared = new Solver();
const solve = (board: Board, options?: SolveOptions): SolveResult => shared.solve(board, options);

/** Every subset of the rules, as lists. */
const RULE_SETS: SolveRuleName[][] = Array.from({ length: 1 << RULES.length }, (_, mask) =>
  RULES.filter((_, i) => (mask >> i) & 1),
);

describe('Solver', () => {
  it('finds a valid solution on planted deals of M = 1..12, both orientations', () => {
    const s = new Solver();
    for (let m = 1; m <= 12; m++) {
      for (let k = 0; k < 20; k++) {
        const { board } = plantedBoard(m, 1, k, { wide: k % 2 === 0, avoid: k % 3 === 0 });
        const r = s.solve(board);
        expect(r.solutions).toBeGreaterThanOrEqual(1);
        expect(['unique', 'multiple']).toContain(r.status);
        expect(checkSolution(board, r.solution!)).toBeNull();
      }
    }
  });

  it('every rule set, probing mode and the 2×2 shortcut give the same answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.boolean(),
        (m, k, wide, planted) => {
          const board = planted ? plantedBoard(m, 2, k, { wide }).board : shuffledBoard(m, 2, k, wide);
          const s = new Solver();
          const ref = s.solve(board, { cap: 3, rules: [], probe: 'off', squareSwap: false });
          for (const rules of RULE_SETS) {
            for (const probe of ['off', 'root', 'all', 'auto'] as const) {
              const r = s.solve(board, { cap: 3, rules, probe, probeAfter: 2 });
              expect([r.status, r.solutions]).toEqual([ref.status, ref.solutions]);
            }
          }
          // The shortcut counts a 2×2 swap as the second solution only when the cap is 2.
          const two = s.solve(board);
          expect(two.status).toBe(ref.solutions >= 2 ? 'multiple' : ref.status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees with exhaustive counts: every solution it finds is distinct and valid', () => {
    const s = new Solver();
    for (let m = 1; m <= 4; m++) {
      for (let k = 0; k < 40; k++) {
        const board = plantedBoard(m, 3, k, { wide: k % 2 === 1 }).board;
        const dlx = countExactCover(board, { cap: 10_000 });
        const r = s.solve(board, { cap: 10_000 });
        expect(r.solutions).toBe(dlx.solutions);
      }
    }
  });

  it('is deterministic: same board, same nodes and firings, whatever was solved before', () => {
    const boards = Array.from({ length: 30 }, (_, k) => plantedBoard(3 + (k % 7), 4, k, { avoid: true }).board);
    const a = boards.map((b) => new Solver().solve(b));
    const shared = new Solver();
    const b = [...boards]
      .reverse()
      .map((x) => shared.solve(x))
      .reverse();
    expect(b.map((r) => [r.status, r.nodes, r.firings])).toEqual(a.map((r) => [r.status, r.nodes, r.firings]));
    expect(b.map((r) => solutionKey(r.solution!))).toEqual(a.map((r) => solutionKey(r.solution!)));
  });

  it("'auto' probes from the root on big boards and after 16 nodes on small ones; PINNED_PROBING always after 16", () => {
    const s = new Solver();
    const key = (r: SolveResult): unknown => [r.status, r.nodes, r.firings];
    let differs = 0;
    for (const [m, wide] of [
      [12, true],
      [14, false],
      [15, true],
      [15, false],
      [16, true],
    ] as const) {
      const big = (m + 1) * (m + 2) >= PROBE_FROM_ROOT_CELLS;
      for (let k = 0; k < 6; k++) {
        const board = plantedBoard(m, 8, k, { wide, avoid: true }).board;
        const auto = key(s.solve(board));
        const late = key(s.solve(board, { probeAfter: 16 }));
        expect(auto).toEqual(key(s.solve(board, big ? { probe: 'all' } : { probeAfter: 16 })));
        expect(key(s.solve(board, PINNED_PROBING))).toEqual(late);
        if (JSON.stringify(auto) !== JSON.stringify(late)) differs++;
      }
    }
    // The two modes really do search differently on some of these big boards.
    expect(differs).toBeGreaterThan(0);
  });

  it('stops at the node budget with gave-up, and at the cap', () => {
    // A raw M=20 deal needs more than a couple of nodes to settle.
    let board = plantedBoard(20, 5, 0).board;
    for (let k = 1; solve(board, { probe: 'off' }).nodes < 10; k++) board = plantedBoard(20, 5, k).board;
    const r = solve(board, { maxNodes: 3, probe: 'off' });
    expect(r.status).toBe('gave-up');
    expect(r.nodes).toBeLessThanOrEqual(3);
    const one = solve(board, { cap: 1 });
    expect(one.solutions).toBe(1);
    expect(one.status).toBe('gave-up'); // one solution found, uniqueness not proved
    expect(checkSolution(board, one.solution!)).toBeNull();
  });

  it("stops when interrupted (the shell's clock), polling by work done, not by nodes", () => {
    // Counting the 2^240 solutions of this board never ends on its own.
    const board = swapHeavyBoard(30);
    let polls = 0;
    const r = solve(board, { cap: 1e9, interrupt: () => ++polls >= 3 });
    // Once the interrupt says stop it is never asked again, and the solve unwinds at once.
    expect(polls).toBe(3);
    expect(r.solutions).toBeLessThan(1e9);
    // Polls count work, not time: the third comes before a second solution is known.
    expect(r).toMatchObject({ status: 'gave-up', limit: 'time' });
    // Later in the count, two solutions are known: the answer stands as multiple, the count partial.
    polls = 0;
    const later = solve(board, { cap: 1e9, interrupt: () => ++polls >= 200 });
    expect(polls).toBe(200);
    expect(later.status).toBe('multiple');
    expect(later.solutions).toBeGreaterThanOrEqual(2);
    expect(later.nodes).toBeLessThan(200 * POLL_WORK);
    const early = solve(board, { cap: 1e9, maxNodes: 1 });
    expect([early.status, early.limit]).toEqual(['gave-up', 'nodes']);
  });

  it('polls the interrupt inside root propagation and probing, not only between nodes', () => {
    // Its root probing runs long enough to be polled more than once.
    const board = brickBoard(40, 5);
    let polls = 0;
    const d = new Solver().deduce(board, { probe: 'root', interrupt: () => ++polls >= 1 });
    expect(polls).toBe(1);
    expect(d.stopped).toBe(true);
    expect(d.consistent).toBe(false);
    const r = solve(board, { interrupt: () => true });
    expect([r.status, r.limit, r.nodes]).toEqual(['gave-up', 'time', 1]);
    const free = new Solver().deduce(board, { probe: 'root' });
    expect(free.stopped).toBe(false);
  });

  it('polls while loading a new size: stopped there it gives up, and the next solve of that board loads it whole', () => {
    // 33 x 34 cells: setup alone passes several polls.
    const board = shuffledBoard(32, 5, 0);
    const s = new Solver();
    let polls = 0;
    const cut = s.solve(board, { interrupt: () => ++polls >= 1 });
    expect(polls).toBe(1);
    expect([cut.status, cut.limit]).toEqual(['gave-up', 'time']);
    const again = s.solve(board, { maxNodes: 2000, solution: false });
    const fresh = new Solver().solve(board, { maxNodes: 2000, solution: false });
    expect([again.status, again.nodes, again.solutions]).toEqual([fresh.status, fresh.nodes, fresh.solutions]);
    expect(s.deduce(board, { interrupt: () => true }).stopped).toBe(true);
    expect(s.deduce(board).undecidedCells).toBe(new Solver().deduce(board).undecidedCells);
  });

  it('reports rule firings, and a disabled rule never fires', () => {
    const s = new Solver();
    let fired = 0;
    for (let k = 0; k < 40; k++) {
      const board = plantedBoard(6, 6, k, { avoid: true }).board;
      const all = s.solve(board);
      fired += all.firings.cellSingleton + all.firings.pairSingleton;
      const some = s.solve(board, { rules: ['cellSingleton', 'pairSharedCell'] });
      expect(some.firings.pairSingleton).toBe(0);
      expect(some.firings.cellForcedPair).toBe(0);
    }
    expect(fired).toBeGreaterThan(0);
  });

  it('returns none for a board with no solution', () => {
    const s = new Solver();
    let seen = 0;
    for (let k = 0; k < 200 && seen < 5; k++) {
      const board = shuffledBoard(4, 8, k);
      if (countExactCover(board, { cap: 1 }).solutions === 0) {
        expect(s.solve(board).status).toBe('none');
        expect(s.solve(board).solution).toBeNull();
        seen++;
      }
    }
    expect(seen).toBe(5);
  });

  it('widens its pair slots for a pair with many spots, and answers as the exact-cover counter does', () => {
    // Rows 0–1 hold the 0s and 1s, mostly side by side: the pair 0–1 has 11 spots, more than
    // a slot holds at first (8), so loading it overflows and starts again with wider slots.
    const grid = [
      [1, 0, 1, 1, 0, 0],
      [0, 1, 0, 1, 1, 0],
      [2, 4, 3, 3, 2, 4],
      [3, 4, 4, 2, 2, 4],
      [3, 2, 2, 4, 3, 3],
    ];
    const wide = { rows: 5, cols: 6, m: 4, cells: Uint16Array.from(grid.flat()) };
    const expected = countExactCover(wide, { cap: 10_000 }).solutions;
    expect(expected).toBeGreaterThan(0);
    const small = plantedBoard(4, 10, 1).board;
    const s = new Solver();
    const before = s.solve(small, { cap: 10_000 });
    const r = s.solve(wide, { cap: 10_000 });
    expect(r.solutions).toBe(expected);
    expect(checkSolution(wide, r.solution!)).toBeNull();
    // A fresh solver agrees, and the widened solver still solves the ordinary board as before.
    expect(new Solver().solve(wide, { cap: 10_000 })).toEqual(r);
    expect(s.solve(small, { cap: 10_000 })).toEqual(before);
    expectOracleFixpoint(new Solver(), wide);
  });

  it('lays out a contrived board whose pair has more spots than wide slots would allow room for', () => {
    // M = 13: rows 1–2, columns 0–11 are a checkerboard of 0s and 1s, each the inner half of a
    // vertical domino with a distinct partner in row 0 or 3, so the pair 0–1 has 34 spots
    // (slots that wide would take more than eight times the room of all the spots). The other
    // dominoes lie vertically on the rest of the board, in order.
    const m = 13;
    const rows = 14;
    const cols = 15;
    const cells = new Uint16Array(rows * cols);
    const mates = [
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    ];
    for (let c = 0; c < 12; c++) {
      cells[cols + c] = c % 2;
      cells[c] = mates[c % 2].pop()!;
      cells[2 * cols + c] = 1 - (c % 2);
      cells[3 * cols + c] = mates[1 - (c % 2)].pop()!;
    }
    const rest: [number, number][] = [
      [0, 0],
      [0, 1],
      [1, 1],
    ];
    for (let u = 2; u <= m; u++) for (let v = u; v <= m; v++) rest.push([u, v]);
    const tops: number[] = [];
    for (const r of [0, 2]) for (let c = 12; c < cols; c++) tops.push(r * cols + c);
    for (let r = 4; r < rows; r += 2) for (let c = 0; c < cols; c++) tops.push(r * cols + c);
    tops.forEach((a, i) => {
      cells[a] = rest[i][0];
      cells[a + cols] = rest[i][1];
    });
    const board = { rows, cols, m, cells };
    const expected = countExactCover(board, { cap: 3 }).solutions;
    expect(expected).toBeGreaterThan(0);
    const s = new Solver();
    s.solve(plantedBoard(m, 10, 2).board);
    const r = s.solve(board, { cap: 3 });
    expect(r.solutions).toBe(expected);
    expect(checkSolution(board, r.solution!)).toBeNull();
    expectOracleFixpoint(s, board);
    // The next board goes back to the shared slots and solves as on a fresh solver.
    const next = plantedBoard(m, 10, 3).board;
    expect(s.solve(next)).toEqual(new Solver().solve(next));
  });

  it('handles M = 20 and M = 30 deals, checking the solution it returns', () => {
    const s = new Solver();
    for (const m of [20, 30]) {
      for (let k = 0; k < 4; k++) {
        const { board } = plantedBoard(m, 9, k, { wide: k % 2 === 0, avoid: k >= 2 });
        const r = s.solve(board, { maxNodes: 200_000 });
        expect(['unique', 'multiple']).toContain(r.status);
        expect(checkSolution(board, r.solution!)).toBeNull();
      }
    }
  });
});

describe('Solver.deduce', () => {
  it('each rule alone only removes placements that no solution uses', () => {
    const s = new Solver();
    for (let m = 1; m <= 4; m++) {
      for (let k = 0; k < 25; k++) {
        const board = plantedBoard(m, 10, k, { wide: k % 2 === 0 }).board;
        // Every solution, by exhaustive search with the independent solver's count as a check.
        const used = new Set<string>();
        const total = countExactCover(board, { cap: 100_000 }).solutions;
        let count = 0;
        enumerate(board, (sol) => {
          count++;
          for (const d of sol) used.add(d.join(','));
        });
        expect(count).toBe(total);
        for (const rule of RULES) {
          for (const probe of ['off', 'root'] as const) {
            const st = s.deduce(board, { rules: [rule], probe });
            expect(st.consistent).toBe(true);
            const live = new Set(st.live.map((d) => d.join(',')));
            for (const u of used) expect(live.has(u)).toBe(true);
          }
        }
      }
    }
  });

  it('reaches the same fixpoint as applying every enabled rule everywhere until nothing changes', () => {
    // The solver only re-examines constraints whose options changed, and skips ones no rule
    // could act on; the oracle looks at everything every round.
    const s = new Solver();
    for (let k = 0; k < 40; k++) {
      const m = 3 + (k % 6);
      const board =
        k % 4 === 3
          ? shuffledBoard(m, 12, k, k % 2 === 0)
          : plantedBoard(m, 12, k, { wide: k % 2 === 0, avoid: k % 3 === 0 }).board;
      for (const rules of RULE_SETS) {
        const st = s.deduce(board, { rules });
        const want = naiveFixpoint(board, rules);
        expect(st.consistent).toBe(want.consistent);
        if (!want.consistent) continue;
        expect(st.live.map((d) => d.join(',')).sort()).toEqual([...want.live].sort());
        expect(st.undecidedCells).toBe(want.undecided);
      }
    }
  });

  it('marks in cellDone exactly the cells a deduction covered', () => {
    const s = new Solver();
    for (let k = 0; k < 40; k++) {
      const board = plantedBoard(4 + (k % 5), 13, k, { avoid: k % 2 === 0 }).board;
      for (const probe of ['off', 'root'] as const) {
        const st = s.deduce(board, { probe });
        expect(st.consistent).toBe(true);
        // With both singleton rules on, a cell is covered exactly when one placement is left on it.
        const ways = new Int32Array(board.rows * board.cols);
        for (const [r1, c1, r2, c2] of st.live) {
          ways[r1 * board.cols + c1]++;
          ways[r2 * board.cols + c2]++;
        }
        let open = 0;
        for (let c = 0; c < ways.length; c++) {
          expect(s.cellDone[c] !== 0).toBe(ways[c] === 1);
          if (s.cellDone[c] === 0) open++;
        }
        expect(open).toBe(st.undecidedCells);
      }
    }
  });

  it('counts undecided cells: zero exactly when propagation alone solves the board', () => {
    const s = new Solver();
    for (let k = 0; k < 60; k++) {
      const board = plantedBoard(5, 11, k, { avoid: true }).board;
      const st = s.deduce(board);
      const r = s.solve(board, { probe: 'off' });
      if (st.undecidedCells === 0) {
        expect(r.nodes).toBe(1);
        expect(r.status).toBe('unique');
      } else {
        // Some cell still has two or more ways to be covered.
        expect(st.live.length).toBeGreaterThan((board.rows * board.cols) / 2);
      }
    }
  });
});

/** Root propagation with every rule leaves what the brute-force oracle leaves. */
function expectOracleFixpoint(s: Solver, board: Board): void {
  const st = s.deduce(board);
  const want = naiveFixpoint(board, RULES);
  expect(st.consistent).toBe(want.consistent);
  expect(st.live.map((d) => d.join(',')).sort()).toEqual([...want.live].sort());
}

/**
 * The rules' fixpoint by brute force (test oracle): every round applies each enabled rule to
 * every open cell and unused pair, until a round changes nothing.
 */
function naiveFixpoint(
  board: { rows: number; cols: number; m: number; cells: ArrayLike<number> },
  rules: readonly SolveRuleName[],
): { consistent: boolean; live: Set<string>; undecided: number } {
  const { rows, cols, m, cells } = board;
  const n = rows * cols;
  const pl: [number, number, number][] = [];
  const pairOf = (a: number, b: number) => Math.min(cells[a], cells[b]) * 1000 + Math.max(cells[a], cells[b]);
  for (let a = 0; a < n; a++) {
    if ((a % cols) + 1 < cols) pl.push([a, a + 1, pairOf(a, a + 1)]);
    if (a + cols < n) pl.push([a, a + cols, pairOf(a, a + cols)]);
  }
  const alive = pl.map(() => true);
  const cellDone = new Array<boolean>(n).fill(false);
  const pairDone = new Set<number>();
  const pairs = new Set(pl.map((p) => p[2]));
  // Every pair of the set must have a spot, even one the board never spells.
  for (let u = 0; u <= m; u++) for (let v = u; v <= m; v++) pairs.add(u * 1000 + v);
  const on = (r: SolveRuleName) => rules.includes(r);
  const live = (pred: (p: [number, number, number]) => boolean) =>
    pl.map((_, i) => i).filter((i) => alive[i] && pred(pl[i]));
  const place = (i: number) => {
    const [a, b, q] = pl[i];
    cellDone[a] = cellDone[b] = true;
    pairDone.add(q);
    for (let j = 0; j < pl.length; j++) {
      if (
        j !== i &&
        alive[j] &&
        (pl[j][0] === a || pl[j][1] === a || pl[j][0] === b || pl[j][1] === b || pl[j][2] === q)
      )
        alive[j] = false;
    }
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let c = 0; c < n; c++) {
      if (cellDone[c]) continue;
      const opts = live((p) => p[0] === c || p[1] === c);
      if (opts.length === 0) return { consistent: false, live: new Set(), undecided: -1 };
      if (opts.length === 1 && on('cellSingleton')) {
        place(opts[0]);
        changed = true;
      } else if (on('cellForcedPair') && opts.every((i) => pl[i][2] === pl[opts[0]][2])) {
        for (const j of live((p) => p[2] === pl[opts[0]][2] && p[0] !== c && p[1] !== c)) {
          alive[j] = false;
          changed = true;
        }
      }
    }
    for (const q of pairs) {
      if (pairDone.has(q)) continue;
      const spots = live((p) => p[2] === q);
      if (spots.length === 0) return { consistent: false, live: new Set(), undecided: -1 };
      if (spots.length === 1 && on('pairSingleton')) {
        place(spots[0]);
        changed = true;
      } else if (on('pairSharedCell')) {
        for (const x of [pl[spots[0]][0], pl[spots[0]][1]]) {
          if (!spots.every((i) => pl[i][0] === x || pl[i][1] === x)) continue;
          for (const j of live((p) => (p[0] === x || p[1] === x) && p[2] !== q)) {
            alive[j] = false;
            changed = true;
          }
        }
      }
    }
  }
  const out = new Set<string>();
  pl.forEach(([a, b], i) => {
    if (alive[i]) out.add([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols].join(','));
  });
  return { consistent: true, live: out, undecided: cellDone.filter((d) => !d).length };
}

/** All solutions of a small board by plain backtracking over cells (test oracle). */
function enumerate(
  board: { rows: number; cols: number; m: number; cells: Uint16Array },
  visit: (sol: number[][]) => void,
): void {
  const { rows, cols, cells } = board;
  const n = rows * cols;
  const mate = new Int32Array(n).fill(-1);
  const used = new Set<number>();
  const sol: number[][] = [];
  const key = (a: number, b: number) => Math.min(cells[a], cells[b]) * 1000 + Math.max(cells[a], cells[b]);
  const go = (i: number): void => {
    while (i < n && mate[i] >= 0) i++;
    if (i === n) {
      visit(sol);
      return;
    }
    for (const j of [i + 1, i + cols]) {
      if (j >= n || (j === i + 1 && j % cols === 0) || mate[j] >= 0) continue;
      const k = key(i, j);
      if (used.has(k)) continue;
      used.add(k);
      mate[i] = j;
      mate[j] = i;
      sol.push([Math.floor(i / cols), i % cols, Math.floor(j / cols), j % cols]);
      go(i + 1);
      sol.pop();
      mate[i] = mate[j] = -1;
      used.delete(k);
    }
  };
  go(0);
}
