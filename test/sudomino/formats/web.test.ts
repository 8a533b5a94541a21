// Tests for src/sudomino/formats/web.ts: a Sudomino entry carries the board's rows, the solution
// per domino and the grader's steps, which followed from the givens solve the puzzle; the pack has
// Sudomino's rules only when it holds a Sudomino puzzle; a solution that gives a domino two values
// is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webPackData } from '../../../src/formats/web.js';
import { allKinds } from '../../../src/kinds.js';
import type { WebPack } from '../../../src/play/pack.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { Game } from '../../../src/sudomino/play/game.js';
import { followStep, hintFor } from '../../../src/sudomino/play/hint.js';
import { playPuzzle, type PackRules, type WebPuzzle } from '../../../src/sudomino/play/pack.js';
import { packOf, tieredSudominoPuzzle } from '../../helpers/packs.js';

const KINDS = allKinds();
const SHAPES = [
  { rows: 6, cols: 6, values: 5 },
  { rows: 8, cols: 8, values: 6 },
];

describe('Sudomino in the web pack', () => {
  const dominosa = packOf(4, [3, 4]);

  it('writes its rows and solution per domino, with steps that solve it from the givens', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.constantFrom(...TIERS), fc.nat({ max: 300 }), (shape, tier, slot) => {
        const s = tieredSudominoPuzzle(shape, tier, slot);
        const alone = webPackData(dominosa, KINDS, 'p') as WebPack & PackRules;
        const mixed = webPackData([dominosa[0], s, ...dominosa.slice(1)], KINDS, 'p') as WebPack & PackRules;
        expect(alone.sudominoRules).toBeUndefined();
        const entry = mixed.puzzles[1] as WebPuzzle;
        expect(entry).toMatchObject({
          kind: 'sudomino',
          id: s.id,
          shape: s.shape,
          values: s.values,
          board: s.board,
          tier,
          ending: 'solved',
        });
        const pp = playPuzzle(mixed.sudominoRules!, JSON.parse(JSON.stringify(entry)) as WebPuzzle);
        for (let d = 0; d < pp.board.given.length; d++) {
          const a = pp.board.cells[2 * d];
          expect(entry.solution[d]).toBe(s.solution[Math.floor(a / s.cols)][a % s.cols]);
        }
        // The stored steps, followed from the givens, solve it.
        const g = new Game(pp.board);
        for (let k = 0; k <= pp.steps.length; k++) {
          const h = hintFor(pp.board, pp.solution, pp.steps, g.position());
          if (h.kind !== 'step') break;
          g.setPosition(followStep(pp.board, g.position(), h.place, h.remove));
        }
        expect(g.solved).toBe(true);
      }),
      { numRuns: 12, seed: 3 },
    );
  });

  it('refuses a solution that gives a domino two values', () => {
    const s = tieredSudominoPuzzle(SHAPES[0], 'normal', 2);
    const solution = s.solution.map((row) => [...row]);
    const c = solution[0].findIndex((v) => v !== 0);
    solution[0][c] = (solution[0][c] % s.values) + 1;
    const bad = { ...s, solution };
    expect(() => webPackData([bad], KINDS, 'p')).toThrow(RangeError);
  });
});
