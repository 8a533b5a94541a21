// The score's term for the double's set analysis (doubleStarvesCells): it lifts a board within
// levels 5 and 6 only, more at 5 than at 6, keeps growing with every use, and never carries a
// score into the next grade.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeBoard, LADDER, SEARCH_LEVEL, scoreOf } from '../../src/grade/ladder.js';
import { uniqueBoards } from './helpers.js';

describe('scoreOf and the double’s set analysis', () => {
  it('raises the score at levels 5 and 6 with each use, leaves other levels alone, stays in grade', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: SEARCH_LEVEL }),
        fc.array(fc.nat({ max: 500 }), { minLength: SEARCH_LEVEL + 1, maxLength: SEARCH_LEVEL + 1 }),
        fc.nat({ max: 1e6 }),
        fc.nat({ max: 500 }),
        (level, uses, nodes, d) => {
          const s = scoreOf(level, uses, nodes, d);
          const s2 = scoreOf(level, uses, nodes, d + 1);
          expect(Math.floor(s)).toBe(level);
          expect(Math.floor(s2)).toBe(level);
          if (level === 5 || level === 6) expect(s2).toBeGreaterThan(s);
          else expect(s2).toBe(s);
          expect(scoreOf(level, uses, nodes)).toBe(scoreOf(level, uses, nodes, 0));
        },
      ),
    );
  });

  it('weighs one use of it above a plain set analysis at level 5, and less at level 6', () => {
    const plain = [0, 0, 0, 0, 0, 1, 0, 0];
    expect(scoreOf(5, plain, 0, 1)).toBeGreaterThan(scoreOf(5, [0, 0, 0, 0, 0, 8, 0, 0], 0, 0));
    const lift5 = scoreOf(5, plain, 0, 1) - scoreOf(5, plain, 0, 0);
    const atSix = [0, 0, 0, 0, 0, 1, 1, 0];
    const lift6 = scoreOf(6, atSix, 0, 1) - scoreOf(6, atSix, 0, 0);
    expect(lift6).toBeGreaterThan(0);
    expect(lift6).toBeLessThan(lift5);
  });

  it('is what gradeBoard reports, fed with the board’s doubleStarvesCells count', () => {
    let withDouble = 0;
    for (const { board } of uniqueBoards(8, 40, 5)) {
      const r = gradeBoard(board);
      const perLevel = new Array<number>(SEARCH_LEVEL + 1).fill(0);
      for (const rule of LADDER) perLevel[rule.level] += r.steps[rule.name];
      expect(r.score).toBe(scoreOf(r.level, perLevel, r.nodes, r.steps.doubleStarvesCells));
      if (r.steps.doubleStarvesCells > 0 && (r.level === 5 || r.level === 6)) withDouble++;
    }
    expect(withDouble).toBeGreaterThan(0);
  });
});
