// Tests for pipeline/audit/tally.ts: what audit's catalog-wide checks read, counted from the rows
// of its walk, is what the catalog's own queries answer, in their order, for catalogs of both
// kinds, several sizes, bases and variants, ties between tiers' ranges and several builds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { CatalogTally } from '../../../pipeline/audit/tally.js';
import type { KindName } from '../../../src/kinds.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { freshCatalogs, hashOf, newPuzzle } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

const SIZES = [
  { kind: 'dominosa', m: 3, rows: 4, cols: 5 },
  { kind: 'dominosa', m: 10, rows: 11, cols: 12 },
  { kind: 'dominosa', m: 4, rows: 5, cols: 6 },
  { kind: 'sudomino', m: 6, rows: 8, cols: 8 },
  { kind: 'sudomino', m: 4, rows: 6, cols: 6 },
] as const;

const row = fc.record({
  size: fc.nat(SIZES.length - 1),
  tier: fc.constantFrom(...TIERS),
  nodes: fc.integer({ min: 1, max: 6 }),
  score: fc.constantFrom(1, 1.5, 2.2, 3.25),
  build: fc.nat(3),
  variantOf: fc.option(fc.nat(), { nil: null }),
});

describe('the tally of a walk', () => {
  it("answers as the catalog's queries do, in their order", () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 40 }),
        fc.array(fc.constantFrom('grade-3', 'grade-2', 'sudomino-grade-2'), { minLength: 3, maxLength: 3 }),
        (rows, graders) => {
          const cat = Catalog.open(fresh(), { create: true });
          try {
            const builds = graders.map((g, i) =>
              cat.createBuild({
                key: `k${i}`,
                seed: i,
                options: '{}',
                solver_version: 'ref-2',
                grader_version: g,
                started_at: '2026-01-01T00:00:00Z',
                status: 'running',
              }),
            );
            const bases: { id: number; size: number; n: number }[] = [];
            rows.forEach((r, i) => {
              const base = r.variantOf === null || bases.length === 0 ? null : bases[r.variantOf % bases.length];
              const s = SIZES[base?.size ?? r.size];
              const id = cat.insertPuzzle(
                newPuzzle({
                  kind: s.kind,
                  m: s.m,
                  rows: s.rows,
                  cols: s.cols,
                  tier: r.tier,
                  nodes: r.nodes,
                  score: r.score,
                  canonical_hash: hashOf(`tally-${base?.n ?? i}`),
                  slot: i,
                  base_id: base?.id ?? null,
                  transform: base === null ? null : `mirror-h-${i}`,
                  build_id: r.build === 3 ? null : builds[r.build],
                }),
              );
              if (base === null) bases.push({ id, size: r.size, n: i });
            });
            const tally = new CatalogTally();
            for (const p of cat.iteratePuzzles()) tally.add(p);
            const graderOf = (b: number | null): string | null =>
              b === null ? null : (cat.builds().find((x) => x.id === b)?.grader_version ?? null);
            expect(tally.baseHashes()).toEqual(cat.baseHashes());
            for (const kind of ['dominosa', 'sudomino'] as KindName[]) {
              expect([...tally.sizeCounts(kind)]).toEqual([...cat.sizeCounts(kind)]);
              expect(tally.tierStats(kind, cat.readThresholds(null, kind))).toEqual(cat.tierStats(kind));
              expect([...tally.graderVersionCounts(kind, graderOf)]).toEqual([...cat.graderVersionCounts(kind)]);
              for (const size of cat.sizeCounts(kind).keys())
                expect(tally.baseDifficulties(kind, size)).toEqual(cat.baseDifficulties(kind, size));
            }
          } finally {
            cat.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
