// Tests for src/catalog/row.ts: a prepared row holds the puzzle's fields in PREPARED_COLUMNS
// order with its checksum last, the ids left for the writer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowChecksum, type ChecksummedRow } from '../../src/catalog/checksum.js';
import { PREPARED_COLUMNS, preparedRow, ROW_BASE_ID, ROW_BUILD_ID, ROW_CHECKSUM, ROW_ID } from '../../src/catalog/row.js';

const puzzle: fc.Arbitrary<ChecksummedRow> = fc.record({
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

describe('preparedRow', () => {
  it('holds each field in its column, the build id, no ids yet, and the checksum last', () => {
    fc.assert(
      fc.property(puzzle, fc.option(fc.nat(), { nil: null }), (p, buildId) => {
        const row = preparedRow(p, buildId);
        expect(row).toHaveLength(PREPARED_COLUMNS.length);
        expect([row[ROW_ID], row[ROW_BASE_ID], row[ROW_BUILD_ID]]).toEqual([null, null, buildId]);
        expect(row[ROW_CHECKSUM]).toBe(rowChecksum(p));
        for (const [i, c] of PREPARED_COLUMNS.entries()) {
          if (c in p) expect(row[i], c).toBe(p[c as keyof ChecksummedRow]);
        }
      }),
    );
  });
});
