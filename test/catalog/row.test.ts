// Tests for src/catalog/row.ts: a puzzle record holds exactly the columns of PUZZLE_COLUMNS,
// the puzzle's fields as given, the ids as given (null by default) and its checksum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowChecksum, type ChecksummedRow } from '../../src/catalog/checksum.js';
import { PUZZLE_COLUMNS, puzzleRecord } from '../../src/catalog/row.js';

const puzzle: fc.Arbitrary<ChecksummedRow> = fc.record({
  kind: fc.constantFrom('dominosa' as const, 'sudomino' as const),
  m: fc.integer({ min: 1, max: 30 }),
  rows: fc.nat(40),
  cols: fc.nat(40),
  grid: fc.string(),
  solution: fc.string(),
  tier: fc.constantFrom('easy', 'normal', 'hard', 'expert'),
  nodes: fc.nat(),
  score: fc.double({ min: 1, max: 9, noNaN: true }),
  attempts: fc.nat(),
  canonical_hash: fc.stringMatching(/^[0-9a-f]{64}$/),
  transform: fc.option(fc.constantFrom('rot180', 'flipH', 'perm:2,1,0'), { nil: null }),
  seed: fc.integer(),
  slot: fc.nat(),
  method: fc.constantFrom('rejection', 'repair'),
});

describe('puzzleRecord', () => {
  it('holds every column of PUZZLE_COLUMNS and no other, in that order: the fields, the ids as given, the checksum', () => {
    const id = fc.option(fc.nat(), { nil: null });
    fc.assert(
      fc.property(puzzle, id, id, id, fc.boolean(), (p, buildId, rowId, baseId, givesIds) => {
        const extra = { ...p, level: 3, grade: 'singles' };
        const r = givesIds
          ? puzzleRecord(extra, { id: rowId, base_id: baseId, build_id: buildId })
          : puzzleRecord(extra, { build_id: buildId });
        expect(Object.keys(r)).toEqual([...PUZZLE_COLUMNS]);
        expect([r.id, r.base_id, r.build_id]).toEqual(givesIds ? [rowId, baseId, buildId] : [null, null, buildId]);
        expect(r.checksum).toBe(rowChecksum(p));
        for (const c of Object.keys(p) as (keyof ChecksummedRow)[]) expect(r[c], c).toBe(p[c]);
      }),
    );
  });
});
