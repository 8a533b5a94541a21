// Tests for src/sudomino/formats/pack.ts: Sudomino's JSON entries carry the kind, shape, N, the
// board's rows and the answer, and a wrong answer is refused even under a renewed checksum; its
// text pack reads back through the Sudomino reader, answers included; its JSON line is one the
// reader takes back and tells its kind; its CSV row has N, the text rows and the answer.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPackJson, buildPackText, canonicalJson, verifyPackJson } from '../../../src/formats/pack.js';
import { allKinds, kindOfInput } from '../../../src/kinds.js';
import { pack, sudominoJsonLine } from '../../../src/sudomino/formats/pack.js';
import { boardRows, parseAnswer } from '../../../src/sudomino/formats/text.js';
import { parseSudominoBoards } from '../../../src/sudomino/parse.js';
import { packOf, sudominoPackPuzzle } from '../../helpers/packs.js';

const META = { name: 'mixed', created: '2026-12-02T09:00:00.000Z', buildId: 4, schemaVersion: 4 };
const KINDS = allKinds();
const SHAPES = ['8x8:6', '6x7:5', '9x9:7', '5x5:4', '3x14:10'];
const pool = Array.from({ length: 6 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);

describe('the JSON pack of Sudomino', () => {
  it('gives each entry back with its kind, shape, N, rows and answer', () => {
    fc.assert(
      fc.property(fc.subarray(pool), (puzzles) => {
        const res = verifyPackJson(buildPackJson(puzzles, KINDS, META), KINDS);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        for (const [i, e] of res.pack.puzzles.entries()) {
          const p = puzzles[i];
          expect(e).toMatchObject({
            kind: 'sudomino',
            id: p.id,
            shape: p.shape,
            values: p.values,
            board: p.board,
            solution: p.solution,
          });
        }
      }),
      { numRuns: 20 },
    );
  });

  it('refuses an entry whose answer is wrong, even with its checksum renewed', () => {
    const doc = JSON.parse(buildPackJson([packOf(1, [3])[0], pool[1]], KINDS, META));
    const s = doc.puzzles[1].solution as number[][];
    const r = s.findIndex((row) => row.some((v) => v > 0));
    const c = s[r].findIndex((v) => v > 0);
    s[r][c] = (s[r][c] % pool[1].values) + 1;
    doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
    const res = verifyPackJson(JSON.stringify(doc), KINDS);
    expect(res).toMatchObject({ ok: false });
    if (!res.ok) expect(res.error).toMatch(/^puzzle 2 \(id "s1"\): the solution does not solve the board/);
  });
});

describe('the text pack of Sudomino', () => {
  it('reads back through the Sudomino reader: ids, values, boards, and each answer solving its board', () => {
    fc.assert(
      fc.property(fc.subarray(pool, { minLength: 1 }), (puzzles) => {
        const text = buildPackText(puzzles, KINDS);
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

  it('labels each tier with the shape, the nodes and the technique', () => {
    const p = pool[1];
    expect(buildPackText([p], KINDS)).toContain(
      `# tier: ${p.tier} (Sudomino ${p.shape}, ${p.nodes} nodes; Normal: intersections and pairs)\n`,
    );
  });
});

describe('the JSON line and the CSV cells of Sudomino', () => {
  it('the line is one the Sudomino reader takes back, id, N and rows, and tells its kind', () => {
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

  it('the CSV cells have N, the text rows and the answer, and no Tatham level (his collection has no Sudomino)', () => {
    for (const p of pool) {
      const cells = pack.csv(p);
      expect(cells).toMatchObject({ m: String(p.values), shape: p.shape, tatham: '' });
      expect(cells.grid.split('/')).toEqual(p.board);
      const answer = parseAnswer(cells.solution);
      expect(answer.ok && Array.from(answer.values)).toEqual(p.solution.flat());
    }
  });
});
