// Tests for the solution helpers' text form: solutionJson must be exactly the JSON of the
// domino list, whatever the numbers' sizes and however long the list (its scratch grows).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Domino, solutionJson } from '../src/solution.js';

const arbDomino: fc.Arbitrary<Domino> = fc.tuple(
  fc.nat({ max: 2000 }),
  fc.nat(),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.oneof(fc.nat({ max: 9 }), fc.integer({ min: -1000, max: -1 }), fc.double({ noNaN: true, noDefaultInfinity: true })),
);

describe('solutionJson', () => {
  it('is JSON.stringify of the dominoes, with no spaces', () => {
    fc.assert(
      fc.property(fc.array(arbDomino, { maxLength: 60 }), (solution) => {
        expect(solutionJson(solution)).toBe(JSON.stringify(solution));
      }),
      { numRuns: 300 },
    );
  });

  it('handles lists longer than its first scratch buffer, and is right again afterwards', () => {
    const long: Domino[] = Array.from({ length: 5000 }, (_, i) => [i, i + 1, 999, 1e21]);
    expect(solutionJson(long)).toBe(JSON.stringify(long));
    expect(solutionJson([[0, 0, 0, 1]])).toBe('[[0,0,0,1]]');
    expect(solutionJson([])).toBe('[]');
  });
});
