// Tests for src/dominosa/formats/pack.ts: Dominosa's text reads back through parseBoards to the same
// grids and ids, its tier line names M, the board and the technique, its solution is drawn; its JSON
// entry holds size, grid and solution, a grid or solution that does not check out is refused even
// under a renewed checksum; its JSON line copies the stored columns; its CSV cells read back.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardFromGrid, boardToGrid, parseBoards } from '../../../src/dominosa/board.js';
import { jsonLine, pack, type DominosaPackEntry } from '../../../src/dominosa/formats/pack.js';
import { buildPackJson, buildPackText, canonicalJson, verifyPackJson } from '../../../src/formats/pack.js';
import { checkSolution, type Solution } from '../../../src/dominosa/solve/solution.js';
import { allKinds } from '../../../src/kinds.js';
import { packOf, packPuzzle, rowOf } from '../../helpers/packs.js';
import type { DominosaPackPuzzle } from '../../../src/dominosa/formats/pack.js';

const META = { name: 'test pack', created: '2024-06-01T12:00:00.000Z', buildId: 7, schemaVersion: 3 };
const KINDS = allKinds();

const arbPack: fc.Arbitrary<DominosaPackPuzzle[]> = fc.array(
  fc
    .record({ m: fc.integer({ min: 1, max: 12 }), tall: fc.boolean(), k: fc.nat(500) })
    .map(({ m, tall, k }) => packPuzzle(m, k, { tall })),
  { maxLength: 8 },
);

describe('the JSON pack of Dominosa', () => {
  it('holds each puzzle’s size, grid and solution', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const res = verifyPackJson(buildPackJson(puzzles, KINDS, META), KINDS);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        const entries = res.pack.puzzles as DominosaPackEntry[];
        expect(entries.map((p) => p.grid)).toEqual(puzzles.map((p) => p.grid));
        expect(entries.map((p) => p.solution)).toEqual(puzzles.map((p) => p.solution));
        expect(entries.map((p) => p.size)).toEqual(puzzles.map(({ m, rows, cols }) => ({ m, rows, cols })));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a grid or solution that does not check out, even when the checksum was renewed', () => {
    const resign = (doc: { manifest: { checksum: string }; puzzles: unknown }): string => {
      doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
      return JSON.stringify(doc);
    };
    const bigValue = JSON.parse(buildPackJson(packOf(3, [4]), KINDS, META));
    bigValue.puzzles[1].grid[2][3] = 9;
    const overlap = JSON.parse(buildPackJson(packOf(3, [4]), KINDS, META));
    overlap.puzzles[2].solution[0] = overlap.puzzles[2].solution[1];
    const wrongSize = JSON.parse(buildPackJson(packOf(1, [4]), KINDS, META));
    wrongSize.puzzles[0].size.m = 5;
    const cases: [string, RegExp][] = [
      [resign(bigValue), /^puzzle 2 \(id 4001\): row 3, column 4: value 9 is above M=4$/],
      [resign(overlap), /^puzzle 3 \(id 4002\): the solution does not solve the grid: .* overlaps another domino/],
      [resign(wrongSize), /^puzzle 1 \(id 4000\): size says M=5, 5x6 but the grid is M=4, 5x6$/],
    ];
    for (const [text, why] of cases) {
      const res = verifyPackJson(text, KINDS);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
  });
});

describe('the text pack of Dominosa', () => {
  it('reads back through parseBoards to the same grids and ids', () => {
    fc.assert(
      fc.property(arbPack, fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 8 }), (puzzles, ids) => {
        // Awkward ids too: strings with spaces, quotes, newlines, digits only.
        const named = puzzles.map((p, i) => (i < ids.length ? { ...p, id: ids[i] } : p));
        const boards = parseBoards(buildPackText(named, KINDS));
        expect(boards.length).toBe(named.length);
        boards.forEach((res, i) => {
          expect(res.ok).toBe(true);
          if (!res.ok) return;
          expect(boardToGrid(res.board)).toEqual(named[i].grid);
          expect(res.board.meta?.id).toEqual(named[i].id);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('labels each tier with M, the board, the nodes and the technique, and draws each solution', () => {
    const puzzles = [packPuzzle(3, 0), packPuzzle(4, 1, { grade: 'sets' }), packPuzzle(4, 2, { grade: 'singles' })];
    const text = buildPackText(puzzles, KINDS);
    expect(text).toContain(`# tier: ${puzzles[0].tier} (M=3, 4x5, ${puzzles[0].nodes} nodes)\n`);
    expect(text).toContain(`# tier: ${puzzles[1].tier} (M=4, 5x6, ${puzzles[1].nodes} nodes; Hard: set analysis)`);
    expect(text).toContain(`(M=4, 5x6, ${puzzles[2].nodes} nodes; Easy: singles)`);
    const lines = text.split('\n');
    const start = lines.indexOf('# Solutions');
    // A drawing opens each domino: a 4x5 board has 10 dominoes, so interior borders are partial.
    expect(lines[start + 2]).toBe(`# solution of ${puzzles[0].id}:`);
    expect(lines[start + 3]).toMatch(/^# {3}\+(?:-+\+)+$/);
  });
});

describe('the JSON line and the CSV cells of Dominosa', () => {
  it('write the stored columns as JSON into the line solve reads, fields in order', () => {
    for (let k = 0; k < 6; k++) {
      const p = packPuzzle(3 + (k % 3), k, { grade: 'parity' });
      const row = rowOf({ ...p, score: 2.5 }, 10 + k);
      const line = jsonLine(row);
      if (!line.ok) throw new Error(line.error);
      const rec = JSON.parse(line.value) as Record<string, unknown>;
      expect(Object.keys(rec)).toEqual(FIELDS);
      expect(rec).toMatchObject({
        id: 10 + k,
        n: p.m,
        grid: p.grid,
        solution: p.solution,
        grade: 'parity',
        score: 2.5,
      });
      const b = boardFromGrid(rec.grid, 0);
      expect(b.ok && checkSolution(b.board, rec.solution as Solution)).toBeNull();
    }
  });

  it('spell M, the Tatham level, the grid and the dominoes so that they read back', () => {
    for (const grade of [undefined, 'singles', 'sets', 'search']) {
      const p = packPuzzle(5, 3, grade === undefined ? {} : { grade });
      const cells = pack.csv(p);
      expect(cells).toMatchObject({ m: '5', shape: '5' });
      expect(cells.tatham).toBe(
        grade === undefined ? '' : { singles: 'Trivial', sets: 'Hard', search: 'beyond' }[grade],
      );
      expect(cells.grid.split('/').map((r) => r.split(' ').map(Number))).toEqual(p.grid);
      expect(cells.solution.split(';').map((d) => d.split(' ').map(Number))).toEqual(p.solution);
    }
  });
});

const FIELDS = [
  'id',
  'n',
  'rows',
  'cols',
  'grid',
  'solution',
  'tier',
  'nodes',
  'grade',
  'score',
  'base_id',
  'transform',
];
