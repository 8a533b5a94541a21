// Tests for src/grade/tiers.ts: tierOf against the range definition, and parseTierTable on
// the shipped data/tiers.json and on malformed tables.
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { TIERS, tierOf, parseTierTable, type Thresholds } from '../../src/rank/tiers.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { GRADER_VERSION, storedGrade } from '../../src/dominosa/rank/stored.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { GRADE_BANDS } from '../../src/dominosa/rank/bands.js';
import { nodeRange } from '../../src/rank/rule.js';
import { tierFor } from '../../src/dominosa/rank/tier-rule.js';
import { LAYERED_FROM_M, referenceNodes } from '../../src/dominosa/rank/reference.js';

const arbThresholds: fc.Arbitrary<Thresholds> = fc
  .tuple(fc.nat(500), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }))
  .map(([a, b, c]) => ({ t1: a, t2: a + b, t3: a + b + c }));

describe('tierOf', () => {
  it('follows easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert', () => {
    fc.assert(
      fc.property(arbThresholds, fc.nat(2000), (th, n) => {
        const want = n <= th.t1 ? 'easy' : n <= th.t2 ? 'normal' : n <= th.t3 ? 'hard' : 'expert';
        expect(tierOf(n, th)).toBe(want);
      }),
    );
  });

  it('is monotone in nodes', () => {
    fc.assert(
      fc.property(arbThresholds, fc.nat(2000), fc.nat(2000), (th, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(TIERS.indexOf(tierOf(lo, th))).toBeLessThanOrEqual(TIERS.indexOf(tierOf(hi, th)));
      }),
    );
  });

  it('reaches every tier exactly at the boundaries', () => {
    const th = { t1: 3, t2: 7, t3: 20 };
    expect([3, 4, 7, 8, 20, 21].map((n) => tierOf(n, th))).toEqual([
      'easy',
      'normal',
      'normal',
      'hard',
      'hard',
      'expert',
    ]);
    expect(TIERS).toEqual(['easy', 'normal', 'hard', 'expert']);
  });
});

describe('parseTierTable', () => {
  it('reads the shipped data/tiers.json for M = 3..9 and the large sizes at the current solver version', () => {
    const res = parseTierTable(JSON.parse(readFileSync(new URL('../../data/tiers.json', import.meta.url), 'utf8')));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.solverVersion).toBe(REFERENCE_VERSION);
    expect(
      Object.keys(res.table)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 12, 15, 20, 30, 50, 100]);
  });

  it('makes every tier reachable at every size (the thresholds match the current measure)', () => {
    const res = parseTierTable(JSON.parse(readFileSync(new URL('../../data/tiers.json', import.meta.url), 'utf8')));
    if (!res.ok) throw new Error(res.error);
    const gen = new Generator();
    for (let m = 3; m <= 9; m++) {
      const counts = new Map<string, number>();
      for (let k = 0; k < 300; k++) {
        const r = gen.generateSlot(123, m, k);
        if (!r.ok) throw new Error(r.reason);
        const t = tierOf(r.puzzle.nodes, res.table[m]);
        counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      // Aimed at about 40/30/20/10 %; a share under 4 % of 300 would mean the measure drifted.
      for (const t of TIERS) expect(counts.get(t) ?? 0, `M=${m} ${t}`).toBeGreaterThanOrEqual(12);
    }
  });

  it('reads the shipped score cuts for M = 3..9 at the current grader version, each tier reachable', () => {
    const res = parseTierTable(JSON.parse(readFileSync(new URL('../../data/tiers.json', import.meta.url), 'utf8')));
    if (!res.ok) throw new Error(res.error);
    expect(res.graderVersion).toBe(GRADER_VERSION);
    expect(Object.keys(res.scores ?? {}).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const gen = new Generator();
    for (let m = 3; m <= 9; m++) {
      const seen = new Set<string>();
      for (let k = 0; k < 200 && seen.size < 4; k++) {
        const r = gen.generateSlot(321, m, k);
        if (r.ok) seen.add(tierOf(storedGrade(r.puzzle.board).score, res.scores![m]));
      }
      expect(seen.size, `M=${m}`).toBe(4);
    }
  });

  it("has grade-band ranges for M = 3..9 and the large sizes, every band in reach, and at M = 12 each band's slot lands in its tier", () => {
    const res = parseTierTable(JSON.parse(readFileSync(new URL('../../data/tiers.json', import.meta.url), 'utf8')));
    if (!res.ok) throw new Error(res.error);
    const grade = res.grade ?? {};
    const sizes = Object.keys(grade).map(Number);
    for (const m of [3, 4, 5, 6, 7, 8, 9, 12, 15, 20, 30, 50]) expect(sizes, `M=${m}`).toContain(m);
    for (const m of sizes) for (const t of TIERS) expect(res.yields?.[m]?.[t], `M=${m} ${t}`).toBeGreaterThan(0);
    // From M = 10 the guardrail is the layered score: a range ending at 1 is singles settling the board.
    for (const m of sizes.filter((x) => x >= LAYERED_FROM_M)) expect(grade[m].t1, `M=${m}`).toBe(1);
    const gen = new Generator();
    const th = grade[12];
    let below = 0;
    for (const [b, tier] of TIERS.entries()) {
      const r = gen.generateSlot(7, 12, b, { grade: GRADE_BANDS[tier], nodes: nodeRange(tier, th) });
      if (!r.ok) throw new Error(`M=12 ${tier}: ${r.reason}`);
      const { nodes, score } = r.puzzle;
      expect(nodes).toBe(referenceNodes(r.puzzle.board, gen.solver));
      expect(tierFor({ nodes, score: score! }, { measure: 'grade', th })).toBe(tier);
      // Tiers strictly ordered by the guardrail across the four slots.
      expect(nodes, tier).toBeGreaterThan(below);
      below = nodes;
    }
  });

  it('accepts the bare sizes object and keeps the values', () => {
    const res = parseTierTable({ '4': { t1: 0, t2: 1, t3: 2 }, '10': { t1: 5, t2: 9, t3: 40 } });
    expect(res).toEqual({ ok: true, table: { 4: { t1: 0, t2: 1, t3: 2 }, 10: { t1: 5, t2: 9, t3: 40 } } });
  });

  it('round-trips any valid table', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 1, max: 40 }).map(String), arbThresholds, { minKeys: 1 }),
        (sizes) => {
          const res = parseTierTable({ solverVersion: 'x', sizes });
          expect(res.ok && res.solverVersion === 'x' && JSON.stringify(res.table) === JSON.stringify(sizes)).toBe(true);
        },
      ),
    );
  });

  it('reads a "sudomino" section of shape ranges, and refuses a malformed one', () => {
    const shapes = fc.dictionary(
      fc
        .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }))
        .map(([r, c, n]) => `${r}x${c}:${n}`),
      arbThresholds,
    );
    fc.assert(
      fc.property(shapes, (grade) => {
        const res = parseTierTable({
          solverVersion: 'x',
          sizes: { '3': { t1: 1, t2: 2, t3: 3 } },
          sudomino: { solverVersion: 's', graderVersion: 'g', grade },
        });
        expect(res.ok && JSON.stringify(res.kinds?.sudomino)).toBe(
          JSON.stringify({ solverVersion: 's', graderVersion: 'g', grade }),
        );
      }),
    );
    const file = (sudomino: unknown) =>
      parseTierTable({ solverVersion: 'x', sizes: { '3': { t1: 1, t2: 2, t3: 3 } }, sudomino });
    const th = { t1: 1, t2: 5, t3: 9 };
    expect(file({ solverVersion: 's', graderVersion: 'g', grade: { '8 x 8': th } })).toEqual({
      ok: false,
      error: 'sudomino: size key "8 x 8" is not a size',
    });
    expect(file([th])).toMatchObject({ ok: false, error: expect.stringMatching(/^unknown field "sudomino"/) });
    expect(file({ solverVersion: 's', grade: { '8x8:6': th } })).toEqual({
      ok: false,
      error: 'sudomino: graderVersion must be a non-empty string',
    });
    expect(file({ solverVersion: 's', graderVersion: 'g', grade: {}, sizes: {} })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^sudomino: unknown field "sizes"/),
    });
    expect(file({ solverVersion: 's', graderVersion: 'g', grade: { '8x8:6': { t1: 5, t2: 5, t3: 9 } } })).toMatchObject(
      { ok: false, error: expect.stringMatching(/^sudomino: 8x8:6: thresholds must rise strictly/) },
    );
  });

  const bad: [string, unknown, RegExp][] = [
    ['not an object', [1, 2], /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['no sizes', {}, /no sizes/],
    ['non-strict order', { '3': { t1: 2, t2: 2, t3: 5 } }, /t1 < t2 < t3/],
    ['descending', { '3': { t1: 9, t2: 5, t3: 1 } }, /t1 < t2 < t3/],
    ['negative', { '3': { t1: -1, t2: 2, t3: 5 } }, /t1 must be a whole number/],
    ['fraction', { '3': { t1: 1, t2: 2.5, t3: 5 } }, /t2 must be a whole number/],
    ['string threshold', { '3': { t1: 1, t2: '2', t3: 5 } }, /t2 must be a whole number/],
    ['missing threshold', { '3': { t1: 1, t2: 2 } }, /t3 must be a whole number/],
    ['extra threshold', { '3': { t1: 1, t2: 2, t3: 3, t4: 4 } }, /unknown field "t4"/],
    ['size key not M', { three: { t1: 1, t2: 2, t3: 3 } }, /size key "three"/],
    ['size key 0', { '0': { t1: 1, t2: 2, t3: 3 } }, /size key "0"/],
    ['size key padded', { '03': { t1: 1, t2: 2, t3: 3 } }, /size key "03"/],
    ['thresholds not object', { '3': [1, 2, 3] }, /must be an object/],
    ['file without version', { sizes: { '3': { t1: 1, t2: 2, t3: 3 } } }, /solverVersion/],
    ['file with unknown field', { solverVersion: 'v', sizes: {}, extra: 1 }, /unknown field "extra"/],
    ['file sizes not object', { solverVersion: 'v', sizes: 3 }, /sizes is not an object/],
    [
      'scores without a grader version',
      { solverVersion: 'v', sizes: { '3': { t1: 1, t2: 2, t3: 3 } }, scores: { '3': { t1: 1, t2: 2, t3: 3 } } },
      /graderVersion/,
    ],
    [
      'a score cut of 8',
      {
        solverVersion: 'v',
        graderVersion: 'g',
        sizes: { '3': { t1: 1, t2: 2, t3: 3 } },
        scores: { '3': { t1: 1, t2: 2, t3: 8 } },
      },
      /^scores: M=3: t3 must be a score/,
    ],
    [
      'falling score cuts',
      {
        solverVersion: 'v',
        graderVersion: 'g',
        sizes: { '3': { t1: 1, t2: 2, t3: 3 } },
        scores: { '3': { t1: 5.5, t2: 2.1, t3: 6 } },
      },
      /^scores: M=3: thresholds must rise/,
    ],
  ];
  for (const [name, input, msg] of bad) {
    it(`refuses: ${name}`, () => {
      const res = parseTierTable(input);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(msg);
    });
  }
});
