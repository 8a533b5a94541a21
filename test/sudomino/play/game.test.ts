// The Sudomino game model: undo after any moves returns to the start (and redo to the end), the
// givens never change, a locked board takes no move, conflicts name exactly the cells of clashing dominoes (against a plain
// pairwise check), and solved means the rules hold on a full board.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Game } from '../../../src/sudomino/play/game.js';
import { documentBoard } from '../grade/helpers.js';
import { madeSudomino } from '../../helpers/packs.js';
import type { Board } from '../../../src/sudomino/board.js';

const doc = documentBoard();
const small = madeSudomino({ rows: 6, cols: 6, values: 5 }, 'normal', 1).board;

type Op = { op: 'place' | 'mark' | 'clear' | 'set' | 'restart' | 'undo' | 'redo'; d: number; v: number; seed: number };

const ops = (board: Board): fc.Arbitrary<Op[]> =>
  fc.array(
    fc.record({
      op: fc.constantFrom('place', 'place', 'mark', 'mark', 'clear', 'set', 'restart', 'undo', 'redo'),
      d: fc.nat({ max: board.given.length - 1 }),
      v: fc.integer({ min: 0, max: board.values + 1 }),
      seed: fc.nat(),
    }),
    { maxLength: 40 },
  );

function apply(g: Game, o: Op): void {
  switch (o.op) {
    case 'place':
      g.place(o.d, o.v);
      break;
    case 'mark':
      g.toggleMark(o.d, o.v);
      break;
    case 'clear':
      g.clear(o.d);
      break;
    case 'set': {
      const D = g.dominoes;
      g.setPosition({
        values: Array.from({ length: D }, (_, d) =>
          (o.seed >> (d % 20)) & 1 ? ((d + o.seed) % g.board.values) + 1 : 0,
        ),
        marks: Array.from({ length: D }, (_, d) => (o.seed * (d + 1)) & 63),
      });
      break;
    }
    case 'restart':
      g.restart();
      break;
    case 'undo':
      g.undo();
      break;
    case 'redo':
      g.redo();
      break;
  }
}

/** Conflicting cells straight from the rule: two cells of a line, one value, different dominoes. */
function clashingCells(board: Board, values: number[]): number[] {
  const { rows, cols, domino } = board;
  const out = new Set<number>();
  const v = (c: number): number => (domino[c] < 0 ? 0 : values[domino[c]]);
  for (let a = 0; a < rows * cols; a++) {
    for (let b = a + 1; b < rows * cols; b++) {
      const sameLine = Math.floor(a / cols) === Math.floor(b / cols) || a % cols === b % cols;
      if (sameLine && v(a) !== 0 && v(a) === v(b) && domino[a] !== domino[b]) out.add(a).add(b);
    }
  }
  return [...out].sort((x, y) => x - y);
}

describe('Game', () => {
  for (const [name, board] of [
    ['the document board', doc],
    ['a generated 6x6:5 board', small],
  ] as const) {
    it(`undoes any sequence of moves back to the start, and redoes it to the end (${name})`, () => {
      fc.assert(
        fc.property(ops(board), (list) => {
          const g = new Game(board);
          const start = g.position();
          for (const o of list) apply(g, o);
          const end = g.position();
          let undone = 0;
          while (g.undo()) undone++;
          expect(g.position()).toEqual(start);
          expect(g.canUndo).toBe(false);
          for (let k = 0; k < undone; k++) expect(g.redo()).toBe(true);
          expect(g.position()).toEqual(end);
          // Givens never move.
          for (let d = 0; d < board.given.length; d++)
            if (board.given[d] !== 0) expect(end.values[d]).toBe(board.given[d]);
        }),
        { numRuns: 150 },
      );
    });

    it(`reports conflicts exactly for the cells of clashing dominoes (${name})`, () => {
      let clashes = 0;
      fc.assert(
        fc.property(ops(board), (list) => {
          const g = new Game(board);
          for (const o of list) apply(g, o);
          const want = clashingCells(board, g.position().values);
          if (want.length > 0) clashes++;
          expect(g.conflicts()).toEqual(want);
        }),
        { numRuns: 150 },
      );
      // The runs must reach clashes, or the property says nothing.
      expect(clashes).toBeGreaterThan(20);
    });
  }

  it('is solved by the solution and by nothing with a clash or a gap', () => {
    const made = madeSudomino({ rows: 8, cols: 8, values: 6 }, 'hard', 2);
    const g = new Game(made.board);
    for (let d = 0; d < made.filling.length; d++) if (!g.isGiven(d)) g.place(d, made.filling[d]);
    expect(g.solved).toBe(true);
    expect(g.conflicts()).toEqual([]);
    const open = made.filling.findIndex((_, d) => !g.isGiven(d));
    g.clear(open);
    expect(g.solved).toBe(false);
    g.place(open, (made.filling[open] % made.board.values) + 1);
    expect(g.solved).toBe(false);
  });

  it('takes no move once locked (a solved board): every move says false and nothing changes', () => {
    fc.assert(
      fc.property(ops(small), ops(small), (before, after) => {
        const g = new Game(small);
        for (const o of before) apply(g, o);
        const held = g.position();
        g.locked = true;
        expect([g.canUndo, g.canRedo]).toEqual([false, false]);
        for (const o of after) apply(g, o);
        expect(g.position()).toEqual(held);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses moves on givens, values outside 1..N, and marks on a domino with a value', () => {
    const g = new Game(doc);
    const given = doc.given.findIndex((v) => v !== 0);
    const open = doc.given.findIndex((v) => v === 0);
    expect(g.place(given, 1)).toBe(false);
    expect(g.clear(given)).toBe(false);
    expect(g.place(open, 0)).toBe(false);
    expect(g.place(open, doc.values + 1)).toBe(false);
    expect(g.toggleMark(open, 2)).toBe(true);
    expect(g.marksOf(open)).toBe(0b10);
    expect(g.place(open, 3)).toBe(true);
    expect(g.marksOf(open)).toBe(0);
    expect(g.toggleMark(open, 2)).toBe(false);
    expect(g.undo()).toBe(true);
    expect(g.marksOf(open)).toBe(0b10);
  });

  it('loads a saved position, dropping what does not fit the board', () => {
    const open = doc.given.findIndex((v) => v === 0);
    const given = doc.given.findIndex((v) => v !== 0);
    const values = new Array<number>(doc.given.length).fill(0);
    values[open] = 4;
    values[given] = 1;
    const marks = new Array<number>(doc.given.length).fill(0);
    marks[open + 1] = 0b1111111111;
    const g = new Game(doc, { values, marks });
    expect(g.valueOf(open)).toBe(4);
    expect(g.valueOf(given)).toBe(doc.given[given]);
    expect(g.marksOf(open + 1)).toBe(g.allMarks);
    expect(g.canUndo).toBe(false);
    expect(new Game(doc, { values: [99], marks: ['x' as unknown as number] }).position()).toEqual(
      new Game(doc).position(),
    );
  });
});
