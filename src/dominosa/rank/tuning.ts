// Dominosa's part of `tune` (src/rank/tuning.ts): every measure a size's tiers may cut, the
// analysis and the thresholds file of tune.ts, the report and plots of tune-report.ts, and the
// tier order checked after an --apply re-tiers.
import { checkTierOrder } from '../check.js';
import type { Parsed } from '../../parsed.js';
import { TIER_MEASURES, type TierMeasure } from '../../rank/rule.js';
import type { KindTuning } from '../../rank/tuning.js';
import { REFERENCE_VERSION } from './reference.js';
import { currentMeasure, staleVersions, tiersFile, tuneSize, type TunedSize } from './tune.js';
import { plotOf, report } from './tune-report.js';

export const tuning: KindTuning<TunedSize> = {
  measures: TIER_MEASURES,
  cutsAre: 'reference nodes, the grade bands or the grade score',
  referenceVersion: REFERENCE_VERSION,
  propose(sizes, ask) {
    const measure: Parsed<TierMeasure> =
      ask.measure === undefined
        ? currentMeasure(sizes.map((s) => s.rule?.measure ?? 'nodes'))
        : { ok: true, value: ask.measure };
    return measure.ok ? { ok: true, value: sizes.map((s) => tuneSize(s, measure.value, ask)) } : measure;
  },
  refuseApply(tunes, measuredBy) {
    const error = staleVersions(tunes, measuredBy);
    return error === null ? null : { error, failedCheck: false };
  },
  tiersFile,
  // Ranges cannot overlap, so only a bug breaks the order.
  orderBroken(spans) {
    const disorder = checkTierOrder(spans);
    return disorder.length > 0 ? disorder[0].detail : null;
  },
  plot: plotOf,
  report,
};
