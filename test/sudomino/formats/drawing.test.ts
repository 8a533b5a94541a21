// Tests for src/sudomino/formats/drawing.ts and svg.ts: the drawing model's walls, fills and
// numbers, and the SVG drawn from it.
import { describe, expect, it } from 'vitest';
import { drawingOf } from '../../../src/sudomino/formats/drawing.js';
import { boardOfPuzzle, puzzleSvg } from '../../../src/sudomino/formats/svg.js';
import { sudominoPackPuzzle } from '../../helpers/packs.js';

const SHAPES = ['5x5:4', '8x8:6', '6x7:5', '3x14:10', '9x9:7'];
const pool = Array.from({ length: 10 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);

describe('drawingOf', () => {
  /** The unit edges the walls cover, as "x,y,h|v" keys (h: along a row line). */
  function wallEdges(walls: readonly [number, number, number, number][]): Set<string> {
    const out = new Set<string>();
    for (const [x1, y1, x2, y2] of walls) {
      if (y1 === y2) for (let x = x1; x < x2; x++) out.add(`${x},${y1},h`);
      else for (let y = y1; y < y2; y++) out.add(`${x1},${y},v`);
    }
    return out;
  }

  it('walls every edge between two different dominoes, or a domino and a blocked cell, and no other', () => {
    for (const p of pool) {
      const board = boardOfPuzzle(p);
      const d = drawingOf(board, null);
      const edges = wallEdges(d.walls);
      let expected = 0;
      const { rows, cols, domino } = board;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const i = r * cols + c;
          if (c + 1 < cols) {
            const want = domino[i] !== domino[i + 1];
            expect(edges.has(`${c + 1},${r},v`)).toBe(want);
            expected += want ? 1 : 0;
          }
          if (r + 1 < rows) {
            const want = domino[i] !== domino[i + cols];
            expect(edges.has(`${c},${r + 1},h`)).toBe(want);
            expected += want ? 1 : 0;
          }
        }
      }
      // Merged runs never overlap: the unit edges they cover are counted once each.
      expect(d.walls.reduce((n, [x1, y1, x2, y2]) => n + (x2 - x1) + (y2 - y1), 0)).toBe(expected);
    }
  });

  it('fills the blocked cells and shows the givens in both halves, or every value when solved', () => {
    for (const p of pool) {
      const board = boardOfPuzzle(p);
      const puzzle = drawingOf(board, null);
      const solved = drawingOf(board, p.solution.flat());
      const blocked = p.solution.flat().filter((v) => v === 0).length;
      expect(puzzle.blocked.length).toBe(blocked);
      for (const [r, c] of puzzle.blocked) expect(p.solution[r][c]).toBe(0);
      expect(puzzle.numbers.length).toBe(2 * Array.from(board.given).filter((g) => g > 0).length);
      expect(puzzle.numbers.every(([, , , given]) => given)).toBe(true);
      expect(solved.numbers.length).toBe(p.rows * p.cols - blocked);
      for (const [r, c, v] of solved.numbers) expect(v).toBe(p.solution[r][c]);
    }
  });

  it('draws as SVG with one grey square per blocked cell and one number per shown value', () => {
    for (const p of pool.slice(0, 4)) {
      for (const solved of [false, true]) {
        const svg = puzzleSvg(p, { solved, title: `<${String(p.id)}>` });
        const d = drawingOf(boardOfPuzzle(p), solved ? p.solution.flat() : null);
        expect(svg).toContain(`<title>&#60;${String(p.id)}&#62;</title>`);
        expect(svg.split('<text').length - 1).toBe(d.numbers.length);
        const blockedGroup = /<g fill="#6b6b6b">(.*?)<\/g>/.exec(svg);
        expect(blockedGroup === null ? 0 : blockedGroup[1].split('<rect').length - 1).toBe(d.blocked.length);
      }
    }
  });
});
