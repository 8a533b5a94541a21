// Single techniques on hand-set positions: one row of dominoes, its candidates narrowed by hand,
// so each rule is seen to fire where it holds and to keep still where it does not.
import { describe, expect, it } from 'vitest';
import { withLines } from '../../../src/sudomino/board.js';
import { GradeState } from '../../../src/sudomino/grade/state.js';
import { hiddenSingle } from '../../../src/sudomino/grade/rules/hidden-single.js';
import { hiddenPair, hiddenTriple } from '../../../src/sudomino/grade/rules/hidden-subset.js';
import { lineIntersection } from '../../../src/sudomino/grade/rules/line-intersection.js';
import { nakedPair, nakedTriple } from '../../../src/sudomino/grade/rules/naked-subset.js';
import { contradictionChain } from '../../../src/sudomino/grade/rules/contradiction-chain.js';
import { lineStarvation } from '../../../src/sudomino/grade/rules/line-starvation.js';
import { valuesOf } from '../../../src/sudomino/grade/bits.js';

/** A 1×2k board of k horizontal dominoes, values 1..n, no givens. */
function row(k: number, n: number): GradeState {
  const domino = Int32Array.from({ length: 2 * k }, (_, i) => i >> 1);
  const cells = Int32Array.from({ length: 2 * k }, (_, i) => i);
  return new GradeState().load(withLines(1, 2 * k, n, domino, cells, new Uint8Array(k)));
}

/** Leave domino d only the listed values. */
function only(g: GradeState, d: number, values: number[]): void {
  g.remove(d, ~values.reduce((m, v) => m | (1 << (v - 1)), 0));
}

const candidates = (g: GradeState, d: number): number[] => valuesOf(g.mask[d]);

describe('hidden single', () => {
  it('places a value with one place in a line of N entries', () => {
    const g = row(4, 4);
    for (let d = 1; d < 4; d++) only(g, d, [1, 2, 3]);
    expect(hiddenSingle(g)).toBe(true);
    expect(g.placed[0]).toBe(1);
    expect(candidates(g, 0)).toEqual([4]);
  });

  it('keeps still in a line with fewer entries than values, where the value need not appear', () => {
    const g = row(4, 5);
    for (let d = 1; d < 4; d++) only(g, d, [1, 2, 3]);
    expect(hiddenSingle(g)).toBe(false);
  });
});

describe('subsets', () => {
  it('a naked pair takes its values from the rest of a line that is not full', () => {
    const g = row(4, 6);
    only(g, 0, [1, 2]);
    only(g, 1, [1, 2]);
    expect(nakedPair(g)).toBe(true);
    expect(candidates(g, 2)).toEqual([3, 4, 5, 6]);
    expect(candidates(g, 0)).toEqual([1, 2]);
  });

  it('a hidden triple keeps its dominoes to its values, where no naked subset up to three sees it', () => {
    const g = row(7, 7);
    for (let d = 3; d < 7; d++) only(g, d, [4, 5, 6, 7]);
    expect(nakedPair(g) || nakedTriple(g) || hiddenPair(g)).toBe(false);
    expect(hiddenTriple(g)).toBe(true);
    for (let d = 0; d < 3; d++) expect(candidates(g, d)).toEqual([1, 2, 3]);
  });

  it('a hidden pair needs a full line', () => {
    const g = row(4, 5);
    for (let d = 2; d < 4; d++) only(g, d, [3, 4, 5]);
    expect(hiddenPair(g)).toBe(false);
    const h = row(5, 5);
    for (let d = 2; d < 5; d++) only(h, d, [3, 4, 5]);
    expect(hiddenPair(h)).toBe(true);
    expect(candidates(h, 0)).toEqual([1, 2]);
  });
});

describe('line intersection', () => {
  it('two vertical dominoes holding a full row’s only places for a value take it from the other row', () => {
    // Rows 1–2 of 4 columns, N = 3: vertical dominoes in columns 1 and 2, and two horizontal
    // ones, one in each row, over columns 3–4. Row 1 has 3 entries, so it needs a 1.
    const domino = Int32Array.from([0, 1, 2, 2, 0, 1, 3, 3]);
    const cells = Int32Array.from([0, 4, 1, 5, 2, 3, 6, 7]);
    const g = new GradeState().load(withLines(2, 4, 3, domino, cells, new Uint8Array(4)));
    only(g, 2, [2, 3]);
    expect(lineIntersection(g)).toBe(true);
    expect(candidates(g, 3)).toEqual([2, 3]);
  });
});

describe('contradiction chain', () => {
  it('removes one assumed value at a time whose placing runs a line short of values', () => {
    // One full row of 3, N = 3: 1 or 2 on domino 0 would leave dominoes 1 and 2 one value between them.
    const g = row(3, 3);
    only(g, 1, [1, 2]);
    only(g, 2, [1, 2]);
    g.chainLimit = 0;
    expect(contradictionChain(g)).toBe(true);
    expect(candidates(g, 0)).toEqual([2, 3]);
    expect(contradictionChain(g)).toBe(true);
    expect(candidates(g, 0)).toEqual([3]);
    // Domino 0 now has one value; dominoes 1 and 2 either way lead somewhere: nothing to refute.
    expect(contradictionChain(g)).toBe(false);
  });

  it("places a round's singles together, and a round asking two values of a domino or one value twice in a line breaks the position", () => {
    // Two full rows of 7 cells, N = 4: a vertical domino A in column 1, then B, C, D along row 1
    // and E, F, G along row 2. With 4 on B, A and D are both left only 3 (one value twice in row
    // 1), and row 1's 1 and 2 both fall to C (two values of one domino): one round ends it.
    const domino = Int32Array.from([0, 1, 1, 2, 2, 3, 3, 0, 4, 4, 5, 5, 6, 6]);
    const cells = Int32Array.from([0, 7, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]);
    const g = new GradeState().load(withLines(2, 7, 4, domino, cells, new Uint8Array(7)));
    const sets = [
      [3, 4],
      [1, 2, 3, 4],
      [1, 2],
      [3, 4],
      [1, 2, 4],
      [2, 3, 4],
      [1, 2, 4],
    ];
    sets.forEach((vs, d) => only(g, d, vs));
    expect(lineStarvation(g)).toBe(false);
    g.logging = true;
    g.chainLimit = 1;
    expect(contradictionChain(g)).toBe(true);
    expect(g.reason).toEqual({
      kind: 'contradictionChain',
      domino: 1,
      value: 4,
      chain: [
        [0, 3],
        [2, 1],
        [2, 2],
        [3, 3],
      ],
      deadDomino: 0,
    });
    expect(candidates(g, 1)).toEqual([1, 2, 3]);
  });
});

describe('line starvation', () => {
  it('is the chain of no singles: the same removal, whatever the chain limit', () => {
    const g = row(3, 3);
    only(g, 1, [1, 2]);
    only(g, 2, [1, 2]);
    g.chainLimit = 6;
    expect(lineStarvation(g)).toBe(true);
    expect(candidates(g, 0)).toEqual([2, 3]);
  });

  it('keeps still while every line can spare the value', () => {
    const g = row(3, 4);
    only(g, 1, [1, 2]);
    only(g, 2, [1, 3]);
    // Any value on domino 0 leaves dominoes 1 and 2 two values between them at least.
    expect(lineStarvation(g)).toBe(false);
    only(g, 2, [1, 2]);
    expect(lineStarvation(g)).toBe(true);
    expect(candidates(g, 0)).toEqual([2, 3, 4]);
  });
});
