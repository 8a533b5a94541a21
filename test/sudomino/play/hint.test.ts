// Sudomino hints from the grader's packed steps: following every hint from the start, or from
// any correct part of the solution, solves every generated puzzle; a hint writes no mark the
// player did not make, and crosses out only the player's own; a wrong value or a mark
// without the solution's value is a mistake naming its domino; packed steps read back whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, Grader } from '../../../src/sudomino/grade/ladder.js';
import { Game } from '../../../src/sudomino/play/game.js';
import { followStep, hintFor } from '../../../src/sudomino/play/hint.js';
import { packSteps, unpackStep, type HintStep, type RuleEntry } from '../../../src/sudomino/play/steps.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { madeSudomino } from '../../helpers/packs.js';
import type { Board } from '../../../src/sudomino/board.js';

const grader = new Grader();
const SHAPES = [
  { rows: 6, cols: 6, values: 5 },
  { rows: 8, cols: 8, values: 6 },
];
const levelName = (level: number): string => LEVELS[level - 1].name;

function hintSteps(board: Board): HintStep[] {
  const rules: RuleEntry[] = [];
  const packed = packSteps(grader.grade(board).steps, rules, levelName);
  // Through JSON, as the page reads them.
  return (JSON.parse(JSON.stringify(packed)) as typeof packed).map((s) =>
    unpackStep(JSON.parse(JSON.stringify(rules)) as RuleEntry[], s),
  );
}

/** Follow hints until the board is solved; the number of steps followed, or -1 if a hint was anything else. */
function followAll(board: Board, solution: number[], steps: HintStep[], g: Game): number {
  for (let k = 0; k <= steps.length; k++) {
    const h = hintFor(board, solution, steps, g.position());
    if (h.kind === 'solved') return k;
    if (h.kind !== 'step') return -1;
    expect(g.setPosition(followStep(board, g.position(), h.place, h.remove))).toBe(true);
  }
  return -1;
}

describe('hintFor', () => {
  const puzzle = fc.record({
    shape: fc.constantFrom(...SHAPES),
    tier: fc.constantFrom(...TIERS),
    slot: fc.nat({ max: 500 }),
  });

  it('solves every generated puzzle by following every hint from the start', () => {
    fc.assert(
      fc.property(puzzle, ({ shape, tier, slot }) => {
        const { board, filling } = madeSudomino(shape, tier, slot);
        const steps = hintSteps(board);
        const g = new Game(board);
        const followed = followAll(board, Array.from(filling), steps, g);
        expect(followed).toBeGreaterThan(0);
        expect(g.solved).toBe(true);
        expect(g.conflicts()).toEqual([]);
      }),
      { numRuns: 24, seed: 5 },
    );
  });

  it('never writes a mark on a board without marks, and changes only the dominoes a hint places', () => {
    fc.assert(
      fc.property(puzzle, ({ shape, tier, slot }) => {
        const { board, filling } = madeSudomino(shape, tier, slot);
        const steps = hintSteps(board);
        const g = new Game(board);
        for (let k = 0; k <= steps.length; k++) {
          const h = hintFor(board, Array.from(filling), steps, g.position());
          if (h.kind !== 'step') break;
          expect(h.remove).toEqual([]);
          const was = g.position();
          g.setPosition(followStep(board, was, h.place, h.remove));
          const now = g.position();
          const placed = new Set(h.place.map(([d]) => d));
          for (let d = 0; d < board.given.length; d++) {
            expect(now.marks[d]).toBe(0);
            if (!placed.has(d)) expect(now.values[d]).toBe(was.values[d]);
          }
        }
        expect(g.solved).toBe(true);
      }),
      { numRuns: 16, seed: 11 },
    );
  });

  it('crosses out only among the player\u2019s own marks, which keep the solution\u2019s value', () => {
    fc.assert(
      fc.property(puzzle, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), ({ shape, tier, slot }, pick) => {
        const { board, filling } = madeSudomino(shape, tier, slot);
        const g = new Game(board);
        // Some open dominoes marked with every value: the player's own candidates.
        const all = (1 << board.values) - 1;
        const marked = new Set(Array.from(filling.keys()).filter((d) => board.given[d] === 0 && pick[d % pick.length]));
        g.setPosition({ values: [], marks: Array.from(filling, (_, d) => (marked.has(d) ? all : 0)) });
        const steps = hintSteps(board);
        for (let k = 0; k <= steps.length; k++) {
          const h = hintFor(board, Array.from(filling), steps, g.position());
          if (h.kind !== 'step') break;
          for (const [d] of h.remove) expect(marked.has(d)).toBe(true);
          const was = g.position();
          g.setPosition(followStep(board, was, h.place, h.remove));
          const now = g.position();
          for (let d = 0; d < board.given.length; d++) {
            // Marks only shrink, keep the right value, and appear on no domino the player left unmarked.
            expect(now.marks[d] & ~was.marks[d]).toBe(0);
            if (now.values[d] === 0 && now.marks[d] !== 0) expect(now.marks[d] & (1 << (filling[d] - 1))).not.toBe(0);
          }
        }
        expect(g.solved).toBe(true);
      }),
      { numRuns: 12, seed: 13 },
    );
  });

  it('solves it too from any correct part of the solution (a player who went another way)', () => {
    fc.assert(
      fc.property(puzzle, fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), ({ shape, tier, slot }, keep) => {
        const { board, filling } = madeSudomino(shape, tier, slot);
        const g = new Game(board);
        g.setPosition({ values: Array.from(filling, (v, d) => (keep[d % keep.length] ? v : 0)), marks: [] });
        expect(followAll(board, Array.from(filling), hintSteps(board), g)).toBeGreaterThanOrEqual(0);
        expect(g.solved).toBe(true);
      }),
      { numRuns: 16, seed: 7 },
    );
  });

  it('reports a wrong value, or marks without the solution value, as a mistake naming the domino', () => {
    fc.assert(
      fc.property(puzzle, fc.nat(), fc.boolean(), ({ shape, tier, slot }, pick, asMarks) => {
        const { board, filling } = madeSudomino(shape, tier, slot);
        const open = Array.from(filling.keys()).filter((d) => board.given[d] === 0);
        const d = open[pick % open.length];
        const wrong = (filling[d] % board.values) + 1;
        const g = new Game(board);
        if (asMarks) g.toggleMark(d, wrong);
        else g.place(d, wrong);
        expect(hintFor(board, Array.from(filling), hintSteps(board), g.position())).toEqual({
          kind: 'mistake',
          dominoes: [d],
        });
        // The right value among the marks is no mistake.
        if (asMarks) {
          g.toggleMark(d, filling[d]);
          expect(hintFor(board, Array.from(filling), hintSteps(board), g.position()).kind).toBe('step');
        }
      }),
      { numRuns: 20, seed: 9 },
    );
  });

  it('says none when the log ends before the board is full', () => {
    const { board, filling } = madeSudomino(SHAPES[1], 'expert', 3);
    const all = hintSteps(board);
    const steps = all.slice(0, all.length >> 1);
    const g = new Game(board);
    let last = hintFor(board, Array.from(filling), steps, g.position());
    while (last.kind === 'step') {
      g.setPosition(followStep(board, g.position(), last.place, last.remove));
      last = hintFor(board, Array.from(filling), steps, g.position());
    }
    expect(last.kind).toBe('none');
    expect(g.solved).toBe(false);
  });
});
