// Tests for src/sudomino/formats/pack.ts: Sudomino's records carry the kind, the shape as size, the
// board's text rows joined by '/' and the answer form, and a wrong answer is refused even under a
// renewed checksum; its text pack reads back through the Sudomino reader, answers included; its
// record as a JSON line is one the reader takes back and tells its kind.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPackJson, buildPackText, canonicalJson, verifyPackJson } from '../../../src/formats/pack.js';
import { allKinds, kindOfInput } from '../../../src/kinds.js';
import { recordOf } from '../../../src/formats/record.js';
import { boardRows, parseAnswer } from '../../../src/sudomino/formats/text.js';
import { parseBoards } from '../../../src/sudomino/parse.js';
import { packOf, sudominoPackPuzzle } from '../../helpers/packs.js';

const META = { name: 'mixed', created: '2026-12-02T09:00:00.000Z', buildId: 4, schemaVersion: 4 };
const KINDS = allKinds();
const SHAPES = ['8x8:6', '6x7:5', '9x9:7', '5x5:4', '3x14:10'];
const pool = Array.from({ length: 6 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);

describe('the record of a Sudomino puzzle', () => {
  it('gives each back with its kind, shape, text rows and answer, in a pack that verifies', () => {
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
            size: { key: p.shape, label: p.shape },
            puzzle: p.board.join('/'),
          });
          const answer = parseAnswer(e.solution);
          expect(answer.ok && [answer.rows, answer.cols, Array.from(answer.values)]).toEqual([
            p.rows,
            p.cols,
            p.solution.flat(),
          ]);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a record whose answer is wrong, even with its checksum renewed', () => {
    const doc = JSON.parse(buildPackJson([packOf(1, [3])[0], pool[1]], KINDS, META));
    const s = pool[1].solution.map((row) => [...row]);
    const r = s.findIndex((row) => row.some((v) => v > 0));
    const c = s[r].findIndex((v) => v > 0);
    s[r][c] = (s[r][c] % pool[1].values) + 1;
    doc.puzzles[1].solution = s.map((row) => row.map((v) => (v === 0 ? '.' : String(v))).join(' ')).join(' / ');
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
        const read = parseBoards(text);
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

describe('the record of a Sudomino puzzle as a JSON line', () => {
  it('is one the Sudomino reader takes back, id, N and rows, and tells its kind', () => {
    for (const p of pool) {
      const line = JSON.stringify(recordOf(p, KINDS));
      expect(kindOfInput(line)).toBe('sudomino');
      const [read] = parseBoards(line, 2);
      expect(read.ok).toBe(true);
      if (read.ok) {
        expect([read.board.meta?.id, read.board.values, read.board.rows, read.board.cols]).toEqual([
          p.id,
          p.values,
          p.rows,
          p.cols,
        ]);
        expect(boardRows(read.board)).toEqual(p.board);
      }
      expect(JSON.parse(line)).toMatchObject({
        kind: 'sudomino',
        tier: p.tier,
        nodes: p.nodes,
        base_id: null,
        transform: null,
      });
    }
  });
});
