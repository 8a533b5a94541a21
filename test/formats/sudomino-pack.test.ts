// Tests for Sudomino in the packs: a stored row becomes a pack puzzle only when its board parses
// and its answer solves it; the JSON pack carries both kinds and checks a Sudomino answer on
// reading; the text pack of Sudomino puzzles reads back through SudominoReader, answers included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPackJson,
  buildPackText,
  verifyPackJson,
  type AnyPackPuzzle,
  type SudominoPackPuzzle,
} from '../../src/formats/pack.js';
import { sudominoPuzzleOfRow, type SudominoRow } from '../../src/sudomino/formats/row.js';
import { parseAnswer } from '../../src/sudomino/formats/text.js';
import { parseSudominoBoards } from '../../src/sudomino/parse.js';
import { boardRows } from '../../src/sudomino/formats/text.js';
import { mixedPack, packOf, sudominoPackPuzzle } from '../helpers/packs.js';

const META = { name: 'mixed', created: '2026-12-02T09:00:00.000Z', buildId: 4, schemaVersion: 4 };
const SHAPES = ['8x8:6', '6x7:5', '9x9:7'];
const pool = Array.from({ length: 6 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);

function rowOf(p: SudominoPackPuzzle): SudominoRow {
  return {
    id: Number(String(p.id).slice(1)) + 1,
    kind: 'sudomino',
    shape: p.shape,
    m: p.values,
    rows: p.rows,
    cols: p.cols,
    grid: JSON.stringify(p.board),
    solution: JSON.stringify(p.solution),
    tier: p.tier,
    nodes: p.nodes,
    score: p.score ?? null,
    grade: p.grade ?? null,
    base_id: null,
    transform: null,
  };
}

describe('sudominoPuzzleOfRow', () => {
  it('reads a stored row back into the puzzle it was made from', () => {
    for (const p of pool) {
      const res = sudominoPuzzleOfRow(rowOf(p));
      expect(res.ok).toBe(true);
      if (res.ok) expect(res.value).toEqual({ ...p, id: rowOf(p).id });
    }
  });

  it('refuses a row whose answer breaks the rules, one line naming the puzzle', () => {
    fc.assert(
      fc.property(fc.nat(pool.length - 1), fc.nat(), fc.nat(), (k, at, shift) => {
        const p = pool[k];
        const open: [number, number][] = [];
        p.solution.forEach((row, r) => row.forEach((v, c) => v > 0 && open.push([r, c])));
        const [r, c] = open[at % open.length];
        const solution = p.solution.map((row) => row.slice());
        // Another value (shifted by 1..N-1) splits its domino: any one change breaks the answer.
        solution[r][c] = ((solution[r][c] - 1 + 1 + (shift % (p.values - 1))) % p.values) + 1;
        const res = sudominoPuzzleOfRow({ ...rowOf(p), solution: JSON.stringify(solution) });
        expect(res.ok).toBe(false);
        if (!res.ok)
          expect(res.error).toMatch(
            new RegExp(`^puzzle ${rowOf(p).id}: the solution does not solve the board: .*(row|domino)`),
          );
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a damaged board, a shape that disagrees, or text that is not JSON', () => {
    const row = rowOf(pool[0]);
    const cases: [Partial<SudominoRow>, RegExp][] = [
      [{ grid: '[' }, /board must be a non-empty array/],
      [
        { grid: JSON.stringify(pool[0].board.map((r, i) => (i === 0 ? `${r.slice(0, -1)}` : r))) },
        /row 2.*cells, expected/,
      ],
      [{ shape: '8x8:7' }, /shape 8x8:7 disagrees/],
      [{ shape: 'eight' }, /is not a shape/],
      [{ solution: '[[1]]' }, /solution must be 8 rows/],
    ];
    for (const [change, why] of cases) {
      const res = sudominoPuzzleOfRow({ ...row, ...change });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
  });
});

describe('JSON pack with both kinds', () => {
  const arbMixed: fc.Arbitrary<AnyPackPuzzle[]> = fc.array(
    fc.oneof(
      fc.constantFrom(...pool),
      fc.nat(40).map((k) => packOf(1, [2 + (k % 5)])[0]),
    ),
    { maxLength: 8 },
  );

  it('verifies, keeps Dominosa entries as a Dominosa-only pack writes them, and gives Sudomino entries back', () => {
    fc.assert(
      fc.property(arbMixed, (puzzles) => {
        const text = buildPackJson(puzzles, META);
        const res = verifyPackJson(text);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        const dominosa = puzzles.filter((p) => p.kind !== 'sudomino');
        const entries = (t: string): string[] =>
          t
            .split('\n')
            .filter((l) => l.startsWith('{"id"'))
            .map((l) => l.replace(/,$/, ''));
        expect(entries(text)).toEqual(entries(buildPackJson(dominosa, META)));
        for (const [i, e] of res.pack.puzzles.entries()) {
          const p = puzzles[i];
          if (p.kind === 'sudomino')
            expect(e).toMatchObject({
              kind: 'sudomino',
              id: p.id,
              shape: p.shape,
              values: p.values,
              board: p.board,
              solution: p.solution,
            });
          else expect('kind' in e).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a Sudomino entry whose answer is wrong, even with its checksum renewed', async () => {
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('../../src/formats/pack.js');
    const doc = JSON.parse(buildPackJson([packOf(1, [3])[0], pool[1]], META));
    const s = doc.puzzles[1].solution as number[][];
    const r = s.findIndex((row) => row.some((v) => v > 0));
    const c = s[r].findIndex((v) => v > 0);
    s[r][c] = (s[r][c] % pool[1].values) + 1;
    doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
    const res = verifyPackJson(JSON.stringify(doc));
    expect(res).toMatchObject({ ok: false });
    if (!res.ok) expect(res.error).toMatch(/^puzzle 2 \(id "s1"\): the solution does not solve the board/);
  });

  it('refuses an unknown kind and a Sudomino score beyond its ladder', async () => {
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('../../src/formats/pack.js');
    for (const [change, why] of [
      [{ kind: 'kakuro' }, /kind must be/],
      [{ score: 5.5 }, /score must be a number from 1 to below 5/],
    ] as const) {
      const doc = JSON.parse(buildPackJson([pool[0]], META));
      Object.assign(doc.puzzles[0], change);
      doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
      const res = verifyPackJson(JSON.stringify(doc));
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
  });
});

describe('text pack with Sudomino puzzles', () => {
  it('reads back through the Sudomino reader: ids, values, boards, and each answer solving its board', () => {
    fc.assert(
      fc.property(fc.subarray(pool, { minLength: 1 }), (puzzles) => {
        const text = buildPackText(puzzles);
        expect(text.startsWith('# Sudomino puzzles:')).toBe(true);
        const read = parseSudominoBoards(text);
        expect(read.map((r) => r.ok)).toEqual(puzzles.map(() => true));
        for (const [i, r] of read.entries()) {
          if (!r.ok) continue;
          expect(r.board.meta?.id).toBe(puzzles[i].id);
          expect(r.board.values).toBe(puzzles[i].values);
          expect(boardRows(r.board)).toEqual(puzzles[i].board);
          const line = text
            .split('\n')
            .find((l) => l.startsWith(`# solution of ${JSON.stringify(puzzles[i].id)}: `)) as string;
          const answer = parseAnswer(line.slice(line.indexOf(': ') + 2));
          expect(answer.ok && Array.from(answer.values)).toEqual(puzzles[i].solution.flat());
        }
      }),
      { numRuns: 20 },
    );
  });

  it('names both kinds in a mixed pack and keeps a Dominosa-only pack as it was', () => {
    expect(buildPackText(mixedPack(4, [3], ['8x8:6'])).split('\n')[0]).toBe(
      '# Dominosa and Sudomino puzzles: 4 puzzles. Solutions at the end.',
    );
    expect(buildPackText(packOf(2, [3])).split('\n')[0]).toBe('# Dominosa puzzles: 2 puzzles. Solutions at the end.');
  });
});
