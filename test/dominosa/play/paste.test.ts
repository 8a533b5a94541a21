// A Dominosa game ID pasted into the web page: a board with one solution becomes a puzzle whose
// solution is the solver's and whose hints, followed from the empty board, solve it; the same text
// plays under the same id; text that is no game ID is not Dominosa's; a refusal is one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTathamId } from '../../../src/dominosa/formats/tatham-read.js';
import { Game } from '../../../src/dominosa/play/game.js';
import { placementOfDomino } from '../../../src/dominosa/play/geometry.js';
import { followStep, hintFor } from '../../../src/dominosa/play/hint.js';
import { playPuzzle } from '../../../src/dominosa/play/pack.js';
import { pasteDominosa } from '../../../src/dominosa/play/paste.js';
import type { RuleEntry } from '../../../src/dominosa/play/steps.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { toTathamId } from '../../../src/dominosa/formats/tatham.js';
import { packPuzzle } from '../../helpers/packs.js';
import { uniqueBoards } from '../grade/helpers.js';

// Boards with one solution (wide and tall: a tall one's ID is its wide form), and planted boards,
// which mostly have several.
const IDS = [
  ...[3, 4, 5].flatMap((m) => uniqueBoards(m, 3, 37).map(({ board }) => toTathamId(board))),
  ...[3, 4].map((m) => `${m}:${packPuzzle(m, 1).grid.flat().join('')}`),
];

describe('pasteDominosa', () => {
  it('makes a puzzle of a game ID with one solution, whose hints solve it, or refuses it in one line', () => {
    let made = 0;
    fc.assert(
      fc.property(fc.constantFrom(...IDS), (text) => {
        const m = Number(text.split(':')[0]);
        const board = (parseTathamId(text) as { ok: true; board: Parameters<Solver['solve']>[0] }).board;
        const proof = new Solver().solve(board, { cap: 2 });
        const rules: RuleEntry[] = [];
        const r = pasteDominosa(text, rules, 7);
        expect(r).not.toBeNull();
        if (proof.solutions !== 1) {
          expect(r!.ok).toBe(false);
          if (!r!.ok) expect(r!.error).not.toContain('\n');
          return;
        }
        if (!r!.ok) throw new Error(r!.error);
        const p = r!.value;
        made++;
        expect([p.number, p.m, p.rows, p.cols]).toEqual([7, m, m + 1, m + 2]);
        expect(p.solution).toEqual(proof.solution!.map((d) => placementOfDomino(board, d)).sort((a, b) => a - b));
        // Same text, same id (progress is kept under it).
        expect(pasteDominosa(` ${text}\n`, rules, 7)).toMatchObject({ ok: true, value: { id: p.id } });
        const pp = playPuzzle({ rules: JSON.parse(JSON.stringify(rules)) as RuleEntry[] }, p);
        const g = new Game(pp.board);
        for (let n = 0; n <= pp.steps.length; n++) {
          const h = hintFor(pp.board, pp.solution, pp.steps, g.position());
          if (h.kind !== 'step') break;
          const pos = g.position();
          g.setPosition(followStep(pos, h.lay));
        }
        if (p.ending === 'solved') expect(g.solved).toBe(true);
      }),
      { numRuns: 16, seed: 37 },
    );
    expect(made).toBeGreaterThan(0);
  });

  it('leaves text that is no game ID to other kinds, and refuses a random-seed ID or a short one in one line', () => {
    expect(pasteDominosa('aabb\nccdd', [], 1)).toBeNull();
    const seed = pasteDominosa('6#12345', [], 1);
    expect(seed).toMatchObject({ ok: false });
    expect(seed?.ok === false && seed.error).toMatch(/random-seed ID/);
    const short = pasteDominosa('4:0123', [], 1);
    expect(short?.ok === false && short.error).toMatch(/too short/);
  });
});
