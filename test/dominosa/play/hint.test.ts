// Hints against the player's board, as a property over random positions: correct dominoes and
// marks in any mix, the grader's steps done in part or out of order, and wrong dominoes and
// marks. A board with a mistake gets only "mistake", naming exactly what is wrong; otherwise the
// hint is a step whose every premise (what the grader had laid and ruled out before it) is on
// the board or named in its `before`, that lays something true; following a hint lays its
// dominoes and writes no mark, and following hints from anywhere solves the board.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gradeBoard, LEVELS } from '../../../src/dominosa/grade/ladder.js';
import type { PlayBoard, Position } from '../../../src/dominosa/play/game.js';
import { allPlacements, cellsOf, placementOfDomino } from '../../../src/dominosa/play/geometry.js';
import { followStep, hintFor, type Hint } from '../../../src/dominosa/play/hint.js';
import { packSteps, unpackStep, type HintStep, type RuleEntry } from '../../../src/dominosa/play/steps.js';
import { uniqueBoards } from '../grade/helpers.js';

const levelName = (n: number): string => LEVELS.find((l) => l.level === n)!.name;

interface Case {
  board: PlayBoard;
  solution: number[];
  steps: HintStep[];
  all: number[];
}

// Boards whose grading needs more than singles, so eliminations and set reasoning come up.
const CASES: Case[] = [4, 5, 6, 7].flatMap((m) =>
  uniqueBoards(m, 3, 400 + m).map(({ board, solution }) => {
    const rules: RuleEntry[] = [];
    const log = gradeBoard(board, { log: true }).log!;
    const play: PlayBoard = { rows: board.rows, cols: board.cols, m: board.m, values: board.cells };
    return {
      board: play,
      solution: solution.map((d) => placementOfDomino(board, d)),
      steps: packSteps(board, log, rules, levelName).map((s) => unpackStep(board, rules, s)),
      all: allPlacements(board),
    };
  }),
);

/** The oracle: what a position rules out, written plainly (marks, and every other placement
 * touching a laid domino's cells or spelling its pair). */
function dead(c: Case, laid: readonly number[], marks: readonly number[]): Set<number> {
  const pair = (p: number): string =>
    cellsOf(c.board, p)
      .map((x) => c.board.values[x])
      .sort((a, b) => a - b)
      .join('-');
  const cells = new Set(laid.flatMap((l) => cellsOf(c.board, l)));
  const pairs = new Set(laid.map(pair));
  const out = new Set(marks);
  for (const p of c.all)
    if (!laid.includes(p) && (cellsOf(c.board, p).some((x) => cells.has(x)) || pairs.has(pair(p)))) out.add(p);
  return out;
}

/** A random position: a prefix of the grader's steps, partly forgotten, plus correct extras, plus maybe mistakes. */
const positions = fc
  .record({
    which: fc.nat(CASES.length - 1),
    prefix: fc.double({ min: 0, max: 1, noNaN: true }),
    forget: fc.double({ min: 0, max: 1, noNaN: true }),
    extraDominoes: fc.array(fc.nat(), { maxLength: 6 }),
    extraMarks: fc.array(fc.nat(), { maxLength: 12 }),
    wrongDominoes: fc.array(fc.nat(), { maxLength: 2 }),
    wrongMarks: fc.array(fc.nat(), { maxLength: 2 }),
    mistakes: fc.boolean(),
    seed: fc.nat(),
  })
  .map((r) => {
    const c = CASES[r.which];
    const inSolution = new Set(c.solution);
    const k = Math.floor(r.prefix * (c.steps.length + 1));
    let x = r.seed;
    const keep = (): boolean => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x / 2147483648 >= r.forget;
    };
    const laid = new Set<number>();
    const marks = new Set<number>();
    for (const s of c.steps.slice(0, k)) {
      for (const p of s.placed) if (keep()) laid.add(p);
      for (const p of s.eliminated) if (keep()) marks.add(p);
    }
    for (const i of r.extraDominoes) laid.add(c.solution[i % c.solution.length]);
    const wrongPl = c.all.filter((p) => !inSolution.has(p));
    for (const i of r.extraMarks) marks.add(wrongPl[i % wrongPl.length]);
    if (r.mistakes) {
      for (const i of r.wrongMarks) marks.add(c.solution[i % c.solution.length]);
      // A wrong domino replaces whatever it overlaps, as laying one on the board does.
      for (const i of r.wrongDominoes) {
        const w = wrongPl[i % wrongPl.length];
        for (const l of [...laid])
          if (cellsOf(c.board, l).some((cell) => cellsOf(c.board, w).includes(cell))) laid.delete(l);
        laid.add(w);
      }
    }
    for (const l of laid) marks.delete(l);
    const pos: Position = { laid: [...laid].sort((a, b) => a - b), marks: [...marks].sort((a, b) => a - b) };
    return { c, pos };
  });

function checkHint(c: Case, pos: Position, h: Hint): void {
  const inSolution = new Set(c.solution);
  const wrongD = pos.laid.filter((p) => !inSolution.has(p));
  const wrongM = pos.marks.filter((p) => inSolution.has(p));
  if (wrongD.length + wrongM.length > 0) {
    expect(h).toEqual({ kind: 'mistake', dominoes: wrongD, marks: wrongM });
    return;
  }
  if (c.solution.every((p) => pos.laid.includes(p))) {
    expect(h.kind).toBe('solved');
    return;
  }
  expect(h.kind).toBe('step');
  if (h.kind !== 'step') return;
  const boardDead = dead(c, pos.laid, pos.marks);
  // Passed steps: earlier, in order, each ruling out something the board does not show.
  expect(h.before).toEqual([...new Set(h.before)].sort((a, b) => a - b));
  expect(h.before.filter((i) => i >= h.index)).toEqual([]);
  expect(h.before.filter((i) => c.steps[i].eliminated.every((p) => boardDead.has(p)))).toEqual([]);
  // Premises: everything the grader had laid before this step is on the board, and everything it
  // had ruled out is too, bar what the passed steps named to the player rule out.
  const before = c.steps.slice(0, h.index);
  const graderLaid = before.flatMap((s) => s.placed);
  const graderDead = dead(
    c,
    graderLaid,
    before.flatMap((s) => s.eliminated),
  );
  const named = new Set(h.before.flatMap((i) => c.steps[i].eliminated));
  // (One expect per list, not per item: the property runs thousands of times.)
  expect(graderLaid.filter((p) => !pos.laid.includes(p))).toEqual([]);
  expect([...graderDead].filter((p) => !boardDead.has(p) && !named.has(p))).toEqual([]);
  // It lays something, and only what is true; it writes nothing else.
  expect(h.lay.length).toBeGreaterThan(0);
  expect(h.lay.filter((p) => !inSolution.has(p) || pos.laid.includes(p))).toEqual([]);
  expect(h.lay.filter((p) => !h.step.placed.includes(p))).toEqual([]);
  expect(h.step).toBe(c.steps[h.index]);
}

/** Do what the hint says, as "Do it" does; the result lays the hint's dominoes and keeps the marks. */
function follow(pos: Position, h: Hint & { kind: 'step' }): Position {
  const next = followStep(pos, h.lay);
  expect(next.marks).toEqual(pos.marks);
  expect(next.laid).toEqual([...pos.laid, ...h.lay].sort((a, b) => a - b));
  return next;
}

describe('hintFor', () => {
  it('gives a hint that follows from any board, or says there is a mistake and names it', () => {
    fc.assert(
      fc.property(positions, ({ c, pos }) => checkHint(c, pos, hintFor(c.board, c.solution, c.steps, pos))),
      { numRuns: 400 },
    );
  });

  it('leads from any board without a mistake to the solution, one true step at a time', () => {
    fc.assert(
      fc.property(positions, ({ c, pos: start }) => {
        const inSolution = new Set(c.solution);
        let pos: Position = {
          laid: start.laid.filter((p) => inSolution.has(p)),
          marks: start.marks.filter((p) => !inSolution.has(p)),
        };
        for (let n = 0; ; n++) {
          expect(n).toBeLessThanOrEqual(c.steps.length);
          const h = hintFor(c.board, c.solution, c.steps, pos);
          checkHint(c, pos, h);
          if (h.kind === 'solved') break;
          pos = follow(pos, h as Hint & { kind: 'step' });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('follows the grader step by step from the empty board', () => {
    for (const c of CASES) {
      let pos: Position = { laid: [], marks: [] };
      const seen: number[] = [];
      // Each hint lays at least one domino, so the solution's count of hints is enough.
      for (let n = 0; n <= c.solution.length; n++) {
        const h = hintFor(c.board, c.solution, c.steps, pos);
        if (h.kind === 'solved') break;
        expect(h.kind).toBe('step');
        seen.push((h as Hint & { kind: 'step' }).index);
        pos = follow(pos, h as Hint & { kind: 'step' });
      }
      // Steps whose work an earlier one already did are skipped, the rest come in order.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(new Set(pos.laid)).toEqual(new Set(c.solution));
    }
  });

  it('writes no mark on a board without marks: "Do it" lays the dominoes the hint names, nothing else', () => {
    fc.assert(
      fc.property(fc.nat(CASES.length - 1), fc.array(fc.boolean(), { maxLength: 40 }), (which, keep) => {
        // Any correct dominoes, no marks: the position of a player who never marks a boundary.
        const c = CASES[which];
        let pos: Position = { laid: c.solution.filter((_, i) => keep[i] === true), marks: [] };
        for (let n = 0; n <= c.steps.length; n++) {
          const h = hintFor(c.board, c.solution, c.steps, pos);
          if (h.kind !== 'step') {
            expect(h.kind).toBe('solved');
            break;
          }
          const was = pos;
          pos = followStep(was, h.lay);
          expect(pos.marks).toEqual([]);
          expect(pos.laid.filter((p) => !was.laid.includes(p))).toEqual([...h.lay].sort((a, b) => a - b));
        }
        expect(new Set(pos.laid)).toEqual(new Set(c.solution));
      }),
      { numRuns: 60, seed: 41 },
    );
  });

  it('names the steps a hint stands on that only ruled out unmarked placements', () => {
    // From the empty board, the grader's pure eliminations are all passed and named somewhere.
    let named = 0;
    for (const c of CASES) {
      let pos: Position = { laid: [], marks: [] };
      const passed = new Set<number>();
      for (let n = 0; n <= c.solution.length; n++) {
        const h = hintFor(c.board, c.solution, c.steps, pos);
        if (h.kind !== 'step') break;
        for (const i of h.before) passed.add(i);
        pos = followStep(pos, h.lay);
      }
      const pure = c.steps.flatMap((s, i) => (s.placed.length === 0 && s.eliminated.length > 0 ? [i] : []));
      expect(pure.filter((i) => !passed.has(i))).toEqual([]);
      named += passed.size;
    }
    expect(named).toBeGreaterThan(0);
  });

  it('reports a log that ends early as nothing left, not as a step', () => {
    const c = CASES[0];
    const h = hintFor(c.board, c.solution, c.steps.slice(0, 1), {
      laid: [...c.steps[0].placed],
      marks: [...c.steps[0].eliminated],
    });
    expect(h.kind === 'none' || h.kind === 'solved').toBe(true);
  });
});
