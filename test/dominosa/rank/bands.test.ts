// Tests for src/rank/bands.ts: the four bands are Tatham's levels, runs of the ladder in order
// with nothing beyond Extreme; bandOfLevel agrees with them; targets parse from band and level names and nothing else.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bandOfLevel,
  EXTREME_LEVEL,
  GRADE_BANDS,
  GRADE_TARGET_NAMES,
  inBand,
  levelNumber,
  parseGradeTarget,
  TATHAM_NAMES,
  techniqueOf,
} from '../../../src/dominosa/rank/bands.js';
import { LEVELS, SEARCH_LEVEL } from '../../../src/dominosa/grade/ladder.js';
import { TIERS } from '../../../src/rank/tiers.js';

describe('GRADE_BANDS', () => {
  it('are runs of the ladder from level 1, in tier order, leaving only what lies beyond Extreme', () => {
    let next = 1;
    for (const tier of TIERS) {
      const b = GRADE_BANDS[tier];
      expect(b.minLevel, tier).toBe(next);
      expect(b.maxLevel).toBeGreaterThanOrEqual(b.minLevel);
      next = b.maxLevel + 1;
    }
    // Search is in no band: a tier never holds a puzzle that needs guessing.
    expect(GRADE_BANDS.expert.maxLevel).toBeLessThan(SEARCH_LEVEL);
    expect(GRADE_BANDS.expert.maxLevel).toBe(levelNumber(EXTREME_LEVEL));
  });

  it('hold the mapping the issue asks for: Trivial, Basic, Hard, Extreme', () => {
    const names = (t: keyof typeof GRADE_BANDS): string[] =>
      LEVELS.filter((l) => l.level >= GRADE_BANDS[t].minLevel && l.level <= GRADE_BANDS[t].maxLevel).map((l) => l.name);
    expect(names('easy')).toEqual(['singles']);
    expect(names('normal')).toEqual(['intersections', 'duplicates', 'parity']);
    expect(names('hard')).toEqual(['sets']);
    expect(names('expert')).toEqual([EXTREME_LEVEL]);
    expect(TIERS.map((t) => TATHAM_NAMES[t])).toEqual(['Trivial', 'Basic', 'Hard', 'Extreme']);
  });
});

describe('bandOfLevel', () => {
  it('names the band that holds the level, and null above Extreme', () => {
    for (const { level } of LEVELS) {
      const t = bandOfLevel(level);
      if (level > GRADE_BANDS.expert.maxLevel) expect(t, `level ${level}`).toBeNull();
      else expect(t !== null && inBand(GRADE_BANDS[t], level), `level ${level}`).toBe(true);
    }
    expect(bandOfLevel(SEARCH_LEVEL)).toBeNull();
  });

  it('puts levels outside the ladder in no band', () => {
    expect([bandOfLevel(0), bandOfLevel(-3), bandOfLevel(SEARCH_LEVEL + 1), bandOfLevel(100)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('techniqueOf', () => {
  it("names the band's tier and the technique", () => {
    expect(techniqueOf(levelNumber('sets'))).toBe('Hard: set analysis');
    expect(techniqueOf(1)).toBe('Easy: singles');
    expect(techniqueOf(SEARCH_LEVEL)).toBe('Beyond expert: trial and error');
  });

  it('reads a level name as the ladder spells it, and agrees with the band of every level', () => {
    for (const l of LEVELS) {
      const words = techniqueOf(l.name);
      expect(words).toBe(techniqueOf(l.level));
      const band = bandOfLevel(l.level);
      expect(words?.split(':')[0].toLowerCase()).toBe(band ?? 'beyond expert');
    }
    expect(techniqueOf('chains')).toBeNull();
    expect(techniqueOf(0)).toBeNull();
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
