// The score counts the uses of the board's own level only: the work done at easier levels
// leaves it alone (it ordered boards no better than chance against Tatham-like labels), each
// use at the top raises it, and it never carries a board into the next grade.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeBoard, LADDER, SEARCH_LEVEL, scoreOf } from '../../../src/dominosa/grade/ladder.js';
import { uniqueBoards } from './helpers.js';

describe('scoreOf', () => {
  it('ignores the uses of every level but the board’s own', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: SEARCH_LEVEL }),
        fc.array(fc.nat({ max: 500 }), { minLength: SEARCH_LEVEL + 1, maxLength: SEARCH_LEVEL + 1 }),
        fc.nat({ max: 1e6 }),
        fc.integer({ min: 1, max: SEARCH_LEVEL }),
        (level, uses, nodes, other) => {
          fc.pre(other !== level);
          const more = [...uses];
          more[other] += 5;
          expect(scoreOf(level, more, level === SEARCH_LEVEL ? nodes : nodes + 5)).toBe(scoreOf(level, uses, nodes));
        },
      ),
    );
  });

  it('gives one use at the top 0.2 above the level, and half at fifteen uses', () => {
    const uses = [0, 0, 0, 0, 0, 1, 0, 0];
    expect(scoreOf(5, uses, 0)).toBeCloseTo(5.2, 12);
    expect(scoreOf(SEARCH_LEVEL, uses, 15)).toBeCloseTo(SEARCH_LEVEL + 0.5, 12);
  });

  it('is what gradeBoard reports', () => {
    const levels = new Set<number>();
    for (const { board } of uniqueBoards(8, 40, 5)) {
      const r = gradeBoard(board);
      const perLevel = new Array<number>(SEARCH_LEVEL + 1).fill(0);
      for (const rule of LADDER) perLevel[rule.level] += r.steps[rule.name];
      expect(r.score).toBe(scoreOf(r.level, perLevel, r.nodes));
      levels.add(r.level);
    }
    expect(levels.size).toBeGreaterThanOrEqual(3);
  });
});
