// Tests for src/dominosa/formats/web.ts: a Dominosa entry carries the board's numbers and the
// solution as placements, with the grader's steps that replay to that solution and the technique
// its grade needs; the pack's rules table is there even when the pack holds no Dominosa puzzle.
import { describe, expect, it } from 'vitest';
import { boardFromGrid, type Board } from '../../../src/dominosa/board.js';
import { replaySteps } from '../../../src/dominosa/grade/replay.js';
import { cellsOf } from '../../../src/dominosa/play/geometry.js';
import { playPuzzle, type PackRules, type WebPuzzle } from '../../../src/dominosa/play/pack.js';
import { toGraderStep } from '../../../src/dominosa/play/steps.js';
import { webPackData } from '../../../src/formats/web.js';
import { allKinds } from '../../../src/kinds.js';
import type { WebPack } from '../../../src/play/pack.js';
import { packOf, packPuzzle, sudominoPackPuzzle } from '../../helpers/packs.js';

const KINDS = allKinds();

describe('Dominosa in the web pack', () => {
  const puzzles = packOf(8, [3, 4, 5, 6]);
  const pack = webPackData(puzzles, KINDS, 'Test pack') as unknown as WebPack<WebPuzzle> & PackRules;

  it('carries every puzzle with steps that replay to its own solution', () => {
    expect(pack.puzzles.map((p) => p.id)).toEqual(puzzles.map((p) => p.id));
    for (const [i, wp] of pack.puzzles.entries()) {
      expect(wp.kind).toBeUndefined();
      const board = (boardFromGrid(puzzles[i].grid, 0) as { board: Board }).board;
      expect(wp.values).toEqual(Array.from(board.cells));
      const pp = playPuzzle(pack, wp);
      const solution = wp.solution.map((p) => cellsOf(board, p));
      expect(solution.length).toBe(puzzles[i].solution.length);
      // The planted deals need not be unique; where the grader told a whole solution, it replays.
      if (wp.ending === 'solved') {
        const laid = replaySteps(
          board,
          pp.steps.map((s) => toGraderStep(board, s)),
        );
        expect(laid).not.toBeNull();
      }
    }
  });

  it('names the technique each graded puzzle needs, and keeps its rules even in a pack without Dominosa', () => {
    const graded = [packPuzzle(3, 1, { grade: 'parity' }), packPuzzle(3, 2)];
    expect(webPackData(graded, KINDS, 'p', 'one-based').puzzles.map((x) => x.technique)).toEqual([
      'Normal: parity',
      undefined,
    ]);
    const none = webPackData([sudominoPackPuzzle('6x6:4', 1)], KINDS, 'p') as WebPack & Partial<PackRules>;
    expect(none.rules).toEqual([]);
  });
});
