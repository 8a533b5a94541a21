// Tests for Sudomino in the line formats and the drawing: CSV rows of both kinds under one
// header (a Sudomino row's grid and answer read back), the JSON line `dominosa solve` reads,
// --format tatham's refusal, and the drawing model's walls, fills and numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tathamRefusal } from '../../src/dominosa/formats/tatham.js';
import { CSV_COLUMNS, csvHeader, csvRow } from '../../src/formats/csv.js';
import { sudominoJsonLine } from '../../src/formats/jsonl.js';
import { isSudomino, type AnyPackPuzzle } from '../../src/formats/pack.js';
import { sudominoBoardOfPuzzle, sudominoSvg } from '../../src/sudomino/formats/svg.js';
import { kindOfInput } from '../../src/kinds.js';
import { parseAnswer } from '../../src/sudomino/formats/text.js';
import { sudominoDrawing } from '../../src/sudomino/formats/drawing.js';
import { parseSudominoBoards } from '../../src/sudomino/parse.js';
import { packOf, sudominoPackPuzzle } from '../helpers/packs.js';

const SHAPES = ['5x5:4', '8x8:6', '6x7:5', '3x14:10', '9x9:7'];
const pool = Array.from({ length: 10 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);
const dominosa = packOf(6, [2, 4, 6]);
const arbMixed: fc.Arbitrary<AnyPackPuzzle[]> = fc.array(
  fc.oneof(fc.constantFrom(...pool), fc.constantFrom(...dominosa)),
  { maxLength: 8 },
);

/** A CSV line's fields; the rows written here never need quotes (checked by the test). */
function fields(line: string): string[] {
  expect(line).not.toContain('"');
  return line.replace(/\r\n$/, '').split(',');
}

describe('CSV of both kinds', () => {
  it('has one header, Dominosa columns first as before, kind and shape last', () => {
    expect(CSV_COLUMNS.slice(0, 13)).toEqual([
      'id',
      'm',
      'rows',
      'cols',
      'tier',
      'grade',
      'tatham',
      'score',
      'nodes',
      'base_id',
      'transform',
      'grid',
      'solution',
    ]);
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('writes each puzzle in the columns: a Sudomino row has N, its text rows and its answer, and no Tatham level', () => {
    fc.assert(
      fc.property(arbMixed, (puzzles) => {
        for (const p of puzzles) {
          const f = Object.fromEntries(fields(csvRow(p)).map((v, k) => [CSV_COLUMNS[k], v]));
          expect(Object.keys(f).length).toBe(CSV_COLUMNS.length);
          if (isSudomino(p)) {
            expect(f).toMatchObject({
              kind: 'sudomino',
              shape: p.shape,
              m: String(p.values),
              rows: String(p.rows),
              cols: String(p.cols),
              tatham: '',
              grade: p.grade,
            });
            expect(f.grid.split('/')).toEqual(p.board);
            const answer = parseAnswer(f.solution);
            expect(answer.ok && Array.from(answer.values)).toEqual(p.solution.flat());
          } else {
            expect(f).toMatchObject({ kind: 'dominosa', shape: String(p.m), m: String(p.m) });
            expect(f.grid.split('/').map((r) => r.split(' ').map(Number))).toEqual(p.grid);
          }
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('the Sudomino JSON line', () => {
  it('is a line the Sudomino reader takes back, id, N and rows, and tells its kind', () => {
    for (const p of pool) {
      const line = sudominoJsonLine(p);
      expect(kindOfInput(line)).toBe('sudomino');
      const [read] = parseSudominoBoards(line, 2);
      expect(read.ok).toBe(true);
      if (read.ok)
        expect([read.board.meta?.id, read.board.values, read.board.rows, read.board.cols]).toEqual([
          p.id,
          p.values,
          p.rows,
          p.cols,
        ]);
      expect(JSON.parse(line)).toMatchObject({
        kind: 'sudomino',
        shape: p.shape,
        rows: p.board,
        solution: p.solution,
        tier: p.tier,
        nodes: p.nodes,
        base_id: null,
        transform: null,
      });
    }
  });
});

describe('tathamRefusal', () => {
  it('refuses exactly the lists holding a Sudomino puzzle, naming the first', () => {
    fc.assert(
      fc.property(arbMixed, (puzzles) => {
        const first = puzzles.find(isSudomino);
        const why = tathamRefusal(puzzles);
        expect(why === null).toBe(first === undefined);
        if (first !== undefined) expect(why).toMatch(new RegExp(`puzzle ${String(first.id)} is Sudomino`));
      }),
      { numRuns: 50 },
    );
  });
});

describe('sudominoDrawing', () => {
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
      const board = sudominoBoardOfPuzzle(p);
      const d = sudominoDrawing(board, null);
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
      const board = sudominoBoardOfPuzzle(p);
      const puzzle = sudominoDrawing(board, null);
      const solved = sudominoDrawing(board, p.solution.flat());
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
        const svg = sudominoSvg(p, { solved, title: `<${String(p.id)}>` });
        const d = sudominoDrawing(sudominoBoardOfPuzzle(p), solved ? p.solution.flat() : null);
        expect(svg).toContain(`<title>&#60;${String(p.id)}&#62;</title>`);
        expect(svg.split('<text').length - 1).toBe(d.numbers.length);
        const blockedGroup = /<g fill="#6b6b6b">(.*?)<\/g>/.exec(svg);
        expect(blockedGroup === null ? 0 : blockedGroup[1].split('<rect').length - 1).toBe(d.blocked.length);
      }
    }
  });
});
