// A Dominosa build's calibration (src/catalog/build.ts, KindCalibration) of the sizes that have
// no tier cuts in the catalog or the thresholds file: a sample of each size's boards, cut as
// sample-cuts and tune cut them (rank/sample.ts). The build records them in the catalog's
// thresholds like any seeded cuts.
import type { BuildSettings, KindCalibration, RuleTable } from '../../catalog/build.js';
import type { BandPoint } from '../../rank/cuts.js';
import { DEFAULT_TIER_MEASURE, type TierMeasure } from '../../rank/rule.js';
import { TIERS } from '../../rank/tiers.js';
import { aimedByDefault, cutsOfSample, samplePoint, type SampleSpec } from '../rank/sample.js';
import { cutsSection, loadCuts, readCuts } from '../rank/tiers-file.js';
import { Generator, type MethodChoice } from './generator.js';

/** The largest size a build calibrates itself; above it a sample takes too long to wait for unasked. */
export const CALIBRATE_MAX_M = 30;

/** Slots in a size's sample: from the sizes aimed at the bands, 25 per band; below them 1,000 (small boards are cheap). */
export function sampleSize(m: number): number {
  return aimedByDefault(m) ? 25 * TIERS.length : 1000;
}

function measureOf(o: BuildSettings): TierMeasure {
  return o.tierBy ?? DEFAULT_TIER_MEASURE;
}

function specOf(o: BuildSettings, m: number): SampleSpec {
  const measure = measureOf(o);
  return {
    seed: o.seed,
    m,
    measure,
    aimed: measure === 'grade' && aimedByDefault(m),
    maxAttempts: o.maxAttempts,
    method: o.method as MethodChoice | undefined,
  };
}

export const calibration: KindCalibration = {
  sizes({ settings: o, stored, file }) {
    const measure = measureOf(o);
    const unseeded = o.sizes.filter((m) => !stored.has(m));
    if (unseeded.length === 0) return { ok: true, value: [] };
    // A file that cannot be read, or was tuned for another solver or grader, is refused whole.
    const whole = loadCuts(file, [], measure);
    if (!whole.ok) return whole;
    const cuts = readCuts(file);
    if (!cuts.ok) return cuts;
    if (cuts.value === null) return { ok: true, value: [] };
    const section = cutsSection(cuts.value, measure);
    const missing = unseeded.filter((m) => section[Number(m)] === undefined);
    const big = missing.filter((m) => Number(m) > CALIBRATE_MAX_M);
    if (big.length > 0) {
      const list = big.join(',');
      return {
        ok: false,
        error:
          `no ${measure} cuts for M=${list} in ${o.db} or ${o.tiersFile}, and a build calibrates them only up to M=${CALIBRATE_MAX_M} (above, a sample takes many minutes per size): ` +
          `sample them into a file of your own with node dist/scripts/dev/sample-cuts.js --sizes ${list}${measure === 'grade' ? ' --count 20' : ` --measure ${measure}`} --write my-tiers.json, then add --thresholds my-tiers.json`,
      };
    }
    return { ok: true, value: missing };
  },

  sample(o, key) {
    const m = Number(key);
    return { spec: specOf(o, m), slots: sampleSize(m) };
  },

  sampler() {
    // One generator per worker thread, so its buffers are reused across tasks.
    const generator = new Generator();
    return (spec, slot) => samplePoint(generator, spec as SampleSpec, slot);
  },

  cuts(o, key, spec, points) {
    const s = spec as SampleSpec;
    const found = points.filter((p): p is BandPoint => p !== null);
    const cuts = cutsOfSample(s, found, sampleSize(s.m));
    if (cuts === null)
      return {
        ok: false,
        error: `M=${s.m}: no slot of the calibration sample found a board within --max-attempts ${o.maxAttempts}; raise it, or pass --thresholds with cuts for M=${s.m}`,
      };
    return { ok: true, value: { measure: measureOf(o), th: cuts.thresholds } };
  },

  title: (keys) => `calibrating M=${keys.join(',')}`,

  announce(o, keys, table: RuleTable) {
    const said = keys.map((m) => `M=${m} ${table[m].th.t1}/${table[m].th.t2}/${table[m].th.t3}`);
    const slots = [...new Set(keys.map((m) => sampleSize(Number(m))))].join(' or ');
    return `no ${measureOf(o)} cuts for M=${keys.join(',')} in the catalog or ${o.tiersFile}: calibrated them from ${slots} sample slots per size (seed ${o.seed}), as dominosa tune would, into ${o.db}: ${said.join(', ')}`;
  },
};
