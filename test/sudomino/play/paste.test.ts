// A Sudomino board pasted into the web page in the text form: a board with one solution becomes a
// puzzle whose solution is the generator's filling and whose hints, followed, solve it; a board
// with two solutions, two boards or an unreadable row get one line; text without a board row is
// not Sudomino's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Game } from '../../../src/sudomino/play/game.js';
import { followStep, hintFor } from '../../../src/sudomino/play/hint.js';
import { playPuzzle } from '../../../src/sudomino/play/pack.js';
import { pasteSudomino } from '../../../src/sudomino/play/paste.js';
import type { RuleEntry } from '../../../src/sudomino/play/steps.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { madeSudomino, tieredSudominoPuzzle } from '../../helpers/packs.js';

describe('pasteSudomino', () => {
  it('makes a puzzle of a board with one solution, whose hints solve it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TIERS), fc.nat(20), (tier, slot) => {
        const shape = { rows: 6, cols: 6, values: 5 };
        const s = tieredSudominoPuzzle(shape, tier, slot);
        const { filling } = madeSudomino(shape, tier, slot);
        const rules: RuleEntry[] = [];
        const r = pasteSudomino([`# values: ${s.values}`, ...s.board].join('\n'), rules, 3);
        if (r === null || !r.ok) throw new Error(r === null ? 'not claimed' : r.error);
        const p = r.value;
        expect([p.kind, p.number, p.shape, p.board]).toEqual(['sudomino', 3, '6x6:5', s.board]);
        expect(p.solution).toEqual(Array.from(filling));
        const pp = playPuzzle(JSON.parse(JSON.stringify(rules)) as RuleEntry[], p);
        const g = new Game(pp.board);
        for (let k = 0; k <= pp.steps.length; k++) {
          const h = hintFor(pp.board, pp.solution, pp.steps, g.position());
          if (h.kind !== 'step') break;
          g.setPosition(followStep(pp.board, g.position(), h.place, h.remove));
        }
        expect(g.solved).toBe(true);
      }),
      { numRuns: 8, seed: 37 },
    );
  });

  it('refuses two solutions, two boards and a bad row in one line; leaves a game ID to Dominosa', () => {
    const line = (text: string): string => {
      const r = pasteSudomino(text, [], 1);
      if (r === null || r.ok) throw new Error('expected a refusal');
      expect(r.error).not.toContain('\n');
      return r.error;
    };
    expect(line('# values: 2\naabb\nccdd')).toMatch(/more than one solution/);
    expect(line('# values: 2\naabb\nccdd\n\naabb\nccdd')).toMatch(/holds 2 boards/);
    expect(line('aab\nccd')).toMatch(/^not a Sudomino board: /);
    expect(pasteSudomino('6:0123', [], 1)).toBeNull();
  });
});
