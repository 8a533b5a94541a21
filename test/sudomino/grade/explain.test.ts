// The explainer: one sentence a step, naming the step's own line, dominoes and values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeBoard } from '../../../src/sudomino/grade/ladder.js';
import { dominoName, explainSteps } from '../../../src/sudomino/grade/explain.js';
import { makePuzzle } from '../../../src/sudomino/make/generator.js';
import { lineName } from '../../../src/sudomino/board.js';
import { derive } from '../../../src/rng.js';
import { documentBoard } from './helpers.js';

describe('explaining steps', () => {
  it('words the document board’s first step as a person would', () => {
    const b = documentBoard();
    const r = gradeBoard(b);
    const words = explainSteps(b, r.steps);
    expect(words).toHaveLength(r.steps.length);
    expect(words[0]).toBe('Row 3 needs a 2 and only the domino at column 5, rows 3–4 can hold it.');
    expect(words.filter((w) => w.startsWith('The domino at'))).toHaveLength(r.uses.nakedSingle);
  });

  it('names in each sentence the domino placed or the dominoes and values removed, and the line reasoned on', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const { board } = makePuzzle({ rows: 8, cols: 8, values: 6 }, derive(seed, 29, 5));
        const r = gradeBoard(board);
        const words = explainSteps(board, r.steps);
        r.steps.forEach((s, i) => {
          const w = words[i];
          // Dominoes are named where they lie, as Dominosa's are: never by cell codes.
          expect(w).not.toMatch(/\br\d+c\d+/);
          for (const [d, v] of s.placed) {
            expect(w).toContain(dominoName(board, d));
            expect(w).toMatch(new RegExp(`\\b${v}\\b`));
          }
          if (s.placed.length === 0)
            for (const [d] of s.eliminated) expect(w).toContain(`from ${dominoName(board, d)}`);
          if ('line' in s.reason) expect(w.toLowerCase()).toContain(lineName(board.rows, s.reason.line));
          if (s.reason.kind === 'hiddenSingle')
            expect(w).toContain(`only the domino at ${dominoName(board, s.reason.domino)} can hold it`);
        });
      }),
      { numRuns: 20, seed: 2905 },
    );
  });
});
