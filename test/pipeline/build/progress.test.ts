// The build's closing summary: the share of worker time thrown away (slots not kept) is the one
// the decider counted, and the run's CPU beside its wall time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSummary, type SizeReport } from '../../../pipeline/build/progress.js';
import { zeroOutcomes } from '../../../pipeline/build/sizes.js';

function report(kept: number, tierFull: number, workerMs: number, wastedMs: number): SizeReport {
  const outcomes = zeroOutcomes();
  outcomes.kept = kept;
  outcomes['tier-full'] = tierFull;
  return { label: 'M=6', state: 'done', outcomes, attempts: kept + tierFull, workerMs, wastedMs };
}

describe('formatSummary', () => {
  it("prints each size's waste as its share of worker time, and the run's CPU", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 1e7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 1e7 }),
        (kept, tierFull, workerMs, share, cpuMs) => {
          const text = formatSummary({
            sizes: [report(kept, tierFull, workerMs, share * workerMs)],
            tiers: [],
            wallMs: 1000,
            cpuMs,
          });
          const row = text
            .split('\n')
            .find((l) => l.startsWith('M=6'))!
            .trim()
            .split(/\s+/);
          expect(row.at(-1)).toBe(`${Math.round(100 * share)}%`);
          expect(text).toContain(`${(cpuMs / 1000).toFixed(1)} s of CPU`);
        },
      ),
    );
  });
});
