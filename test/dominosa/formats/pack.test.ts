// Tests for src/dominosa/formats/pack.ts: Dominosa's text reads back through parseBoards to the same
// grids and ids, its tier line names M, the board and the technique, its solution is drawn; its
// part of a record (size M, the board's rows joined by '/', a letter a cell) reads back to the same
// grid and dominoes, through the pack check and through solve's reader; a puzzle, solution or size
// that does not check out is refused even under a renewed checksum.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardToGrid, parseBoards } from '../../../src/dominosa/board.js';
import { pack } from '../../../src/dominosa/formats/pack.js';
import { solutionFromStored } from '../../../src/dominosa/stored.js';
import type { PackRecord } from '../../../src/formats/kind.js';
import { buildPackJson, buildPackText, canonicalJson, verifyPackJson } from '../../../src/formats/pack.js';
import { RECORD_FIELDS, recordOf } from '../../../src/formats/record.js';
import type { Solution } from '../../../src/dominosa/solve/solution.js';
import { allKinds, kindOfInput } from '../../../src/kinds.js';
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

/** Dominoes as sets of their two cells, in one order: a tiling whatever order and orientation it was written in. */
function tiling(s: Solution): string[] {
  return s.map(([a, b, c, d]) => [`${a},${b}`, `${c},${d}`].sort().join('|')).sort();
}

/** The dominoes of a record's solution text. */
function dominoesOf(text: string, rows: number, cols: number): Solution {
  const read = solutionFromStored(text.split('/').join(''), rows, cols);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

describe('the record of a Dominosa puzzle', () => {
  it('holds its size, its grid as text rows and its dominoes as a letter a cell, which read back, in a pack that verifies', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const res = verifyPackJson(buildPackJson(puzzles, KINDS, META), KINDS);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        const records = res.pack.puzzles;
        expect(records.map((r) => r.size)).toEqual(puzzles.map((p) => ({ key: String(p.m), label: `M=${p.m}` })));
        records.forEach((r, i) => {
          const p = puzzles[i];
          expect(Object.keys(r)).toEqual(RECORD_FIELDS);
          expect(r.puzzle.split('/').map((row) => row.split(' ').map(Number))).toEqual(p.grid);
          expect(r.solution.split('/').map((row) => row.length)).toEqual(Array<number>(p.rows).fill(p.cols));
          expect(tiling(dominoesOf(r.solution, p.rows, p.cols))).toEqual(tiling(p.solution));
        });
      }),
      { numRuns: 30 },
    );
  });

  it('is a JSON line solve’s reader takes back to the same grid, its id and fields carried along', () => {
    for (let k = 0; k < 6; k++) {
      const p = packPuzzle(3 + (k % 3), k, { grade: 'parity' });
      const row = rowOf({ ...p, score: 4.5 }, 10 + k);
      const q = pack.puzzleOf(row);
      if (!q.ok) throw new Error(q.error);
      const rec = recordOf(q.value, KINDS);
      expect(kindOfInput(JSON.stringify(rec))).toBe('dominosa');
      expect(rec).toMatchObject({
        kind: 'dominosa',
        id: 10 + k,
        grade: 'parity',
        technique: pack.technique('parity'),
        score: 4.5,
        nodes: p.nodes,
      });
      const [read] = parseBoards(JSON.stringify(rec), 'jsonl');
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(boardToGrid(read.board)).toEqual(p.grid);
      expect(read.board.meta).toMatchObject({ id: 10 + k, kind: 'dominosa', solution: rec.solution });
    }
  });

  it('refuses a puzzle, solution or size that does not check out, even when the checksum was renewed', () => {
    const resign = (doc: { manifest: { checksum: string }; puzzles: unknown }): string => {
      doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
      return JSON.stringify(doc);
    };
    type Doc = { manifest: { checksum: string }; puzzles: PackRecord[] };
    const bigValue = JSON.parse(buildPackJson(packOf(3, [4]), KINDS, META)) as Doc;
    const rows = bigValue.puzzles[1].puzzle.split('/').map((r) => r.split(' '));
    rows[2][3] = '9';
    bigValue.puzzles[1].puzzle = rows.map((r) => r.join(' ')).join('/');
    const unpaired = JSON.parse(buildPackJson(packOf(3, [4]), KINDS, META)) as Doc;
    const letters = unpaired.puzzles[2].solution;
    unpaired.puzzles[2].solution = (letters[0] === 'R' ? 'D' : 'R') + letters.slice(1);
    const wrongSize = JSON.parse(buildPackJson(packOf(1, [4]), KINDS, META)) as Doc;
    wrongSize.puzzles[0].size.key = '5';
    const cases: [string, RegExp][] = [
      [resign(bigValue), /^puzzle 2 \(id 4001\): puzzle: row 3, column 4: value 9 is above M=4$/],
      [
        resign(unpaired),
        /^puzzle 3 \(id 4002\): solution's row 1, column 1: [RD] names no cell that pairs back with it$/,
      ],
      [resign(wrongSize), /^puzzle 1 \(id 4000\): size says \{"key":"5","label":"M=4"\} but the puzzle is M=4$/],
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
