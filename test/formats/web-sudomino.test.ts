// The web pack's data for a pack mixing both kinds (src/formats/web.ts): Dominosa entries are as
// in a Dominosa pack, Sudomino entries carry the board's rows, the solution per domino and the
// grader's steps, which followed from the givens solve the puzzle; bad solutions are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSudominoWeb, type WebPuzzle } from '../../src/play/pack.js';
import { packChecksum } from '../../src/formats/pack.js';
import { webPackData } from '../../src/formats/web.js';
import { SudominoGame } from '../../src/sudomino/play/game.js';
import { followStep, sudominoHintFor } from '../../src/sudomino/play/hint.js';
import { playSudomino, type SudominoWebPuzzle } from '../../src/sudomino/play/pack.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf } from '../helpers/packs.js';
import { sudominoPackPuzzle } from '../helpers/sudomino-packs.js';

const SHAPES = [
  { rows: 6, cols: 6, values: 5 },
  { rows: 8, cols: 8, values: 6 },
];

describe('webPackData of a mixed pack', () => {
  const dominosa = packOf(4, [3, 4]);

  it('writes Dominosa entries as a Dominosa pack does, and Sudomino ones with their rows and solution per domino', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.constantFrom(...TIERS), fc.nat({ max: 300 }), (shape, tier, slot) => {
        const s = sudominoPackPuzzle(shape, tier, slot);
        const alone = webPackData(dominosa, 'p');
        const mixed = webPackData([dominosa[0], s, ...dominosa.slice(1)], 'p');
        const strip = (p: WebPuzzle): WebPuzzle => ({ ...p, number: undefined });
        expect(mixed.puzzles.filter((p) => !isSudominoWeb(p)).map((p) => strip(p))).toEqual(
          alone.puzzles.map((p) => strip(p as WebPuzzle)),
        );
        expect(alone.sudominoRules).toBeUndefined();
        expect(alone.checksum).toBe(packChecksum(dominosa));
        expect(mixed.checksum).not.toBe(alone.checksum);
        const entry = mixed.puzzles[1] as SudominoWebPuzzle;
        expect(entry).toMatchObject({
          kind: 'sudomino',
          id: s.id,
          shape: s.shape,
          values: s.values,
          board: s.board,
          tier,
          ending: 'solved',
        });
        const pp = playSudomino(mixed.sudominoRules!, JSON.parse(JSON.stringify(entry)) as SudominoWebPuzzle);
        for (let d = 0; d < pp.board.given.length; d++) {
          const a = pp.board.cells[2 * d];
          expect(entry.solution[d]).toBe(s.solution[Math.floor(a / s.cols)][a % s.cols]);
        }
        // The stored steps, followed from the givens, solve it.
        const g = new SudominoGame(pp.board);
        for (let k = 0; k <= pp.steps.length; k++) {
          const h = sudominoHintFor(pp.board, pp.solution, pp.steps, g.position());
          if (h.kind !== 'step') break;
          g.setPosition(followStep(pp.board, g.position(), h.place, h.remove));
        }
        expect(g.solved).toBe(true);
      }),
      { numRuns: 12, seed: 3 },
    );
  });

  it('numbers Dominosa before Sudomino within a tier', () => {
    const s = sudominoPackPuzzle(SHAPES[0], 'easy', 1);
    const d = { ...dominosa[0], tier: 'easy' };
    const pack = webPackData([s, d], 'p');
    expect(pack.puzzles.map((p) => p.number)).toEqual([2, 1]);
  });

  it('refuses a Sudomino solution that gives a domino two values', () => {
    const s = sudominoPackPuzzle(SHAPES[0], 'normal', 2);
    const solution = s.solution.map((row) => [...row]);
    const c = solution[0].findIndex((v) => v !== 0);
    solution[0][c] = (solution[0][c] % s.values) + 1;
    expect(() => webPackData([{ ...s, solution }], 'p')).toThrow(RangeError);
  });
});
