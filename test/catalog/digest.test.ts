// Tests for src/catalog/digest.ts: a table's digest is a sum, so it does not depend on row order,
// and adding then removing a row restores it; it changes when a row is added, removed, edited or
// two rows swap ids; and every stored column of every table of the schema is covered, directly
// or through a puzzle's checksum (a column added without its digest fails here).
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/catalog/sha256.js';
import { CHECKSUM_FIELDS, rowChecksum } from '../../src/catalog/checksum.js';
import { rowDigest, schemaDigest, TableDigest, valuesDigest } from '../../src/catalog/digest.js';
import {
  DIGEST_COLUMNS,
  DIGEST_TABLES,
  OPTIONAL_SCHEMA_SQL,
  OPTIONAL_TABLES,
  UNDIGESTED_TABLES,
} from '../../src/catalog/schema.js';
import { catalogSchemaSql } from '../../pipeline/catalog/schema.js';

const slot = fc.record({
  build_id: fc.nat(5),
  shape: fc.oneof(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom('6x6:4', '8x8:6')),
  slot: fc.nat(10_000),
  outcome: fc.constantFrom('kept', 'rejected', 'duplicate'),
  attempts: fc.nat(1000),
  puzzle_id: fc.option(fc.nat(), { nil: null }),
});

function digestOf(rows: readonly object[]): string {
  const d = new TableDigest();
  for (const r of rows) d.add(rowDigest('slots', r));
  return d.stored().sum;
}

describe('valuesDigest', () => {
  it('is the SHA-256 of JSON.stringify([table, ...values]), whatever the values', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.integer(),
      fc.double(),
      fc.constantFrom(-0, 1e21, 1e-7, Number.MAX_SAFE_INTEGER + 2),
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.constantFrom('kept', 'tier-full', 'a"b', 'a\\b', '\u2028', '\ud800', '~ \x7f'),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...DIGEST_TABLES), fc.array(value, { maxLength: 8 }), (table, values) => {
        expect(valuesDigest(table, values)).toBe(BigInt(`0x${sha256Hex(JSON.stringify([table, ...values]))}`));
      }),
      { numRuns: 500 },
    );
  });
});

describe('table digests', () => {
  it('do not depend on the order of the rows', () => {
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 20 }), fc.nat(), (rows, k) => {
        const turned = [...rows.slice(k % (rows.length + 1)), ...rows.slice(0, k % (rows.length + 1))].reverse();
        expect(digestOf(turned)).toBe(digestOf(rows));
      }),
    );
  });

  it('come back to the same sum when a row is added and removed, and differ while it is there', () => {
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 10 }), slot, (rows, extra) => {
        const d = new TableDigest();
        for (const r of rows) d.add(rowDigest('slots', r));
        const before = d.stored();
        d.add(rowDigest('slots', extra));
        expect(d.stored().sum).not.toBe(before.sum);
        expect(d.stored().rows).toBe(before.rows + 1);
        d.remove(rowDigest('slots', extra));
        expect(d.stored()).toEqual(before);
      }),
    );
  });

  it('change when a field changes or two puzzles swap ids', () => {
    const a = { id: 1, base_id: 7, build_id: 1, checksum: 'aa' };
    const b = { id: 2, base_id: 7, build_id: 1, checksum: 'bb' };
    const sum = (rows: object[]): string => {
      const d = new TableDigest();
      for (const r of rows) d.add(rowDigest('puzzles', r));
      return d.stored().sum;
    };
    expect(
      sum([
        { ...a, checksum: 'bb' },
        { ...b, checksum: 'aa' },
      ]),
    ).not.toBe(sum([a, b]));
    expect(sum([{ ...a, base_id: 8 }, b])).not.toBe(sum([a, b]));
    // The same values in another table are another row.
    expect(rowDigest('meta', { key: 'k', value: 'v' })).not.toBe(rowDigest('builds', { key: 'k', value: 'v' }));
  });

  it('sum mod 2^256 exactly, whatever the order of adds and removes', () => {
    const MOD = 1n << 256n;
    const word = fc.bigInt({ min: 0n, max: MOD - 1n });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), word), { maxLength: 30 }), (ops) => {
        const d = new TableDigest();
        let sum = 0n;
        for (const [add, x] of ops) {
          if (add) d.add(x);
          else d.remove(x);
          sum = (((add ? sum + x : sum - x) % MOD) + MOD) % MOD;
        }
        expect(d.sum).toBe(sum);
      }),
    );
  });

  it('of a row given as its values are those of the row', () => {
    fc.assert(
      fc.property(slot, (r) => {
        expect(
          valuesDigest(
            'slots',
            DIGEST_COLUMNS.slots.map((c) => r[c]),
          ),
        ).toBe(rowDigest('slots', r));
      }),
    );
    const p = { id: 3, base_id: null, build_id: 1, checksum: 'ab' };
    expect(valuesDigest('puzzles', [3, null, 1, 'ab'])).toBe(rowDigest('puzzles', p));
  });

  it('parse back what they store', () => {
    const d = new TableDigest();
    d.add(rowDigest('meta', { key: 'app', value: 'x' }));
    expect(TableDigest.parse(d.stored()).stored()).toEqual(d.stored());
  });
});

describe('the schema digest', () => {
  it('does not depend on the order objects are listed in, and changes with any object', () => {
    const t = { type: 'table', name: 't', tbl_name: 't', sql: 'CREATE TABLE t (a)' };
    const i = { type: 'index', name: 'i', tbl_name: 't', sql: 'CREATE INDEX i ON t (a)' };
    expect(schemaDigest([t, i])).toEqual(schemaDigest([i, t]));
    expect(schemaDigest([t, i, { type: 'trigger', name: 'x', tbl_name: 't', sql: 'CREATE TRIGGER x ...' }]).rows).toBe(
      3,
    );
    expect(schemaDigest([t, { ...i, sql: 'CREATE INDEX i ON t (a DESC)' }]).sum).not.toBe(schemaDigest([t, i]).sum);
  });
});

describe('what the digest covers', () => {
  it('every stored column of every table, directly or (puzzles) through the checksum', () => {
    // Raw: a bare schema in memory, no catalog file to read.
    const db = new Database(':memory:');
    try {
      db.exec(catalogSchemaSql());
      const tables = db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
        .pluck()
        .all() as string[];
      expect(tables.filter((t) => !(UNDIGESTED_TABLES as readonly string[]).includes(t)).sort()).toEqual(
        [...DIGEST_TABLES].sort(),
      );
      // The optional tables (made only by the verb that writes each) are digested like the rest.
      for (const sql of Object.values(OPTIONAL_SCHEMA_SQL)) db.exec(sql);
      expect(OPTIONAL_TABLES.filter((t) => (DIGEST_TABLES as readonly string[]).includes(t))).toEqual([]);
      for (const t of [...DIGEST_TABLES, ...OPTIONAL_TABLES]) {
        // hidden 2 and 3 are generated columns: derived, not stored.
        const stored = (db.prepare(`PRAGMA table_xinfo(${t})`).all() as { name: string; hidden: number }[])
          .filter((c) => c.hidden === 0)
          .map((c) => c.name);
        const covered = new Set<string>([...DIGEST_COLUMNS[t], ...(t === 'puzzles' ? CHECKSUM_FIELDS : [])]);
        expect(
          stored.filter((c) => !covered.has(c)),
          `columns of ${t} outside the digest`,
        ).toEqual([]);
        for (const c of DIGEST_COLUMNS[t]) expect(stored).toContain(c);
      }
    } finally {
      db.close();
    }
  });

  it('the checksum covers the fields CHECKSUM_FIELDS lists, in its order', () => {
    const row = {
      kind: 'dominosa' as const,
      m: 3,
      rows: 4,
      cols: 5,
      grid: 'g',
      solution: 's',
      tier: 'easy',
      nodes: 1,
      score: 1.5,
      attempts: 2,
      canonical_hash: 'h',
      transform: null,
      seed: 1,
      slot: 0,
      method: 'rejection',
    };
    for (const f of CHECKSUM_FIELDS) {
      const changed = {
        ...row,
        [f]: typeof row[f] === 'number' ? row[f] + 1 : `${String(row[f])}x`,
      } as typeof row;
      expect(rowChecksum(changed), f).not.toBe(rowChecksum(row));
    }
  });
});
