// The Tatham-like grading used by `npm run eval:grading` must be sound, or its labels mean
// nothing: no level ever rules out a placement of the board's only solution, a board it calls
// solved is solved to that solution, and each level solves whatever the level below solves.
import { describe, expect, it } from 'vitest';
import { BEYOND_EXTREME, tathamLevel, tathamSolve } from '../../../../scripts/eval/dominosa/tatham-levels.js';
import { uniqueBoards } from '../../../dominosa/grade/helpers.js';

describe('Tatham-like levels', () => {
  it('are sound and nested on unique boards of M = 3..7, and reach every label', () => {
    const labels = new Set<number>();
    for (let m = 3; m <= 7; m++) {
      for (const { board, solution } of uniqueBoards(m, m <= 5 ? 30 : 15, 913)) {
        const truth = solution.map(([r1, c1, r2, c2]) => `${r1 * board.cols + c1},${r2 * board.cols + c2}`).sort();
        let solvedBelow = false;
        for (let level = 1; level <= 4; level++) {
          const run = tathamSolve(board, level);
          const live = new Set(run.remaining.map(([a, b]) => `${a},${b}`));
          for (const d of truth)
            expect(live.has(d), `M=${m}, level ${level}: solution domino ${d} ruled out`).toBe(true);
          if (run.solved) expect([...live].sort()).toEqual(truth);
          if (solvedBelow) expect(run.solved).toBe(true);
          solvedBelow ||= run.solved;
          expect(run.hardest).toBeLessThanOrEqual(level);
        }
        const label = tathamLevel(board);
        labels.add(label);
        if (label < BEYOND_EXTREME) {
          expect(tathamSolve(board, label).solved).toBe(true);
          if (label > 1) expect(tathamSolve(board, label - 1).solved).toBe(false);
        } else expect(solvedBelow).toBe(false);
      }
    }
    expect([...labels].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
