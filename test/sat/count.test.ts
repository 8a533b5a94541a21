// countModels against brute force: random small formulas, every model blocked in turn, give the
// status the brute-force count implies for every cap; a formula without variables has one model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cdcl } from '../../src/sat/cdcl.js';
import { countModels, type CountStatus } from '../../src/sat/count.js';

function bruteCount(nVars: number, clauses: readonly number[][]): number {
  let n = 0;
  for (let m = 0; m < 1 << nVars; m++)
    if (clauses.every((c) => c.some((l) => ((m >> (l >> 1)) & 1) === ((l & 1) ^ 1)))) n++;
  return n;
}

const formula = fc.integer({ min: 1, max: 8 }).chain((nVars) =>
  fc.record({
    nVars: fc.constant(nVars),
    clauses: fc.array(
      fc.uniqueArray(fc.integer({ min: 0, max: 2 * nVars - 1 }), {
        minLength: 1,
        maxLength: 3,
        selector: (l) => l >> 1,
      }),
      { maxLength: 20 },
    ),
    cap: fc.integer({ min: 1, max: 4 }),
  }),
);

describe('countModels', () => {
  it('gives the status the brute-force count implies, and a first model that satisfies the formula', () => {
    fc.assert(
      fc.property(formula, ({ nVars, clauses, cap }) => {
        const sat = new Cdcl(nVars);
        for (const c of clauses) sat.addClause(c);
        const n = bruteCount(nVars, clauses);
        const r = countModels(sat, {}, cap, () => {
          const model = Array.from({ length: nVars }, (_, v) => sat.modelValue(v));
          return { model, block: model.map((t, v) => 2 * v + (t ? 1 : 0)) };
        });
        const want: CountStatus =
          n === 0 ? 'none' : n >= cap ? (cap >= 2 ? 'multiple' : 'gave-up') : n === 1 ? 'unique' : 'multiple';
        expect(r.status).toBe(want);
        expect(r.solutions).toBe(Math.min(n, cap));
        if (r.first !== null)
          expect(clauses.every((c) => c.some((l) => r.first![l >> 1] === ((l & 1) === 0)))).toBe(true);
      }),
    );
  });

  it('counts the empty model once: an empty blocking clause means no variable tells models apart', () => {
    const r = countModels(new Cdcl(0), {}, 2, () => ({ model: 'empty', block: [] }));
    expect(r).toEqual({ status: 'unique', solutions: 1, first: 'empty' });
  });
});
