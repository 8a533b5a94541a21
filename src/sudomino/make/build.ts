// Sudomino's part in a build (src/catalog/build.ts, KindBuild): its shapes, its plan (each
// shape's cuts: the catalog's own, as tune set them, else the grade's level cuts; every shape
// fills the four tiers, slot k aiming at tier k mod 4), its key, its slot-maker, and its words in
// the build's messages. It reads none of the options of how Dominosa's boards are made and cut.
import type { BuiltCatalog, KindBuild, RuleTable, SummaryTier } from '../../catalog/build.js';
import { TIERS, type Tier } from '../../rank/tiers.js';
import { LEVELS, Grader, GRADER_VERSION } from '../grade/ladder.js';
import { TIER_RULE, aimOf } from '../rank/catalog-rule.js';
import { REFERENCE_VERSION } from '../rank/stored.js';
import { formatShape, parseShape, parseShapes } from '../shape.js';
import { Solver } from '../solve/solver.js';
import { keyOptions, keys } from './build-key.js';
import { makeSlot } from './catalog-slot.js';

/** The shapes a build makes by default: the default 8x8:6 and a shape either side (scripts/bench/README.md). */
export const BUILD_SHAPES = ['6x6:4', '8x8:6', '10x10:7'];

/** Deals a slot draws before it is rejected: most of 6x6:4's rare expert slots find one, and a tier no deal reaches costs a bounded time. */
export const MAX_ATTEMPTS = 200;

/** "112 Sudomino puzzles of 6x6:4, 8x8:6 (smallest first): 28 base puzzles in 4 tiers, and their variants" */
function holdings(cat: BuiltCatalog): string {
  const cells = (shape: string): number => {
    const p = parseShape(shape);
    return p.ok ? p.shape.rows * p.shape.cols : 0;
  };
  const shapes = [...cat.sizeCounts()].sort((a, b) => cells(a[0]) - cells(b[0]));
  const puzzles = shapes.reduce((a, [, n]) => a + n, 0);
  let bases = 0;
  const tiers = new Set<string>();
  for (const [shape] of shapes) {
    for (const [t, n] of Object.entries(cat.tierCounts(shape))) {
      bases += n;
      if (n > 0) tiers.add(t);
    }
  }
  return `${puzzles} Sudomino puzzles of ${shapes.map(([s]) => s).join(', ')}: ${bases} base puzzles in ${tiers.size} tier${tiers.size === 1 ? '' : 's'}, and their variants`;
}

/** Base puzzles per shape and tier, with their grade (the tier's level) and grade-score range, tiers by their lowest score. */
function summary(cat: BuiltCatalog, shapes: readonly string[]): SummaryTier[] {
  const out: SummaryTier[] = [];
  for (const shape of shapes) {
    const scores = new Map<Tier, number[]>();
    for (const d of cat.baseDifficulties(shape)) {
      const own = scores.get(d.tier);
      if (own === undefined) scores.set(d.tier, [d.score]);
      else own.push(d.score);
    }
    for (const [tier, v] of [...scores].sort((a, b) => Math.min(...a[1]) - Math.min(...b[1]))) {
      out.push({
        label: shape,
        tier,
        count: v.length,
        measure: 'score',
        min: Math.min(...v),
        max: Math.max(...v),
        // A Sudomino tier is one level of its grader: the grade column names it.
        band: LEVELS.find((l) => l.tier === tier)?.name ?? '-',
        cut: 'grade score',
      });
    }
  }
  return out;
}

export const build: KindBuild = {
  defaults: { sizes: BUILD_SHAPES, maxAttempts: MAX_ATTEMPTS },
  options: { takes: [], why: "whose tiers are its grade's levels" },
  methods: [],
  versions: { solver: REFERENCE_VERSION, grader: GRADER_VERSION },
  noun: 'Sudomino build',
  sizesHelp: `shapes RxC:N, e.g. 8x8:6,10x10:7 [default: ${BUILD_SHAPES.join(',')}]`,

  parseSizes: parseShapes,

  refuse(o) {
    if (o.sizes.length === 0) return 'no shapes to build';
    for (const text of o.sizes) {
      const res = parseShape(text);
      if (!res.ok) return `--sizes: ${res.error}`;
      // The shape is the catalog's key for its slots and thresholds: one spelling only.
      if (formatShape(res.shape) !== text) return `--sizes: write shape ${text} as ${formatShape(res.shape)}`;
    }
    if (new Set(o.sizes).size !== o.sizes.length) return '--sizes: a shape is named twice';
    return null;
  },

  plan({ settings: o, stored }) {
    const table: RuleTable = {};
    const seeded = new Set<string>();
    for (const shape of o.sizes) {
      const own = stored.get(shape);
      if (own === undefined) {
        seeded.add(shape);
        table[shape] = TIER_RULE;
      } else table[shape] = { measure: own.measure, th: own.th };
    }
    const key = keyOptions(o, table);
    // Every shape fills every tier; its slots aim by the slot alone (aimOf), so they need nothing more.
    const plans = new Map(o.sizes.map((s) => [s, { wanted: [...TIERS], unreachable: [], make: null }]));
    return { ok: true, value: { table, seeded, key, plans } };
  },

  keys,
  aimOf: aimOf,

  slotMaker() {
    // One solver and grader per worker thread, so their buffers are reused across slots.
    const solver = new Solver();
    const grader = new Grader();
    return (spec) => makeSlot(solver, grader, spec);
  },

  misfit(key, base) {
    const s = parseShape(key);
    if (!s.ok) return s.error;
    const { rows, cols, values } = s.shape;
    return base.rows !== rows || base.cols !== cols || base.m !== values
      ? `board is ${base.rows}x${base.cols}:${base.m}, not ${key}`
      : null;
  },

  summary,
  holdings,
  describe: (o) => ({ sizes: `Sudomino ${o.sizes.join(',')}`, tiers: 'grade level' }),
};
