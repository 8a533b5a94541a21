// Tests for pipeline/export/rows.ts: a row without a kind stays the Dominosa puzzle and JSON line
// export wrote before; a Sudomino row becomes its checked pack puzzle and the JSON line the
// Sudomino reader takes; a damaged Sudomino row is refused with one line and exit 1.
import { describe, expect, it } from 'vitest';
import { jsonLineOfRow, jsonlRow, packPuzzle, packPuzzleOfRow, type AnyRow } from '../../../pipeline/export/rows.js';
import { EXIT_FAILED_CHECK, UserError } from '../../../pipeline/runtime/errors.js';
import { parseSudominoBoards } from '../../../src/sudomino/parse.js';
import { packPuzzle as dominosaPuzzle, sudominoPackPuzzle } from '../../helpers/packs.js';

function dominosaRow(k: number): AnyRow {
  const p = dominosaPuzzle(4, k);
  return {
    id: 100 + k,
    m: p.m,
    rows: p.rows,
    cols: p.cols,
    grid: JSON.stringify(p.grid),
    solution: JSON.stringify(p.solution),
    tier: 'hard',
    nodes: p.nodes,
    score: 3.5,
    grade: 'sets',
    level: 3,
    attempts: 1,
    canonical_hash: 'h',
    transform: null,
    seed: 1,
    slot: k,
    method: 'm',
    base_id: null,
    build_id: 1,
    checksum: 'c',
  } as AnyRow;
}

function sudominoRow(k: number): AnyRow {
  const p = sudominoPackPuzzle('8x8:6', k);
  return {
    ...dominosaRow(k),
    kind: 'sudomino',
    shape: p.shape,
    m: p.values,
    rows: p.rows,
    cols: p.cols,
    grid: JSON.stringify(p.board),
    solution: JSON.stringify(p.solution),
    grade: 'pairs',
    score: 2.2,
  };
}

describe('packPuzzleOfRow', () => {
  it('reads a row without a kind, or kind dominosa, as Dominosa, as export always did', () => {
    for (let k = 0; k < 5; k++) {
      const row = dominosaRow(k);
      expect(packPuzzleOfRow(row)).toEqual(packPuzzle(row));
      expect(packPuzzleOfRow({ ...row, kind: 'dominosa' })).toEqual(packPuzzle(row));
      expect(jsonLineOfRow(row)).toBe(jsonlRow(row));
    }
  });

  it('reads a Sudomino row into its pack puzzle and its JSON line', () => {
    for (let k = 0; k < 5; k++) {
      const row = sudominoRow(k);
      expect(packPuzzleOfRow(row)).toMatchObject({
        kind: 'sudomino',
        id: row.id,
        shape: '8x8:6',
        values: 6,
        board: JSON.parse(row.grid),
        solution: JSON.parse(row.solution),
        grade: 'pairs',
        score: 2.2,
      });
      const [read] = parseSudominoBoards(jsonLineOfRow(row));
      expect(read.ok && read.board.meta?.id).toBe(row.id);
    }
  });

  it('refuses a damaged Sudomino row with one line naming it, exit 1', () => {
    const row = sudominoRow(1);
    const solution = JSON.parse(row.solution) as number[][];
    solution[0] = solution[0].map((v) => (v === 0 ? 0 : (v % 6) + 1));
    for (const bad of [
      { ...row, solution: JSON.stringify(solution) },
      { ...row, shape: '8x9:6' },
    ]) {
      let err: unknown;
      try {
        packPuzzleOfRow(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).exitCode).toBe(EXIT_FAILED_CHECK);
      expect((err as UserError).message).toMatch(new RegExp(`^puzzle ${row.id}: .*\\(run dominosa audit\\)$`));
      expect((err as UserError).message).not.toContain('\n');
    }
  });
});
