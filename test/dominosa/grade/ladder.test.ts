// The grader solves as a person does and must never change the answer: on unique boards it
// finds the solver's solution, its log replays to that solution, capping the ladder can only
// push the grade up to search, and the score stays inside its grade.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, LADDER, SEARCH_LEVEL, gradeBoard, replaySteps, scoreOf } from '../../../src/dominosa/grade/ladder.js';
import { GradeState } from '../../../src/dominosa/grade/state.js';
import { isGuess, type Step } from '../../../src/dominosa/grade/step.js';
import { pairCount } from '../../../src/dominosa/pairs.js';
import { checkSolution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { plantedBoard, shuffledBoard } from '../../helpers/boards.js';
import { uniqueBoards } from './helpers.js';

/** Apply a logged step to a position the way the grader did. */
function replayInto(g: GradeState, step: Step): void {
  const at = ([r1, c1, r2, c2]: number[]): number => g.placementBetween(r1 * g.model.cols + c1, r2 * g.model.cols + c2);
  for (const d of step.eliminated) g.eliminate(at(d));
  for (const d of step.placed) g.place(at(d));
}

const boards = new Map<number, ReturnType<typeof uniqueBoards>>();
for (let m = 3; m <= 9; m++) boards.set(m, uniqueBoards(m, m <= 6 ? 40 : 25, 41));

describe('gradeBoard', () => {
  it('solves unique boards of M = 3..9 to the solver’s solution, and its log replays to it', () => {
    const levels = new Set<number>();
    for (const [m, list] of boards) {
      for (const { board, solution } of list) {
        const r = gradeBoard(board, { log: true });
        expect(r.solved, `M=${m}`).toBe(true);
        expect(checkSolution(board, r.solution!)).toBeNull();
        expect(solutionKey(r.solution!)).toBe(solutionKey(solution));
        const replayed = replaySteps(board, r.log!);
        expect(replayed).not.toBeNull();
        expect(solutionKey(replayed!)).toBe(solutionKey(solution));
        // The counts are the log, and the grade is the hardest level in it.
        expect(Object.values(r.steps).reduce((a, b) => a + b, 0)).toBe(r.log!.length);
        expect(r.level).toBe(Math.max(...r.log!.map((s) => s.level)));
        expect(r.grade).toBe(LEVELS[r.level - 1].name);
        expect(r.nodes > 0).toBe(r.level === SEARCH_LEVEL);
        expect(r.log!.reduce((n, s) => n + s.placed.length, 0)).toBe(pairCount(m));
        levels.add(r.level);
      }
    }
    // A sample this size needs more than the easy rules.
    expect(levels.size).toBeGreaterThanOrEqual(5);
  });

  it('always takes the easiest rule: before each step no rule of a lower level could fire', () => {
    // Replays the log into fresh positions, where every rule looks at everything: this also
    // checks that the grader's shortcuts (work lists, remembered trials) never miss a step.
    for (const m of [3, 4, 5, 6, 7, 8, 9]) {
      // Every step of small boards; only the steps that needed chains or search on larger ones.
      const from = m <= 6 ? 2 : 6;
      for (const { board } of boards.get(m)!.slice(0, m <= 6 ? 12 : 25)) {
        const log = gradeBoard(board, { log: true }).log!;
        for (let i = 0; i < log.length; i++) {
          if (log[i].level < from) continue;
          for (const rule of LADDER) {
            if (rule.level >= log[i].level) continue;
            const g = new GradeState().load(board);
            for (const step of log.slice(0, i)) replayInto(g, step);
            expect(rule.apply(g), `step ${i} (${log[i].rule}) on M=${m}: ${rule.name} fires`).toBe(false);
          }
        }
      }
    }
  });

  it('is deterministic: a board grades the same whatever was graded before, logged or not', () => {
    const list = boards.get(7)!;
    const first = list.map(({ board }) => gradeBoard(board));
    const again = [...list]
      .reverse()
      .map(({ board }) => gradeBoard(board, { log: true }))
      .reverse();
    for (let i = 0; i < list.length; i++) {
      const { log, ...rest } = again[i];
      expect(rest).toEqual(first[i]);
      expect(log!.length).toBeGreaterThan(0);
    }
  });

  it('is monotone in maxLevel: below the grade it needs search, at or above it nothing changes', () => {
    for (const m of [5, 7, 9]) {
      for (const { board, solution } of boards.get(m)!.slice(0, 15)) {
        const full = gradeBoard(board);
        let previous = Infinity;
        for (let cap = 1; cap <= SEARCH_LEVEL; cap++) {
          const r = gradeBoard(board, { maxLevel: cap });
          expect(r.solved).toBe(true);
          expect(solutionKey(r.solution!)).toBe(solutionKey(solution));
          expect(r.level).toBeLessThanOrEqual(previous);
          previous = r.level;
          if (cap >= full.level) expect(r).toEqual(full);
          else {
            expect(r.level).toBe(SEARCH_LEVEL);
            for (const rule of LADDER)
              if (rule.level > cap && rule.level < SEARCH_LEVEL) expect(r.steps[rule.name]).toBe(0);
          }
        }
      }
    }
  });

  it('gives up without a solution when search runs out of nodes', () => {
    const hard = [...boards.values()].flat().find(({ board }) => gradeBoard(board).level >= 2)!;
    const r = gradeBoard(hard.board, { maxLevel: 1, maxSearchNodes: 0 });
    expect(r.solved).toBe(false);
    expect(r.solution).toBeNull();
    expect(r.level).toBe(SEARCH_LEVEL);
  });

  it('on any deal (several solutions, or none) returns a valid solution or none at all', () => {
    const s = new Solver();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.boolean(),
        (m, k, wide, shuffled) => {
          const board = shuffled ? shuffledBoard(m, 42, k, wide) : plantedBoard(m, 42, k, { wide }).board;
          const r = gradeBoard(board, { log: true });
          const status = s.solve(board).status;
          expect(r.solved).toBe(status !== 'none');
          if (r.solved) {
            expect(checkSolution(board, r.solution!)).toBeNull();
            expect(solutionKey(replaySteps(board, r.log!)!)).toBe(solutionKey(r.solution!));
          }
          // A guess is only ever needed where there is more than one solution.
          const guessed = r.log!.some(isGuess);
          if (guessed) expect(status).toBe('multiple');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('scoreOf', () => {
  it('stays inside its grade and grows with every use of the top level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: SEARCH_LEVEL }),
        fc.array(fc.nat({ max: 500 }), { minLength: SEARCH_LEVEL + 1, maxLength: SEARCH_LEVEL + 1 }),
        fc.nat({ max: 1e6 }),
        (level, uses, nodes) => {
          const s = scoreOf(level, uses, nodes);
          expect(Math.floor(s)).toBe(level);
          const more = [...uses];
          more[level]++;
          const s2 = scoreOf(level, more, level === SEARCH_LEVEL ? nodes + 1 : nodes);
          expect(s2).toBeGreaterThan(s);
          expect(Math.floor(s2)).toBe(level);
        },
      ),
    );
  });
});
