// Tests for src/formats/schema.ts: the shipped data/pack.schema.json is what the built-in kinds
// declare; Ajv compiles it in strict mode; every json pack buildPackJson writes (either kind, mixed,
// graded or not, variants) and each of its records as a jsonl line validate; a record broken in
// any field, or given a field more or one less, does not. Exported packs: test/cli/export-schema.test.ts.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { buildPackJson } from '../../src/formats/pack.js';
import { recordOf } from '../../src/formats/record.js';
import { PACK_SCHEMA_ID, packSchema, packSchemaText } from '../../src/formats/schema.js';
import { builtInKinds } from '../../src/kinds.js';
import { packValidators } from '../helpers/schema.js';
import { SAMPLES } from '../helpers/packs.js';

const KINDS = builtInKinds();
const META = { name: 'schema', created: '2026-12-06T12:00:00.000Z', buildId: 3, schemaVersion: 5 };
const SHIPPED = new URL('../../data/pack.schema.json', import.meta.url);

const POOL: PackPuzzle[] = KINDS.flatMap((k) => {
  const samples = SAMPLES[k.name];
  if (samples === undefined) return [];
  // Graded and not; every third sample a variant (packs.ts gives Dominosa's a base and a transform).
  return [...samples(6, { graded: true }), ...samples(3)].map((p, i) => ({
    ...p,
    id: 500 + i,
    ...(i % 3 === 1 ? { baseId: 499 + i, transform: 'mirror-h' } : { baseId: null, transform: null }),
  }));
});

describe('data/pack.schema.json', () => {
  it('is what the built-in kinds declare (npm run schema writes it)', () => {
    expect(readFileSync(SHIPPED, 'utf8')).toBe(packSchemaText(KINDS));
  });

  it('names a record of each built-in kind, and nothing more', () => {
    const schema = packSchema(KINDS) as { $id: string; $defs: Record<string, unknown> };
    expect(schema.$id).toBe(PACK_SCHEMA_ID);
    for (const k of KINDS) expect(Object.keys(schema.$defs)).toContain(k.name);
  });
});

describe('the schema under Ajv in strict mode', () => {
  const { pack, record } = packValidators();

  it('takes every json pack buildPackJson writes, and each of its records as a jsonl line', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...POOL), { maxLength: 10 }), (puzzles) => {
        const doc: unknown = JSON.parse(buildPackJson(puzzles, KINDS, META));
        expect(pack(doc), JSON.stringify(pack.errors)).toBe(true);
        for (const p of puzzles) {
          const line: unknown = JSON.parse(JSON.stringify(recordOf(p, KINDS)));
          expect(record(line), JSON.stringify(record.errors)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a record with a field wrong, missing or more', () => {
    for (const kind of KINDS) {
      const p = POOL.find((q) => q.kind === kind.name && q.grade !== undefined);
      if (p === undefined) throw new Error(`no graded ${kind.name} sample`);
      const good = recordOf(p, KINDS) as unknown as Record<string, unknown>;
      expect(record(good)).toBe(true);
      const other = KINDS.find((k) => k !== kind)?.name;
      const broken: Record<string, unknown>[] = [
        { ...good, kind: other },
        { ...good, kind: 'kakuro' },
        { ...good, id: '7' },
        { ...good, size: { key: 'big', label: 'big' } },
        { ...good, size: { key: (good.size as { key: string }).key } },
        { ...good, tier: 'medium' },
        { ...good, grade: 'guessing' },
        { ...good, technique: 3 },
        { ...good, score: 0.5 },
        { ...good, score: 99 },
        { ...good, nodes: -1 },
        { ...good, nodes: 1.5 },
        { ...good, base_id: 'x' },
        { ...good, transform: 7 },
        { ...good, puzzle: `${String(good.puzzle)}//` },
        { ...good, solution: `${String(good.solution)}?` },
        { ...good, extra: 1 },
        Object.fromEntries(Object.entries(good).filter(([f]) => f !== 'transform')),
      ];
      broken.forEach((r, i) => expect(record(r), `${kind.name} case ${i}`).toBe(false));
    }
  });

  it('refuses a pack of another version or format', () => {
    const doc = JSON.parse(buildPackJson(POOL.slice(0, 2), KINDS, META)) as Record<string, unknown>;
    expect(pack(doc)).toBe(true);
    expect(pack({ ...doc, version: 1 })).toBe(false);
    expect(pack({ ...doc, format: 'other' })).toBe(false);
  });
});
