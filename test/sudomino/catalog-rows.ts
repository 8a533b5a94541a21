// Sudomino rows for the catalog tools' tests, made as a build's worker makes them (makeCatalogSlot)
// and inserted through the Catalog API: a seed's slots as they come, or only those a test keeps,
// which no build would choose (a build keeps what fills its tiers).
import { Catalog } from '../../pipeline/catalog/catalog.js';
import { TIERS } from '../../src/rank/tiers.js';
import { Grader } from '../../src/sudomino/grade/ladder.js';
import { catalogSlotRows, makeCatalogSlot, type CatalogSlot } from '../../src/sudomino/make/catalog-slot.js';
import { parseShape } from '../../src/sudomino/shape.js';
import { Solver } from '../../src/sudomino/solve/solver.js';

export interface SudominoRowsOptions {
  shape?: string;
  seed?: number;
  /** Slots tried; slot s aims at tier s mod 4, as a build aims them. */
  slots?: number;
  variants?: number;
  /** Keep only the slots this accepts (default all). */
  keep?: (made: CatalogSlot) => boolean;
}

/** Insert the bases and variants of a few Sudomino slots into the catalog at `path`; returns the base ids. */
export function addSudominoRows(path: string, o: SudominoRowsOptions = {}): number[] {
  const parsed = parseShape(o.shape ?? '6x6:4');
  if (!parsed.ok) throw new Error(parsed.error);
  const shape = parsed.shape;
  const seed = o.seed ?? 1;
  const solver = new Solver();
  const grader = new Grader();
  const cat = Catalog.open(path, { verb: 'test', create: true });
  const bases: number[] = [];
  try {
    cat.transaction(() => {
      // The rule a Sudomino build records for a new shape: score cuts at the level boundaries.
      const name = `${shape.rows}x${shape.cols}:${shape.values}`;
      if (!cat.readThresholds(null, 'sudomino').has(name))
        cat.writeThresholds(
          null,
          'sudomino',
          name,
          { measure: 'score', th: { t1: 2, t2: 3, t3: 4 } },
          'sudomino-ref-1',
        );
      for (let slot = 0; slot < (o.slots ?? 8); slot++) {
        const made = makeCatalogSlot(
          seed,
          shape,
          slot,
          TIERS[slot % TIERS.length],
          o.variants ?? 1,
          200,
          solver,
          grader,
        );
        if (made === null || cat.hasBase('sudomino', made.canonicalHash) || !(o.keep?.(made) ?? true)) continue;
        const [base, ...variants] = catalogSlotRows(made, {
          values: shape.values,
          seed,
          slot,
          tier: made.tier,
          method: 'tiered',
        });
        const id = cat.insertPuzzle({ ...base, tier: made.tier, base_id: null, build_id: null });
        bases.push(id);
        for (const v of variants) cat.insertPuzzle({ ...v, tier: made.tier, base_id: id, build_id: null });
      }
    });
  } finally {
    cat.close();
  }
  return bases;
}
