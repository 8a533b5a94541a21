// What a Sudomino build will do to a catalog, decided before anything is written: each shape's
// tier rule (the catalog's own, as tune set it, else the grade's level cuts), the build's key and whether it
// resumes; or the one-line refusal of a build the catalog cannot take. A catalog holds one build
// of each kind unless told to extend it.
import type { SizePlan } from '../../src/dominosa/rank/aims.js';
import { TIERS } from '../../src/rank/tiers.js';
import { SUDOMINO_TIER_RULE } from '../../src/sudomino/rank/catalog-rule.js';
import { parseShape } from '../../src/sudomino/shape.js';
import type { Catalog } from '../catalog/catalog.js';
import type { StoredRule } from '../catalog/thresholds.js';
import { UserError } from '../runtime/errors.js';
import { buildKey, sudominoKeyOptions } from './key.js';
import type { BuildOptions } from './options.js';
import { ownBuild, type BuildPlan } from './plan.js';
import type { RuleTable } from './thresholds.js';

/** "112 Sudomino puzzles of 6x6:4, 8x8:6 (smallest first): 28 base puzzles in 4 tiers, and their variants" */
function holdings(cat: Catalog): string {
  const cells = (shape: string): number => {
    const p = parseShape(shape);
    return p.ok ? p.shape.rows * p.shape.cols : 0;
  };
  const shapes = [...cat.sizeCounts('sudomino')].sort((a, b) => cells(a[0]) - cells(b[0]));
  const puzzles = shapes.reduce((a, [, n]) => a + n, 0);
  let bases = 0;
  const tiers = new Set<string>();
  for (const [shape] of shapes) {
    for (const [t, n] of Object.entries(cat.tierCounts('sudomino', shape))) {
      bases += n;
      if (n > 0) tiers.add(t);
    }
  }
  return `${puzzles} Sudomino puzzles of ${shapes.map(([s]) => s).join(', ')}: ${bases} base puzzles in ${tiers.size} tier${tiers.size === 1 ? '' : 's'}, and their variants`;
}

/** A shape's plan: it fills every tier, slot k aiming at tier k mod 4 (sudominoAim). */
function shapePlan(shape: string): SizePlan {
  const s = parseShape(shape);
  if (!s.ok) throw new UserError(`--sizes: ${s.error}`);
  return { m: s.shape.values, wanted: [...TIERS], unreachable: [], aims: [] };
}

/** What a Sudomino build of `o` will do to the catalog (null: none yet), or why it must not. Reads only. */
export function planSudominoBuild(c: Catalog | null, o: BuildOptions): BuildPlan {
  c?.assertSound();
  const shapes = o.shapes ?? [];
  const stored = c?.readThresholds(null, 'sudomino') ?? new Map<string, StoredRule>();
  const table: RuleTable = {};
  const seeded = new Set<string>();
  for (const shape of shapes) {
    const own = stored.get(shape);
    if (own === undefined) {
      seeded.add(shape);
      table[shape] = SUDOMINO_TIER_RULE;
    } else table[shape] = { measure: own.measure, th: own.th };
  }
  const keyOptions = sudominoKeyOptions(o, table);
  const key = buildKey(keyOptions);
  const existing = ownBuild(c, 'sudomino', keyOptions, key, o);
  const plans = new Map(shapes.map((s) => [s, shapePlan(s)]));
  const holds = c !== null && existing?.status === 'finished' ? holdings(c) : undefined;
  return { table, seeded, keyOptions, key, existing, plans, holds };
}
