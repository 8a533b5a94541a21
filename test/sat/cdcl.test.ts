// The clause-learning solver against brute force: random formulas small enough to enumerate,
// solved incrementally (each model blocked in turn), must give exactly the brute-force count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cdcl } from '../../src/sat/cdcl.js';

type Clause = number[];

/** Models counted, at most; a formula with more is checked up to this many. */
const CAP = 24;

function models(nVars: number, clauses: readonly Clause[]): number {
  let n = 0;
  for (let m = 0; m < 1 << nVars && n < CAP; m++) {
    if (clauses.every((c) => c.some((l) => ((m >> (l >> 1)) & 1) === ((l & 1) ^ 1)))) n++;
  }
  return n;
}

const formula = fc.integer({ min: 3, max: 10 }).chain((nVars) =>
  fc.record({
    nVars: fc.constant(nVars),
    clauses: fc.array(fc.array(fc.integer({ min: 0, max: 2 * nVars - 1 }), { minLength: 1, maxLength: 4 }), {
      maxLength: 5 * nVars,
    }),
    binaryFirst: fc.boolean(),
  }),
);

describe('Cdcl', () => {
  it('counts the models of random formulas exactly (up to a cap), blocking each model found', () => {
    fc.assert(
      fc.property(formula, ({ nVars, clauses, binaryFirst }) => {
        const s = new Cdcl(nVars);
        for (const c of clauses) {
          const binary = c.length === 2 && c[0] >> 1 !== c[1] >> 1;
          if (binaryFirst && binary) s.addBinary(c[0], c[1]);
          else s.addClause(c);
        }
        const want = models(nVars, clauses);
        let got = 0;
        while (got < CAP && s.solve() === 'sat') {
          got++;
          // Every model returned satisfies every clause.
          for (const c of clauses) expect(c.some((l) => s.modelValue(l >> 1) === ((l & 1) === 0))).toBe(true);
          s.addClause(Array.from({ length: nVars }, (_, v) => 2 * v + (s.modelValue(v) ? 1 : 0)));
        }
        expect(got).toBe(want);
      }),
      { numRuns: 1000 },
    );
  });

  it('decides each formula under assumptions as brute force does, call after call on one solver', () => {
    let sat = 0;
    let unsat = 0;
    const assumptionSets = (nVars: number) =>
      fc.array(fc.array(fc.integer({ min: 0, max: 2 * nVars - 1 }), { maxLength: nVars }), {
        minLength: 1,
        maxLength: 6,
      });
    fc.assert(
      fc.property(
        formula.chain((f) => fc.record({ f: fc.constant(f), sets: assumptionSets(f.nVars) })),
        ({ f: { nVars, clauses }, sets }) => {
          const s = new Cdcl(nVars);
          for (const c of clauses) s.addClause(c);
          for (const assumed of [...sets, []]) {
            // The assumptions as unit clauses: brute force counts the models that keep them all.
            const want = models(nVars, [...clauses, ...assumed.map((l) => [l])]) > 0;
            const got = s.solve({}, assumed);
            expect(got).toBe(want ? 'sat' : 'unsat');
            if (got !== 'sat') {
              unsat++;
              continue;
            }
            sat++;
            for (const c of clauses) expect(c.some((l) => s.modelValue(l >> 1) === ((l & 1) === 0))).toBe(true);
            for (const l of assumed) expect(s.modelValue(l >> 1)).toBe((l & 1) === 0);
          }
        },
      ),
      { numRuns: 1000 },
    );
    expect(sat).toBeGreaterThan(0);
    expect(unsat).toBeGreaterThan(0);
  });

  it('stops with unknown when its conflict budget or interrupt says so', () => {
    // Pigeonhole 7 into 6: unsatisfiable, and hard for resolution.
    const holes = 6;
    const s = new Cdcl(7 * holes);
    const v = (p: number, h: number): number => p * holes + h;
    for (let p = 0; p < 7; p++) s.addClause(Array.from({ length: holes }, (_, h) => 2 * v(p, h)));
    for (let h = 0; h < holes; h++)
      for (let p = 0; p < 7; p++) for (let q = p + 1; q < 7; q++) s.addClause([2 * v(p, h) + 1, 2 * v(q, h) + 1]);
    expect(s.solve({ maxConflicts: 5 })).toBe('unknown');
    let polls = 0;
    expect(s.solve({ interrupt: () => ++polls > 0 })).toBe('unknown');
    expect(s.solve()).toBe('unsat');
  });
});
