// Tests for src/rank/aims.ts: under the grade rule a size's slots aim in turn at each tier's band
// and node range; a tier with no yield is named out of reach; a target no tier holds is refused;
// the node and score rules keep every tier and aim every slot at the target.
import { describe, expect, it } from 'vitest';
import { aimOf, planSize } from '../../../src/dominosa/rank/aims.js';
import { GRADE_BANDS, parseGradeTarget, type GradeTarget } from '../../../src/dominosa/rank/bands.js';
import { TIERS, type Tier } from '../../../src/rank/tiers.js';

const TH = { t1: 4, t2: 10, t3: 33 };
const GRADE = { measure: 'grade' as const, th: TH };
const all = (y: number): Record<Tier, number> => ({ easy: y, normal: y, hard: y, expert: y });
const target = (name: string): GradeTarget => {
  const r = parseGradeTarget(name);
  if (!r.ok) throw new Error(r.error);
  return r.target;
};

describe('planSize under the grade rule', () => {
  it('without yields, aims slot k at tier k mod 4: its band inside its node range', () => {
    const r = planSize(6, GRADE);
    if (!r.ok) throw new Error(r.error);
    expect(r.plan.wanted).toEqual([...TIERS]);
    expect(r.plan.aims.map((a) => a.targets.map((t) => t.nodes))).toEqual([
      [{ min: 0, max: 4 }],
      [{ min: 5, max: 10 }],
      [{ min: 11, max: 33 }],
      [{ min: 34, max: Infinity }],
    ]);
    for (let k = 0; k < 8; k++)
      expect(aimOf(r.plan, k)?.targets.map((t) => t.band)).toEqual([GRADE_BANDS[TIERS[k % 4]]]);
  });

  it('aims tiers of about the rarest yield together, in as many slots as there are of them; commoner tiers alone', () => {
    const tiersOf = (r: ReturnType<typeof planSize>): Tier[][] => {
      if (!r.ok) throw new Error(r.error);
      const byBand = (b: object): Tier => TIERS.find((t) => JSON.stringify(GRADE_BANDS[t]) === JSON.stringify(b))!;
      return r.plan.aims.map((a) => a.targets.map((t) => byBand(t.band)));
    };
    const small = { easy: 592, normal: 34, hard: 3.5, expert: 1.5 };
    expect(tiersOf(planSize(3, GRADE, undefined, small))).toEqual([
      ['easy'],
      ['normal'],
      ['hard', 'expert'],
      ['hard', 'expert'],
    ]);
    const even = tiersOf(planSize(9, GRADE, undefined, { easy: 62, normal: 28.5, hard: 29, expert: 28 }));
    expect(even).toEqual(new Array(4).fill([...TIERS]));
    // The joint targets keep their own ranges, which do not overlap.
    const r = planSize(9, GRADE, undefined, all(50));
    if (!r.ok) throw new Error(r.error);
    expect(r.plan.aims[0].targets.map((t) => t.nodes!.min)).toEqual([0, 5, 11, 34]);
    // From the layered sizes up, yields count aimed slots, not unique deals: every tier alone.
    expect(tiersOf(planSize(12, GRADE, undefined, all(50)))).toEqual(TIERS.map((t) => [t]));
    // A grade target narrows the tiers first; one tier left is aimed at alone.
    expect(tiersOf(planSize(3, GRADE, target('hard'), small))).toEqual([['hard']]);
  });

  it('names a tier with no yield as out of reach and fills the others', () => {
    const r = planSize(3, GRADE, undefined, { ...all(7), expert: 0 });
    if (!r.ok) throw new Error(r.error);
    expect(r.plan.wanted).toEqual(['easy', 'normal', 'hard']);
    expect(r.plan.unreachable.map((u) => u.tier)).toEqual(['expert']);
    expect(r.plan.unreachable[0].why).toMatch(/no Extreme puzzle had a reference nodes of above 33/);
  });

  it('with a target, fills only the tiers it meets, and refuses one beyond Extreme in one line', () => {
    const r = planSize(6, GRADE, target('hard'), all(50));
    if (!r.ok) throw new Error(r.error);
    expect(r.plan.wanted).toEqual(['hard']);
    const bad = planSize(6, GRADE, target('search'), all(50));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^M=6: no tier holds grade search puzzles, which are beyond Extreme/);
    const none = planSize(3, GRADE, target('expert'), { ...all(7), expert: 0 });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error).toMatch(/^M=3: no tier can be filled \(--grade expert\): expert is out of reach/);
  });

  it('under the node rule keeps every tier; slots are ungraded unless a target is given', () => {
    const nodes = { measure: 'nodes' as const, th: TH };
    const r = planSize(6, nodes);
    expect(r.ok && r.plan.aims.length === 0 && r.plan.wanted.length === 4).toBe(true);
    const g = planSize(6, nodes, target('expert'));
    if (!g.ok) throw new Error(g.error);
    expect(g.plan.aims).toEqual([
      { targets: [{ band: { minLevel: GRADE_BANDS.expert.minLevel, maxLevel: GRADE_BANDS.expert.maxLevel } }] },
    ]);
  });

  it('under the node rule refuses, before any slot, a tier no puzzle can enter: below 1, or 1 for a target above singles', () => {
    const one = { measure: 'nodes' as const, th: { t1: 1, t2: 3, t3: 5 } };
    for (const name of ['normal', 'sets', 'expert', 'lookahead']) {
      const r = planSize(3, one, target(name));
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.error).toMatch(
          new RegExp(
            `^M=3: the easy tier \\(reference nodes 0\\.\\.1\\) holds only puzzles that singles settle, none of grade ${name}`,
          ),
        );
    }
    // Singles, a band reaching singles, and no target at all can fill a range ending at 1.
    for (const g of [target('singles'), target('easy'), undefined]) expect(planSize(3, one, g).ok).toBe(true);
    const zero = planSize(12, { measure: 'nodes', th: { t1: 0, t2: 3, t3: 5 } });
    expect(zero.ok).toBe(false);
    if (!zero.ok)
      expect(zero.error).toBe(
        'M=12: the easy tier (layered score 0..0) can hold no puzzle: every board measures at least 1',
      );
    // A first range ending above 1 is left to the slots.
    expect(planSize(6, { measure: 'nodes', th: TH }, target('expert')).ok).toBe(true);
  });
});
