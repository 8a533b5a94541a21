// Tests for src/catalog/wide-check.ts, the catalog-wide checks no kind has a part in: one base per
// symmetry class of each kind, the schema version this release reads, and a sound database.
import { describe, expect, it } from 'vitest';
import { checkDistinctBases, checkIntegrity, checkSchemaVersion } from '../../src/catalog/wide-check.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';

describe('catalog-wide checks', () => {
  it('reports every base after the first of a symmetry class, each kind hashing its own classes', () => {
    const base = (id: number, canonical_hash: string, kind = 'k1') => ({ id, kind, canonical_hash });
    expect(checkDistinctBases([base(1, 'a'), base(2, 'b'), base(3, 'a', 'k2')])).toEqual([]);
    const f = checkDistinctBases([base(1, 'a'), base(2, 'b'), base(5, 'a'), base(9, 'a'), base(11, 'a', 'k2')]);
    expect(f.map((x) => [x.kind, x.puzzleId])).toEqual([
      ['duplicate-base', 5],
      ['duplicate-base', 9],
    ]);
    expect(f[0].detail).toMatch(/as base 1$/);
  });

  it('knows its schema version only', () => {
    expect(checkSchemaVersion(String(SCHEMA_VERSION))).toEqual([]);
    expect(checkSchemaVersion(String(SCHEMA_VERSION + 1)).map((f) => f.kind)).toEqual(['schema-version']);
    expect(checkSchemaVersion(String(SCHEMA_VERSION - 1))[0].detail).toMatch(/dominosa migrate/);
    expect(checkSchemaVersion(null)[0].detail).toMatch(/\(none\)/);
  });

  it('passes integrity_check output "ok" only', () => {
    expect(checkIntegrity(['ok'])).toEqual([]);
    expect(checkIntegrity(['*** in database main ***', 'Page 5: never used']).map((f) => f.kind)).toEqual([
      'integrity',
      'integrity',
    ]);
    expect(checkIntegrity([])).toHaveLength(0);
  });
});
