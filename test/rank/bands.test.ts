// Tests for src/grade/bands.ts: the four bands cover the ladder's levels once each, in order;
// bandOfLevel agrees with them; targets parse from band and level names and nothing else.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandOfLevel, GRADE_BANDS, GRADE_TARGET_NAMES, parseGradeTarget } from '../../src/rank/bands.js';
import { LEVELS, SEARCH_LEVEL } from '../../src/grade/ladder.js';
import { TIERS } from '../../src/rank/tiers.js';

describe('GRADE_BANDS', () => {
  it('cut the ladder’s levels into the four tiers, each a non-empty run, in tier order', () => {
    let next = 1;
    for (const tier of TIERS) {
      const b = GRADE_BANDS[tier];
      expect(b.minLevel, tier).toBe(next);
      expect(b.maxLevel).toBeGreaterThanOrEqual(b.minLevel);
      next = b.maxLevel + 1;
    }
    expect(next - 1).toBe(LEVELS[LEVELS.length - 1].level);
  });

  it('hold the mapping the issue asks for', () => {
    const names = (t: keyof typeof GRADE_BANDS): string[] =>
      LEVELS.filter((l) => l.level >= GRADE_BANDS[t].minLevel && l.level <= GRADE_BANDS[t].maxLevel).map((l) => l.name);
    expect(names('easy')).toEqual(['singles']);
    expect(names('normal')).toEqual(['intersections']);
    expect(names('hard')).toEqual(['duplicates', 'parity']);
    expect(names('expert')).toEqual(['sets', 'extreme', 'lookahead', 'search']);
  });
});

describe('bandOfLevel', () => {
  it('names the band that holds the level', () => {
    for (const { level } of LEVELS) {
      const b = GRADE_BANDS[bandOfLevel(level)];
      expect(level >= b.minLevel && level <= b.maxLevel, `level ${level}`).toBe(true);
    }
  });

  it('clamps levels outside 1–7 to the end bands', () => {
    expect([bandOfLevel(0), bandOfLevel(-3), bandOfLevel(SEARCH_LEVEL + 1), bandOfLevel(100)]).toEqual(['easy', 'easy', 'expert', 'expert']);
  });
});

describe('parseGradeTarget', () => {
  it('reads a band name as its levels', () => {
    for (const tier of TIERS) {
      expect(parseGradeTarget(tier)).toEqual({ ok: true, target: { name: tier, ...GRADE_BANDS[tier] } });
    }
  });

  it('reads a level name as exactly that level', () => {
    for (const { level, name } of LEVELS) {
      expect(parseGradeTarget(name)).toEqual({ ok: true, target: { name, minLevel: level, maxLevel: level } });
    }
  });

  it('ignores case and surrounding spaces', () => {
    expect(parseGradeTarget('  Expert ')).toEqual(parseGradeTarget('expert'));
    expect(parseGradeTarget('PARITY')).toEqual(parseGradeTarget('parity'));
  });

  it('refuses anything else with an error naming the choices', () => {
    for (const bad of ['', ' ', 'medium', '3', 'level3', 'hard,expert', 'single', 'chain']) {
      const r = parseGradeTarget(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.error).toContain('easy, normal, hard, expert, singles');
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const known = GRADE_TARGET_NAMES.includes(s.trim().toLowerCase());
        expect(parseGradeTarget(s).ok).toBe(known);
      }),
    );
  });
});
