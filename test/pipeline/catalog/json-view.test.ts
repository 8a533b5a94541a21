// Tests for the puzzles_json view (src/catalog/schema.ts, each kind's jsonSql): for random boards
// of both kinds stored in their compact forms, the view gives exactly the JSON texts schema 4
// stored (the kinds' JSON writers, which match JSON.stringify) and the hashes as hex, under
// schema 4's column names in its order, in plain SQL that SQLite runs.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchemaSql } from '../../../pipeline/catalog/schema.js';
import { sha256Hex } from '../../../src/catalog/sha256.js';
import { gridJson, gridText, solutionJson, solutionText } from '../../../src/dominosa/stored.js';
import type { Solution } from '../../../src/dominosa/solve/solution.js';
import { derive } from '../../../src/rng.js';
import { randomBoard } from '../../../src/sudomino/make/random-board.js';
import type { Shape } from '../../../src/sudomino/shape.js';
import {
  gridJson as sudominoGridJson,
  gridText as sudominoGridText,
  solutionJson as sudominoSolutionJson,
  solutionText as sudominoSolutionText,
} from '../../../src/sudomino/stored.js';
import { plantedBoard, shuffledBoard } from '../../helpers/boards.js';

/** Schema 4's puzzles columns, in its order: what the view gives. */
const SCHEMA_4_COLUMNS = [
  'id',
  'kind',
  'm',
  'rows',
  'cols',
  'grid',
  'solution',
  'tier',
  'nodes',
  'attempts',
  'canonical_hash',
  'base_id',
  'transform',
  'seed',
  'slot',
  'method',
  'build_id',
  'score',
  'checksum',
  'shape',
  'level',
  'grade',
];

let db: Database.Database;
let slot = 0;
beforeAll(() => {
  db = new Database(':memory:');
  db.exec(catalogSchemaSql());
});
afterAll(() => db.close());

/** Store a row of these columns (hashes of its slot), and read it back through the view. */
function viaView(kind: string, m: number, rows: number, cols: number, grid: string, solution: string) {
  const s = slot++;
  const hash = sha256Hex(`h${s}`);
  const sum = sha256Hex(`c${s}`);
  const id = db
    .prepare(
      `INSERT INTO puzzles (kind, m, rows, cols, grid, solution, tier, nodes, attempts, canonical_hash, seed, slot, method, score, checksum)
       VALUES (?, ?, ?, ?, ?, ?, 'easy', 1, 1, ?, 1, ?, 'test', 1.5, ?)`,
    )
    .run(kind, m, rows, cols, grid, solution, Buffer.from(hash, 'hex'), s, Buffer.from(sum, 'hex')).lastInsertRowid;
  const row = db.prepare('SELECT * FROM puzzles_json WHERE id = ?').get(id) as Record<string, unknown>;
  return { row, hash, sum };
}

describe('the puzzles_json view', () => {
  it("gives Dominosa's grid and solution as schema 4's JSON, one or two digits a cell", () => {
    const boards = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 10 }), fc.nat()).map(([m, seed]) => plantedBoard(m, seed, 0)),
      // Two digits a cell from M = 36; a tiling across (M even) or down (M odd).
      fc.tuple(fc.integer({ min: 30, max: 45 }), fc.nat()).map(([m, seed]) => {
        const board = shuffledBoard(m, seed, 0);
        const planted: Solution = [];
        for (let r = 0; r < board.rows; r += m % 2 === 0 ? 1 : 2)
          for (let c = 0; c < board.cols; c += m % 2 === 0 ? 2 : 1)
            planted.push(m % 2 === 0 ? [r, c, r, c + 1] : [r, c, r + 1, c]);
        return { board, planted };
      }),
    );
    fc.assert(
      fc.property(boards, ({ board, planted }) => {
        const { rows, cols, m } = board;
        const { row, hash, sum } = viaView(
          'dominosa',
          m,
          rows,
          cols,
          gridText(board),
          solutionText(planted, rows, cols),
        );
        expect(Object.keys(row)).toEqual(SCHEMA_4_COLUMNS);
        expect(row.grid).toBe(gridJson(board));
        expect(row.solution).toBe(solutionJson(planted));
        expect([row.canonical_hash, row.checksum, row.shape, row.level, row.grade]).toEqual([
          hash,
          sum,
          String(m),
          1,
          'singles',
        ]);
      }),
      { numRuns: 60 },
    );
  });

  it("gives Sudomino's grid and solution as schema 4's JSON, in the letter form and the numbered form", () => {
    const shapes: Shape[] = [
      { rows: 6, cols: 6, values: 4 },
      { rows: 1, cols: 9, values: 5 },
      { rows: 7, cols: 7, values: 12 },
      { rows: 9, cols: 1, values: 30 },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        (shape, share, seed) => {
          const board = randomBoard(shape, 'shown', share, derive(seed, 29));
          const values = Uint8Array.from({ length: board.rows * board.cols }, (_, i) =>
            board.domino[i] < 0 ? 0 : 1 + ((i * 7 + seed) % board.values),
          );
          const { row } = viaView(
            'sudomino',
            board.values,
            board.rows,
            board.cols,
            sudominoGridText(board),
            sudominoSolutionText(values),
          );
          expect(Object.keys(row)).toEqual(SCHEMA_4_COLUMNS);
          expect(row.grid).toBe(sudominoGridJson(board));
          expect(row.solution).toBe(sudominoSolutionJson(board.cols, values));
          expect(row.shape).toBe(`${board.rows}x${board.cols}:${board.values}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
