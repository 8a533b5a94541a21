// What audit's catalog-wide checks read of the puzzles (sizes, tiers' ranges, bases' hashes and
// grader versions), counted from the rows of the one walk audit makes over every row anyway:
// read by queries after the walk, they were seconds of scans of a 1,000,000-row catalog with
// every worker idle. Each answer is the one the catalog's query gives (pipeline/catalog/puzzles.ts,
// versions.ts), in its order; the audit's tests hold the two to that.
import type { KindName } from '../../src/kinds.js';
import { measureColumn, type TierMeasure } from '../../src/rank/rule.js';
import type { Tier } from '../../src/rank/tiers.js';
import { inSizeOrder, type PuzzleRow, type TierStat } from '../catalog/puzzles.js';

interface BaseFact {
  nodes: number;
  score: number;
  tier: Tier;
}

/** SQLite's order of text (BINARY: by code point, which for the catalog's ASCII keys is JS's). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class CatalogTally {
  /** Rows per kind and size. */
  private readonly sizes = new Map<string, Map<string, number>>();
  /** Bases per kind and size, in id order. */
  private readonly bases = new Map<string, Map<string, BaseFact[]>>();
  /** Bases per kind and build. */
  private readonly builds = new Map<string, Map<number | null, number>>();
  private readonly hashes: { id: number; kind: KindName; canonical_hash: string }[] = [];

  /** Count a row; the walk hands them over in id order. */
  add(p: PuzzleRow): void {
    const sizes = this.sizes.get(p.kind) ?? new Map<string, number>();
    this.sizes.set(p.kind, sizes);
    sizes.set(p.shape, (sizes.get(p.shape) ?? 0) + 1);
    if (p.base_id !== null) return;
    this.hashes.push({ id: p.id, kind: p.kind, canonical_hash: p.canonical_hash });
    const bases = this.bases.get(p.kind) ?? new Map<string, BaseFact[]>();
    this.bases.set(p.kind, bases);
    const own = bases.get(p.shape) ?? [];
    bases.set(p.shape, own);
    own.push({ nodes: p.nodes, score: p.score, tier: p.tier });
    const builds = this.builds.get(p.kind) ?? new Map<number | null, number>();
    this.builds.set(p.kind, builds);
    builds.set(p.build_id, (builds.get(p.build_id) ?? 0) + 1);
  }

  /** Puzzles per size of a kind, in the kind's order of sizes (Catalog.sizeCounts). */
  sizeCounts(kind: KindName): Map<string, number> {
    const entries = [...(this.sizes.get(kind) ?? new Map<string, number>())].sort((a, b) => byText(a[0], b[0]));
    return new Map(inSizeOrder(kind, entries));
  }

  /** The bases of a kind's size: tier, nodes and score, in id order (Catalog.baseDifficulties). */
  baseDifficulties(kind: KindName, size: string): BaseFact[] {
    return this.bases.get(kind)?.get(size) ?? [];
  }

  /** Every base's id, kind and canonical hash, in id order (Catalog.baseHashes). */
  baseHashes(): readonly { id: number; kind: KindName; canonical_hash: string }[] {
    return this.hashes;
  }

  /** Per size and tier of a kind, its bases' count and range on the size's measure (Catalog.tierStats). */
  tierStats(kind: KindName, rules: ReadonlyMap<string, { measure: TierMeasure }>): TierStat[] {
    const out: TierStat[] = [];
    for (const size of this.sizeCounts(kind).keys()) {
      const measure = rules.get(size)?.measure ?? 'nodes';
      const column = measureColumn(measure) as 'nodes' | 'score';
      const tiers = new Map<Tier, { count: number; min: number; max: number }>();
      for (const b of this.baseDifficulties(kind, size)) {
        const v = b[column];
        const t = tiers.get(b.tier);
        if (t === undefined) tiers.set(b.tier, { count: 1, min: v, max: v });
        else {
          t.count++;
          if (v < t.min) t.min = v;
          if (v > t.max) t.max = v;
        }
      }
      // As the query groups them (by tier) and orders the groups by their least value.
      const rows = [...tiers].sort((a, b) => byText(a[0], b[0])).sort((a, b) => a[1].min - b[1].min);
      for (const [tier, r] of rows) out.push({ size, measure, tier, ...r });
    }
    return out;
  }

  /** A kind's bases by the grader version of their build (null: none recorded), as Catalog.graderVersionCounts orders them. */
  graderVersionCounts(kind: KindName, graderOf: (buildId: number | null) => string | null): Map<string | null, number> {
    const counts = new Map<string | null, number>();
    for (const [build, n] of this.builds.get(kind) ?? []) {
      const v = graderOf(build);
      counts.set(v, (counts.get(v) ?? 0) + n);
    }
    return new Map([...counts].sort((a, b) => (a[0] === null ? -1 : b[0] === null ? 1 : byText(a[0], b[0]))));
  }
}
