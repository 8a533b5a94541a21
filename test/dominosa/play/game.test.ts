// A board being played: laying lifts what it overlaps, marks stay off dominoes, undo and redo
// walk the moves back and forth exactly, and the warnings (pairs twice, stuck cells) and the
// solved test say what the board holds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Game, type Position } from '../../../src/dominosa/play/game.js';
import { allPlacements, cellsOf, placementOfDomino } from '../../../src/dominosa/play/geometry.js';
import { pairIndex } from '../../../src/dominosa/pairs.js';
import { uniqueBoards } from '../grade/helpers.js';

const cases = uniqueBoards(4, 3, 9).map(({ board, solution }) => ({
  board: { rows: board.rows, cols: board.cols, m: board.m, values: board.cells },
  solution: solution.map((d) => placementOfDomino(board, d)),
}));

type Move = { kind: 'lay' | 'lift' | 'mark'; k: number } | { kind: 'undo' | 'redo' | 'restart' };
const moves = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constantFrom('lay' as const, 'lift' as const, 'mark' as const), k: fc.nat() }),
    fc.record({ kind: fc.constantFrom('undo' as const, 'redo' as const, 'restart' as const) }),
  ),
  { maxLength: 60 },
);

function apply(g: Game, all: number[], mv: Move): void {
  if (mv.kind === 'lay') g.lay(all[mv.k % all.length]);
  else if (mv.kind === 'lift') g.lift(all[mv.k % all.length]);
  else if (mv.kind === 'mark') g.toggleMark(all[mv.k % all.length]);
  else g[mv.kind]();
}

/** The board's invariants: dominoes apart, no mark under a domino. */
function checkPosition(g: Game, pos: Position): void {
  const seen = new Set<number>();
  for (const p of pos.laid) {
    for (const c of cellsOf(g.board, p)) {
      expect(seen.has(c)).toBe(false);
      seen.add(c);
      expect(g.dominoAt(c)).toBe(p);
    }
  }
  for (const p of pos.marks) expect(pos.laid).not.toContain(p);
}

describe('Game', () => {
  it('keeps dominoes apart and marks off them, and undo then redo retraces every move', () => {
    const { board } = cases[0];
    const all = allPlacements(board);
    fc.assert(
      fc.property(moves, (list) => {
        const g = new Game(board);
        const seen: Position[] = [g.position()];
        for (const mv of list) {
          apply(g, all, mv);
          checkPosition(g, g.position());
          seen.push(g.position());
        }
        const end = g.position();
        const back: Position[] = [end];
        while (g.undo()) back.push(g.position());
        // Every position undo passes through was one the moves made, and it walks back to the start.
        for (const pos of back) expect(seen).toContainEqual(pos);
        expect(back[back.length - 1]).toEqual({ laid: [], marks: [] });
        const forth: Position[] = [g.position()];
        for (let k = 1; k < back.length; k++) {
          expect(g.redo()).toBe(true);
          forth.push(g.position());
        }
        expect(forth).toEqual([...back].reverse());
      }),
      { numRuns: 60 },
    );
  });

  it('takes no move once locked (a solved board), and moves again once unlocked', () => {
    const { board } = cases[0];
    const all = allPlacements(board);
    fc.assert(
      fc.property(moves, moves, (before, after) => {
        const g = new Game(board);
        for (const mv of before) apply(g, all, mv);
        const held = g.position();
        g.locked = true;
        expect([g.canUndo, g.canRedo]).toEqual([false, false]);
        for (const mv of after) apply(g, all, mv);
        expect(g.position()).toEqual(held);
        g.locked = false;
        expect(g.lay(all[0]) || g.isLaid(all[0])).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('lays over what a domino overlaps, clears a mark it covers, and refuses a mark under a domino', () => {
    const { board } = cases[0];
    const g = new Game(board);
    const cols = board.cols;
    const right = 0; // cells 0 and 1
    const below = 1; // cells 0 and cols
    expect(g.toggleMark(right)).toBe(true);
    expect(g.lay(right)).toBe(true);
    expect(g.position()).toEqual({ laid: [right], marks: [] });
    expect(g.toggleMark(right)).toBe(false);
    expect(g.lay(below)).toBe(true);
    expect(g.position().laid).toEqual([below]);
    expect(g.dominoAt(1)).toBe(-1);
    expect(g.dominoAt(cols)).toBe(below);
    expect(g.lay(below)).toBe(false);
    expect(g.lift(right)).toBe(false);
  });

  it('marks both dominoes of a pair laid twice, tallies pairs, and is solved by the solution alone', () => {
    for (const { board, solution } of cases) {
      const g = new Game(board);
      const all = allPlacements(board);
      // Two non-overlapping placements that spell one pair.
      const pairOf = (p: number): number =>
        pairIndex(...(cellsOf(board, p).map((c) => board.values[c]) as [number, number]));
      const [p, q] = (() => {
        for (const a of all)
          for (const b of all)
            if (a < b && pairOf(a) === pairOf(b) && !cellsOf(board, a).some((c) => cellsOf(board, b).includes(c)))
              return [a, b];
        throw new Error('no pair twice');
      })();
      g.lay(p);
      expect(g.duplicates()).toEqual([]);
      g.lay(q);
      expect(g.duplicates()).toEqual([p, q].sort((x, y) => x - y));
      expect(g.tally()[pairOf(p)]).toBe(2);
      g.restart();
      for (const s of solution.slice(0, -1)) g.lay(s);
      expect(g.solved).toBe(false);
      g.lay(solution[solution.length - 1]);
      expect(g.solved).toBe(true);
      expect([...g.tally()].every((k) => k === 1)).toBe(true);
      expect(g.uncoverable()).toEqual([]);
    }
  });

  it('marks a cell stuck once every neighbour is covered or marked off, and only then', () => {
    const { board } = cases[1];
    const g = new Game(board);
    const { cols } = board;
    // The corner cell 0 has two placements: to its right (0) and below (1).
    g.toggleMark(0);
    expect(g.uncoverable()).toEqual([]);
    g.lay(2 * cols); // cells cols and cols + 1: the corner's lower neighbour is covered
    expect(g.uncoverable()).toEqual([0]);
    g.undo();
    g.toggleMark(1);
    expect(g.uncoverable()).toEqual([0]);
  });

  it('restores a saved position, dropping what is not a placement of the board', () => {
    const { board, solution } = cases[2];
    const g = new Game(board, { laid: [solution[0], -3, 1e9], marks: [solution[1], 7.5] });
    expect(g.position()).toEqual({ laid: [solution[0]], marks: solution[1] === solution[0] ? [] : [solution[1]] });
    expect(g.canUndo).toBe(false);
  });
});
