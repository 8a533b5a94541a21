// The grading budget: Budget.spent is the one check, for search nodes and for the
// dominoes laid in trials; a board cut short grades as search, unsolved, and a budget above
// what a board needs changes nothing.
import { describe, expect, it } from 'vitest';
import { Grader, SEARCH_LEVEL } from '../../../src/dominosa/grade/ladder.js';
import { uniqueBoards } from './helpers.js';
import { shuffledBoard } from '../../helpers/boards.js';

describe('the trial budget', () => {
  const grader = new Grader();
  // Boards whose grading lays dominoes in trials (lookahead or search), of M = 7..9.
  const boards = [7, 8, 9]
    .flatMap((m) => uniqueBoards(m, 10, 300 + m))
    .map(({ board }) => ({
      board,
      free: grader.grade(board, { maxTrialWork: Infinity }),
      work: grader.state.budget.trialWork,
    }))
    .filter((b) => b.work > 0);

  it('leaves a board unsolved at the search level when it runs out, and is kept to', () => {
    expect(boards.length).toBeGreaterThanOrEqual(3);
    for (const { board, work } of boards) {
      const none = grader.grade(board, { maxTrialWork: 0 });
      expect([none.level, none.solved, grader.state.budget.trialWork]).toEqual([SEARCH_LEVEL, false, 0]);
      const half = Math.floor(work / 2);
      const cut = grader.grade(board, { maxTrialWork: half });
      expect([cut.level, cut.solved]).toEqual([SEARCH_LEVEL, false]);
      // A trial under way finishes (at most one domino a pair), then nothing more is tried.
      const pairs = ((board.m + 1) * (board.m + 2)) / 2;
      expect(grader.state.budget.trialWork).toBeLessThanOrEqual(half + pairs);
    }
  });

  it('changes nothing when it is at least what the board needs', () => {
    for (const { board, free, work } of boards) {
      const exact = grader.grade(board, { maxTrialWork: work + 1, log: true });
      expect([exact.grade, exact.score, exact.solved, exact.steps]).toEqual([
        free.grade,
        free.score,
        free.solved,
        free.steps,
      ]);
    }
  });

  it('spends no search node on a board the levels below search finish, so a zero node budget changes nothing there', () => {
    // The generator grades in-band boards with maxSearchNodes 0: the budget is search's alone.
    const below = boards.filter((b) => b.free.level < SEARCH_LEVEL);
    expect(below.length).toBeGreaterThanOrEqual(1);
    for (const { board, free } of below) {
      const none = grader.grade(board, { maxSearchNodes: 0, log: true });
      expect([none.grade, none.score, none.solved, none.steps]).toEqual([
        free.grade,
        free.score,
        free.solved,
        free.steps,
      ]);
    }
    for (const { board, free } of boards.filter((b) => b.free.level === SEARCH_LEVEL)) {
      const none = grader.grade(board, { maxSearchNodes: 0 });
      expect([none.level, none.solved, none.nodes]).toEqual([SEARCH_LEVEL, false, 0]);
      expect(free.solved).toBe(true);
    }
  });
});

describe('the time budget while a board loads', () => {
  it('stops a grading in its load, leaves the board unsolved, and the next grading of it loads it whole', () => {
    // 33 x 34 cells: loading alone passes several polls.
    const board = shuffledBoard(32, 5, 0);
    const grader = new Grader();
    let polls = 0;
    const cut = grader.grade(board, { interrupt: () => ++polls >= 1 });
    expect(polls).toBe(1);
    expect([cut.solved, cut.limit, cut.level, cut.nodes]).toEqual([false, 'time', SEARCH_LEVEL, 0]);
    // Stopped inside the load: the change log, which lists every cell and pair once loaded, is short.
    expect(grader.state.changes.length).toBeLessThan(33 * 34);
    const again = grader.grade(board, { maxSearchNodes: 200, maxTrialWork: 20_000 });
    const fresh = new Grader().grade(board, { maxSearchNodes: 200, maxTrialWork: 20_000 });
    expect(again).toEqual(fresh);
  });
});
