// Tests for pipeline/export/rows.ts: a row of every kind becomes the pack puzzle its kind makes of
// it and, as a JSON line, that puzzle's record; a row its kind cannot read back (a damaged Sudomino row) is refused with
// one line naming it and exit 1.
import { describe, expect, it } from 'vitest';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';
import { jsonLineOfRow, packPuzzleOfRow } from '../../../pipeline/export/rows.js';
import { EXIT_FAILED_CHECK, UserError } from '../../../pipeline/runtime/errors.js';
import { recordOf } from '../../../src/formats/record.js';
import { allKinds } from '../../../src/kinds.js';
import { SAMPLES, rowOf, sudominoPackPuzzle } from '../../helpers/packs.js';

/** A full catalog row of a pack puzzle. */
function stored(p: Parameters<typeof rowOf>[0], id: number): PuzzleRow {
  return {
    ...rowOf(p, id),
    level: 1,
    attempts: 1,
    canonical_hash: 'h',
    seed: 1,
    slot: id,
    method: 'm',
    build_id: 1,
    checksum: 'c',
  } as PuzzleRow;
}

describe('the rows export reads', () => {
  it('become, for every kind, the pack puzzle the kind makes of them and its record as a JSON line', () => {
    for (const kind of allKinds()) {
      const pack = kind.formats.pack;
      const samples = SAMPLES[kind.name];
      if (pack === undefined || samples === undefined) continue;
      for (const [k, p] of samples(4, { graded: true }).entries()) {
        const row = stored(p, 100 + k);
        const own = pack.puzzleOf(row);
        expect(own.ok, kind.name).toBe(true);
        if (!own.ok) continue;
        expect(packPuzzleOfRow(row)).toEqual(own.value);
        expect(packPuzzleOfRow(row)).toEqual({ ...p, id: row.id });
        expect(jsonLineOfRow(row)).toBe(`${JSON.stringify(recordOf(own.value, allKinds()))}\n`);
      }
    }
  });

  it('refuse a damaged Sudomino row with one line naming it, exit 1', () => {
    const row = stored(sudominoPackPuzzle('8x8:6', 1), 101);
    // Row 1's values each one up (a base-36 digit a cell, 0 where blocked).
    const solution = [...row.solution].map((c, i) => (i >= row.cols || c === '0' ? c : String((Number(c) % 6) + 1)));
    for (const bad of [
      { ...row, solution: solution.join('') },
      { ...row, shape: '8x9:6' },
    ]) {
      for (const read of [packPuzzleOfRow, jsonLineOfRow]) {
        let err: unknown;
        try {
          read(bad);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(UserError);
        expect((err as UserError).exitCode).toBe(EXIT_FAILED_CHECK);
        expect((err as UserError).message).toMatch(new RegExp(`^puzzle ${row.id}: .*\\(run dominosa audit\\)$`));
        expect((err as UserError).message).not.toContain('\n');
      }
    }
  });
});
