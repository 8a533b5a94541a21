// Dominosa's part in a build (src/catalog/build.ts, KindBuild): its sizes M and their limits, how
// its boards are made (--method), its plan (cuts from the catalog, the thresholds file or its
// calibration; per-size aims), its key, its slot-maker, and its words in the build's messages.
import type { KindBuild } from '../../catalog/build.js';
import { DEFAULT_TIER_MEASURE } from '../../rank/rule.js';
import { TIERS } from '../../rank/tiers.js';
import { TATHAM_NAMES } from '../rank/bands.js';
import { REFERENCE_VERSION } from '../rank/reference.js';
import { GRADER_VERSION } from '../rank/stored.js';
import { cutName } from '../rank/tier-rule.js';
import { parseMs, sizeLabel } from '../sizes.js';
import { MAX_M as SOLVER_MAX_M } from '../solve/limits.js';
import { keys } from './build-key.js';
import { holdings, planBuild } from './build-plan.js';
import { calibration } from './calibration.js';
import { makeSlot } from './catalog-slot.js';
import { DEFAULT_MAX_ATTEMPTS, Generator, METHOD_CHOICES, REJECTION_MAX_M, type MethodChoice } from './generator.js';

/** `${name} must be a whole number ≥ min (got v)`, or at most max; null when v is. */
function wholeRefusal(v: number, min: number, name: string, max: number): string | null {
  if (!Number.isSafeInteger(v) || v < min) return `${name} must be a whole number ≥ ${min} (got ${v})`;
  if (v > max) return `${name} must be at most ${max} (got ${v})`;
  return null;
}

export const build: KindBuild = {
  defaults: { sizes: ['3', '4', '5', '6', '7', '8', '9'], maxAttempts: DEFAULT_MAX_ATTEMPTS },
  options: { takes: ['method', 'tier-by', 'grade', 'thresholds', 'tiers'], why: '' },
  methods: METHOD_CHOICES,
  versions: { solver: REFERENCE_VERSION, grader: GRADER_VERSION },
  noun: 'build',
  sizesHelp: 'board sizes M, 3..9, 3,5,7 or mixed (3..5,8) [default: 3..9]',

  parseSizes(text) {
    const res = parseMs(text);
    if (!res.ok) return res;
    // The largest size the solver proves.
    const big = res.value.filter((m) => m > SOLVER_MAX_M);
    if (big.length > 0) return { ok: false, error: `sizes go up to ${SOLVER_MAX_M} here (got ${big.join(', ')})` };
    return { ok: true, value: res.value.map(String) };
  },

  refuse(o) {
    if (o.sizes.length === 0) return 'no sizes to build';
    for (const key of o.sizes) {
      const m = Number(key);
      const bad = wholeRefusal(m, 1, 'a size', SOLVER_MAX_M);
      if (bad !== null) return bad;
      // The size is the catalog's key for its slots and thresholds: one spelling only.
      if (String(m) !== key) return `write size ${key} as ${m}`;
    }
    const ms = o.sizes.map(Number);
    if (o.method !== undefined && !METHOD_CHOICES.includes(o.method as MethodChoice))
      return `--method must be one of ${METHOD_CHOICES.join(', ')} (got ${o.method})`;
    if (o.method === 'rejection') {
      const big = ms.filter((m) => m > REJECTION_MAX_M);
      if (big.length > 0)
        return `--method rejection supports M ≤ ${REJECTION_MAX_M} (got ${big.join(', ')}); use repair or auto`;
    }
    if (o.method === 'repair' && ms.some((m) => m < 2)) return '--method repair needs sizes M ≥ 2';
    return null;
  },

  plan: planBuild,
  calibration,
  keys,
  // Slots aim by their size's plan (aims per slot), not by the slot alone.
  aimOf: null,

  slotMaker() {
    // One generator (and its solver) per worker thread, so buffers are reused across slots.
    const generator = new Generator();
    return (spec) => makeSlot(generator, spec);
  },

  misfit(key, base) {
    const m = Number(key);
    return base.rows !== m + 1 || base.cols !== m + 2 ? `board is ${base.rows}x${base.cols}, not wide` : null;
  },

  // Each range is named for what it measures; a tier of the grade rule also names its band.
  summary: (held, keys) => {
    const built = new Set(keys);
    return held
      .tierStats()
      .filter((t) => built.has(t.size))
      .map(({ size, ...t }) => ({
        ...t,
        label: sizeLabel(size),
        band: t.measure === 'grade' && TIERS.includes(t.tier) ? TATHAM_NAMES[t.tier] : '-',
        cut: cutName(t.measure, Number(size)),
      }));
  },

  holdings,

  describe: (o) => ({ sizes: `M=${o.sizes.join(',')}`, tiers: o.tierBy ?? DEFAULT_TIER_MEASURE }),
};
