// Tests for src/transform.ts: geometries checked by hand on a small grid, group laws, boards
// and solutions moving together, canonical form against a brute-force "are these related" test.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Board } from '../../src/dominosa/board.js';
import { pairCount, pairFromIndex } from '../../src/dominosa/pairs.js';
import { checkSolution, solutionFromCellPairs, type Solution } from '../../src/dominosa/solve/solution.js';
import {
  GEOMETRIES,
  applyTransform,
  canonicalForm,
  canonicalHash,
  encodeTransform,
  inverseTransform,
  isImage,
  parseTransform,
  toWide,
  transformSolution,
  type Geometry,
  type Transform,
} from '../../src/dominosa/transform.js';

function shape(m: number, tall: boolean): [rows: number, cols: number] {
  return tall ? [m + 2, m + 1] : [m + 1, m + 2];
}

function grid(m: number, rowsOfValues: number[][]): Board {
  return { rows: rowsOfValues.length, cols: rowsOfValues[0].length, m, cells: Uint16Array.from(rowsOfValues.flat()) };
}

function rowsOf(b: Board): number[][] {
  return Array.from({ length: b.rows }, (_, r) => Array.from(b.cells.subarray(r * b.cols, (r + 1) * b.cols)));
}

const arbSize = fc.record({ m: fc.integer({ min: 1, max: 10 }), tall: fc.boolean() });

/** Any board holding every value M+2 times, in either orientation. */
const arbBoard: fc.Arbitrary<Board> = arbSize.chain(({ m, tall }) => {
  const [rows, cols] = shape(m, tall);
  const multiset = Array.from({ length: rows * cols }, (_, i) => Math.floor(i / (m + 2)));
  return fc
    .shuffledSubarray(multiset, { minLength: multiset.length, maxLength: multiset.length })
    .map((values) => ({ rows, cols, m, cells: Uint16Array.from(values) }));
});

/**
 * A board with a known solution: a straight tiling, mixed up by turning 2×2 squares covered by
 * two parallel dominoes, then a shuffled complete set dealt onto it with random orientations.
 */
const arbSolved: fc.Arbitrary<{ board: Board; solution: Solution }> = arbSize.chain(({ m, tall }) => {
  const [rows, cols] = shape(m, tall);
  const n = pairCount(m);
  const pairIds = Array.from({ length: n }, (_, i) => i);
  return fc
    .record({
      turns: fc.array(fc.nat(), { maxLength: 60 }),
      deal: fc.shuffledSubarray(pairIds, { minLength: n, maxLength: n }),
      flips: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    })
    .map(({ turns, deal, flips }) => {
      const mate = new Int32Array(rows * cols);
      for (let a = 0; a < rows * cols; a++) {
        const r = Math.floor(a / cols);
        const c = a % cols;
        if (cols % 2 === 0) mate[a] = c % 2 === 0 ? a + 1 : a - 1;
        else mate[a] = r % 2 === 0 ? a + cols : a - cols;
      }
      for (const t of turns) {
        const k = t % ((rows - 1) * (cols - 1));
        const a = Math.floor(k / (cols - 1)) * cols + (k % (cols - 1));
        const [b, c, d] = [a + 1, a + cols, a + cols + 1];
        if (mate[a] === b && mate[c] === d) {
          [mate[a], mate[c], mate[b], mate[d]] = [c, a, d, b];
        } else if (mate[a] === c && mate[b] === d) {
          [mate[a], mate[b], mate[c], mate[d]] = [b, a, d, c];
        }
      }
      const cells = new Uint16Array(rows * cols);
      const cellPairs: number[] = [];
      let i = 0;
      for (let a = 0; a < rows * cols; a++) {
        if (mate[a] < a) continue;
        const [u, v] = pairFromIndex(deal[i]);
        const [x, y] = flips[i] ? [v, u] : [u, v];
        cells[a] = x;
        cells[mate[a]] = y;
        cellPairs.push(a, mate[a]);
        i++;
      }
      return { board: { rows, cols, m, cells }, solution: solutionFromCellPairs(cols, cellPairs, n) };
    });
});

function arbTransform(m: number): fc.Arbitrary<Transform> {
  const values = Array.from({ length: m + 1 }, (_, i) => i);
  return fc.record({
    geometry: fc.constantFrom(...GEOMETRIES),
    relabel: fc.option(fc.shuffledSubarray(values, { minLength: m + 1, maxLength: m + 1 }), { nil: undefined }),
  });
}

const arbBoardAndTransform = arbBoard.chain((board) => arbTransform(board.m).map((t) => ({ board, t })));

/**
 * Brute force: is there a geometry g and a one-to-one value map sending g(a) to b cell by cell?
 * Builds the value map pair by pair rather than numbering values, so it shares no idea with
 * canonicalForm beyond the definition.
 */
function related(a: Board, b: Board): boolean {
  for (const geometry of GEOMETRIES) {
    const ga = applyTransform(a, { geometry });
    if (ga.rows !== b.rows || ga.cols !== b.cols || ga.m !== b.m) continue;
    const forward = new Map<number, number>();
    const backward = new Map<number, number>();
    let ok = true;
    for (let i = 0; i < ga.cells.length && ok; i++) {
      const x = ga.cells[i];
      const y = b.cells[i];
      if ((forward.get(x) ?? y) !== y || (backward.get(y) ?? x) !== x) ok = false;
      forward.set(x, y);
      backward.set(y, x);
    }
    if (ok) return true;
  }
  return false;
}

describe('geometries', () => {
  // 0 1 2
  // 3 4 5   (distinct values, so every cell's destination is visible)
  const g = grid(5, [
    [0, 1, 2],
    [3, 4, 5],
  ]);
  const expected: Record<Geometry, number[][]> = {
    id: [
      [0, 1, 2],
      [3, 4, 5],
    ],
    'mirror-h': [
      [2, 1, 0],
      [5, 4, 3],
    ],
    'mirror-v': [
      [3, 4, 5],
      [0, 1, 2],
    ],
    rot180: [
      [5, 4, 3],
      [2, 1, 0],
    ],
    transpose: [
      [0, 3],
      [1, 4],
      [2, 5],
    ],
    'anti-transpose': [
      [5, 2],
      [4, 1],
      [3, 0],
    ],
    rot90: [
      [3, 0],
      [4, 1],
      [5, 2],
    ],
    rot270: [
      [2, 5],
      [1, 4],
      [0, 3],
    ],
  };
  for (const geometry of GEOMETRIES) {
    it(`${geometry} moves cells as drawn`, () => {
      expect(rowsOf(applyTransform(g, { geometry }))).toEqual(expected[geometry]);
    });
  }

  it('relabels values and drops meta', () => {
    const withMeta = { ...g, meta: { id: 'x' } };
    const out = applyTransform(withMeta, { geometry: 'mirror-v', relabel: [5, 4, 3, 2, 1, 0] });
    expect(rowsOf(out)).toEqual([
      [2, 1, 0],
      [5, 4, 3],
    ]);
    expect(out.meta).toBeUndefined();
  });

  it('throws on a relabel that is not a permutation of 0..M', () => {
    expect(() => applyTransform(g, { geometry: 'id', relabel: [0, 1, 2] })).toThrow(/expected 6/);
    expect(() => applyTransform(g, { geometry: 'id', relabel: [0, 1, 2, 3, 4, 4] })).toThrow(/twice/);
    expect(() => applyTransform(g, { geometry: 'id', relabel: [0, 1, 2, 3, 4, 6] })).toThrow(/0\.\.5/);
  });

  it('obey the group laws of the rectangle', () => {
    fc.assert(
      fc.property(arbBoard, (b) => {
        const ap = (x: Board, ...gs: Geometry[]) => gs.reduce((acc, geometry) => applyTransform(acc, { geometry }), x);
        expect(ap(b, 'rot90', 'rot90')).toEqual(ap(b, 'rot180'));
        expect(ap(b, 'rot90', 'rot90', 'rot90')).toEqual(ap(b, 'rot270'));
        expect(ap(b, 'rot90', 'rot90', 'rot90', 'rot90')).toEqual(b);
        expect(ap(b, 'mirror-h', 'mirror-v')).toEqual(ap(b, 'rot180'));
        expect(ap(b, 'transpose', 'mirror-h')).toEqual(ap(b, 'rot90'));
        expect(ap(b, 'transpose', 'rot180')).toEqual(ap(b, 'anti-transpose'));
      }),
      { numRuns: 100 },
    );
  });

  it('are undone by inverseTransform', () => {
    fc.assert(
      fc.property(arbBoardAndTransform, ({ board, t }) => {
        const there = applyTransform(board, t);
        expect(there.rows * there.cols).toBe(board.rows * board.cols);
        expect(applyTransform(there, inverseTransform(t))).toEqual(board);
        // and the other way round: t undoes its own inverse
        expect(applyTransform(applyTransform(board, inverseTransform(t)), t)).toEqual(board);
      }),
      { numRuns: 200 },
    );
  });
});

describe('transformSolution', () => {
  it('the generator deals valid solved boards', () => {
    fc.assert(
      fc.property(arbSolved, ({ board, solution }) => checkSolution(board, solution) === null),
      { numRuns: 50 },
    );
  });

  it('solves the transformed board, normalised', () => {
    const arb = arbSolved.chain((s) => arbTransform(s.board.m).map((t) => ({ ...s, t })));
    fc.assert(
      fc.property(arb, ({ board, solution, t }) => {
        const moved = applyTransform(board, t);
        const sol = transformSolution(solution, board.rows, board.cols, t);
        expect(checkSolution(moved, sol)).toBeNull();
        const at = (r: number, c: number) => r * moved.cols + c;
        for (let i = 0; i < sol.length; i++) {
          const [r1, c1, r2, c2] = sol[i];
          expect(at(r1, c1)).toBeLessThan(at(r2, c2));
          if (i > 0) expect(at(sol[i - 1][0], sol[i - 1][1])).toBeLessThan(at(r1, c1));
        }
        // Going back restores the original solution exactly.
        expect(transformSolution(sol, moved.rows, moved.cols, inverseTransform(t))).toEqual(solution);
      }),
      { numRuns: 200 },
    );
  });
});

describe('isImage', () => {
  it('says exactly whether a board is another under a transform, as applyTransform makes it', () => {
    const arb = arbSolved.chain((s) =>
      fc
        .record({ t: arbTransform(s.board.m), u: arbTransform(s.board.m), cell: fc.nat(), bump: fc.boolean() })
        .map((x) => ({ ...s, ...x })),
    );
    fc.assert(
      fc.property(arb, ({ board, t, u, cell, bump }) => {
        const moved = applyTransform(board, t);
        expect(isImage(board, t, moved)).toBe(true);
        // Another transform's image, or the image with one cell changed, is its image only if equal.
        const other = applyTransform(board, u);
        const same =
          other.rows === moved.rows && other.cols === moved.cols && other.cells.every((v, i) => v === moved.cells[i]);
        expect(isImage(board, t, other)).toBe(same);
        if (bump) {
          const cells = Uint16Array.from(moved.cells);
          const i = cell % cells.length;
          cells[i] = (cells[i] + 1) % (board.m + 1);
          expect(isImage(board, t, { ...moved, cells })).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('throws as applyTransform does on a relabel that is not a permutation', () => {
    const board = grid(1, [
      [0, 0, 1],
      [1, 1, 0],
    ]);
    const t: Transform = { geometry: 'id', relabel: [0, 0] };
    expect(() => applyTransform(board, t)).toThrow(RangeError);
    expect(() => isImage(board, t, board)).toThrow(RangeError);
  });
});

describe('encodeTransform / parseTransform', () => {
  it('writes the documented text', () => {
    expect(encodeTransform({ geometry: 'id' })).toBe('id');
    expect(encodeTransform({ geometry: 'id', relabel: [0, 1, 2] })).toBe('id');
    expect(encodeTransform({ geometry: 'mirror-h' })).toBe('mirror-h');
    expect(encodeTransform({ geometry: 'id', relabel: [3, 0, 1, 2] })).toBe('relabel:3,0,1,2');
    expect(encodeTransform({ geometry: 'mirror-v', relabel: [1, 0] })).toBe('mirror-v+relabel:1,0');
  });

  it('round-trips', () => {
    const arb = fc.integer({ min: 0, max: 12 }).chain(arbTransform);
    fc.assert(
      fc.property(arb, (t) => {
        const text = encodeTransform(t);
        const back = parseTransform(text);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.transform.geometry).toBe(t.geometry);
        expect(back.transform.relabel ?? t.relabel?.map((_, i) => i)).toEqual(t.relabel);
        expect(encodeTransform(back.transform)).toBe(text);
      }),
    );
  });

  it('accepts the relabel before the geometry and surrounding spaces', () => {
    expect(parseTransform(' relabel:1,0+rot90 ')).toEqual({
      ok: true,
      transform: { geometry: 'rot90', relabel: [1, 0] },
    });
  });

  const bad: [string, RegExp][] = [
    ['', /empty/],
    ['flip', /unknown transform part "flip"/],
    ['mirror-h+mirror-v', /more than one geometry/],
    ['relabel:0,1+relabel:1,0', /more than one relabel/],
    ['relabel:', /comma-separated/],
    ['relabel:1,a', /comma-separated/],
    ['relabel:-1,0', /comma-separated/],
    ['relabel:0,0,1', /twice/],
    ['relabel:1,2', /not an integer in 0\.\.1/],
    ['rot90+', /unknown transform part ""/],
  ];
  for (const [text, why] of bad) {
    it(`rejects ${JSON.stringify(text)}`, () => {
      const r = parseTransform(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    });
  }
});

describe('toWide', () => {
  it('always yields rows < cols, transposing only tall boards', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        const { board: wide, transposed } = toWide(board);
        expect(wide.rows).toBeLessThan(wide.cols);
        expect(wide.rows).toBe(board.m + 1);
        expect(transposed).toBe(board.rows > board.cols);
        expect(wide).toEqual(transposed ? applyTransform(board, { geometry: 'transpose' }) : board);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps meta', () => {
    const tall = grid(1, [
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(toWide({ ...tall, meta: { id: 7 } }).board.meta).toEqual({ id: 7 });
  });
});

describe('canonicalForm', () => {
  it('is invariant under every geometry with any relabelling', () => {
    fc.assert(
      fc.property(arbBoardAndTransform, ({ board, t }) => {
        expect(canonicalForm(applyTransform(board, t))).toBe(canonicalForm(board));
      }),
      { numRuns: 300 },
    );
  });

  it('equals exactly when the boards are related (brute force, small M)', () => {
    const small = arbBoard.filter((b) => b.m <= 3);
    const arb = small.chain((a) =>
      fc.oneof(
        small.filter((b) => b.m === a.m).map((b) => ({ a, b })),
        arbTransform(a.m).map((t) => ({ a, b: applyTransform(a, t) })),
      ),
    );
    let sameSeen = 0;
    let differentSeen = 0;
    fc.assert(
      fc.property(arb, ({ a, b }) => {
        const same = canonicalForm(a) === canonicalForm(b);
        expect(same).toBe(related(a, b));
        if (same) sameSeen++;
        else differentSeen++;
      }),
      { numRuns: 400 },
    );
    // Both outcomes must have been exercised for the comparison to mean anything.
    expect(sameSeen).toBeGreaterThan(20);
    expect(differentSeen).toBeGreaterThan(20);
  });

  it('tells apart two random boards of the same size', () => {
    const arb = arbBoard
      .filter((b) => b.m >= 4)
      .chain((a) => arbBoard.filter((b) => b.m === a.m).map((b) => ({ a, b })));
    fc.assert(
      fc.property(arb, ({ a, b }) => {
        expect(canonicalForm(a) === canonicalForm(b)).toBe(related(a, b));
      }),
      { numRuns: 100 },
    );
  });

  it('tells apart a hand-made pair that differs by one swap', () => {
    const a = grid(3, [
      [0, 1, 2, 3, 0],
      [1, 1, 2, 0, 3],
      [2, 3, 0, 1, 2],
      [3, 2, 3, 1, 0],
    ]);
    // (0,0) and (0,1) swapped
    const b = grid(3, [
      [1, 0, 2, 3, 0],
      [1, 1, 2, 0, 3],
      [2, 3, 0, 1, 2],
      [3, 2, 3, 1, 0],
    ]);
    expect(related(a, b)).toBe(false);
    expect(canonicalForm(a)).not.toBe(canonicalForm(b));
    expect(canonicalHash(a)).not.toBe(canonicalHash(b));
  });

  it('is a relabelling of the wide board, prefixed by M and shape', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        const form = canonicalForm(board);
        const [m, dims, body] = form.split(':');
        expect(m).toBe(String(board.m));
        expect(dims).toBe(`${board.m + 1}x${board.m + 2}`);
        const labels = Array.from(body, (ch) => parseInt(ch, 36));
        const rebuilt: Board = { rows: board.m + 1, cols: board.m + 2, m: board.m, cells: Uint16Array.from(labels) };
        expect(related(rebuilt, board)).toBe(true);
        // The first cell is always labelled 0: no relabelling could make the string smaller there.
        expect(labels[0]).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it('handles M above 35 with dot-separated labels', () => {
    const m = 36;
    const n = (m + 1) * (m + 2);
    const board: Board = {
      rows: m + 1,
      cols: m + 2,
      m,
      cells: Uint16Array.from({ length: n }, (_, i) => (i * 7) % (m + 1)),
    };
    const turned = applyTransform(board, {
      geometry: 'rot270',
      relabel: Array.from({ length: m + 1 }, (_, i) => (i * 5) % (m + 1)),
    });
    const form = canonicalForm(board);
    expect(form.split(':')[2].split('.')).toHaveLength(n);
    expect(canonicalForm(turned)).toBe(form);
  });

  it('hashes to 64 hex digits, equal for related boards', () => {
    fc.assert(
      fc.property(arbBoardAndTransform, ({ board, t }) => {
        const h = canonicalHash(board);
        expect(h).toMatch(/^[0-9a-f]{64}$/);
        expect(canonicalHash(applyTransform(board, t))).toBe(h);
      }),
      { numRuns: 50 },
    );
  });
});
