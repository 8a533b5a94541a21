// A build's calibration of the sizes that have no tier cuts, in the catalog or the thresholds
// file: a sample of each size's boards made in a worker pool, cut as sample-cuts and tune cut
// them. The cuts depend only on the seed, the size and the options, so shards, merge and resumed
// builds agree; the build records them in the catalog's thresholds like any seeded cuts.
import { Piscina } from 'piscina';
import { DEFAULT_TIER_MEASURE, type TierMeasure } from '../../src/rank/rule.js';
import { aimedByDefault, cutsOfSample, type SampleSpec } from '../../src/dominosa/rank/sample.js';
import type { BandPoint } from '../../src/rank/cuts.js';
import { TIERS } from '../../src/rank/tiers.js';
import { countProgress } from '../runtime/count-progress.js';
import type { Catalog } from '../catalog/catalog.js';
import type { StoredRule } from '../catalog/thresholds.js';
import { EXIT_INTERRUPTED, UserError } from '../runtime/errors.js';
import { WORKER_EXEC_ARGV, workerFile } from '../runtime/pool.js';
import type { SampleTask } from './calibrate-worker.js';
import type { BuildOptions } from './options.js';
import { loadTiers, readTiersFile, type RuleTable } from './thresholds.js';

/** The largest size a build calibrates itself; above it a sample takes too long to wait for unasked. */
export const CALIBRATE_MAX_M = 30;
/** Sample slots are numbered from here: above any slot a build makes, so no sample board is a build's. */
export const FIRST_SAMPLE_SLOT = 2 ** 40;
/** Slots per task: a few, so progress moves and the pool stays busy. */
const TASK_SLOTS = 4;

/** How a calibration shows itself: a count of slots sampled, and its one line when done. */
export interface CalibrationUi {
  progress(total: number, what: string): { tick(label: string): void; stop(): void };
  announce(line: string): void;
}

/** On a terminal: a bar (count-progress.ts) and the line on stderr. */
export const terminalCalibration: CalibrationUi = {
  progress: (total, what) => countProgress(total, what),
  announce: (line) => process.stderr.write(`dominosa: ${line}\n`),
};

/** Slots in a size's sample: from the sizes aimed at the bands, 25 per band; below them 1,000 (small boards are cheap). */
export function sampleSize(m: number): number {
  return aimedByDefault(m) ? 25 * TIERS.length : 1000;
}

function specOf(o: BuildOptions, m: number, measure: TierMeasure): SampleSpec {
  return {
    seed: o.seed,
    m,
    measure,
    aimed: measure === 'grade' && aimedByDefault(m),
    maxAttempts: o.maxAttempts,
    method: o.method,
  };
}

/** The sizes of a build that neither the catalog nor the thresholds file has cuts for; refused above CALIBRATE_MAX_M. */
export function sizesToCalibrate(c: Catalog | null, o: BuildOptions): number[] {
  const measure = o.tierBy ?? DEFAULT_TIER_MEASURE;
  const stored = c?.readThresholds(null, 'dominosa') ?? new Map<string, StoredRule>();
  const unseeded = o.sizes.filter((m) => !stored.has(String(m)));
  if (unseeded.length === 0) return [];
  // A file that cannot be read, or was tuned for another solver or grader, is refused whole.
  loadTiers(o.tiersFile, [], measure);
  const file = readTiersFile(o.tiersFile);
  if (file === null) return [];
  const section = measure === 'nodes' ? file.table : measure === 'grade' ? file.grade : file.scores;
  const missing = unseeded.filter((m) => section[m] === undefined);
  const big = missing.filter((m) => m > CALIBRATE_MAX_M);
  if (big.length > 0) {
    const list = big.join(',');
    throw new UserError(
      `no ${measure} cuts for M=${list} in ${o.db} or ${o.tiersFile}, and a build calibrates them only up to M=${CALIBRATE_MAX_M} (above, a sample takes many minutes per size): ` +
        `sample them into a file of your own with node dist/scripts/dev/sample-cuts.js --sizes ${list}${measure === 'grade' ? ' --count 20' : ` --measure ${measure}`} --write my-tiers.json, then add --thresholds my-tiers.json`,
    );
  }
  return missing;
}

/**
 * Cuts for `sizes` from samples of their boards (all sizes' slots in one pool, the build's
 * --jobs threads), with a bar, and the one line saying what was done. A signal stops it (exit
 * 130) with nothing written.
 */
export async function calibrate(sizes: readonly number[], o: BuildOptions, ui: CalibrationUi): Promise<RuleTable> {
  if (sizes.length === 0) return {};
  const measure = o.tierBy ?? DEFAULT_TIER_MEASURE;
  const specs = sizes.map((m) => specOf(o, m, measure));
  const total = specs.reduce((a, s) => a + sampleSize(s.m), 0);
  const bar = ui.progress(total, `calibrating M=${sizes.join(',')}`);
  const pool = new Piscina<SampleTask, (BandPoint | null)[]>({
    filename: workerFile('build/calibrate-worker.js'),
    minThreads: o.jobs,
    maxThreads: o.jobs,
    execArgv: WORKER_EXEC_ARGV,
  });
  // A stop ends the pool, which fails the tasks still running or queued.
  let stopped = false;
  const onAbort = (): void => {
    stopped = true;
    void pool.destroy();
  };
  o.signal?.addEventListener('abort', onAbort, { once: true });
  if (o.signal?.aborted) onAbort();
  try {
    const samples = await Promise.all(
      specs.map(async (spec) => {
        const n = sampleSize(spec.m);
        const runs: Promise<(BandPoint | null)[]>[] = [];
        for (let k = 0; k < n; k += TASK_SLOTS) {
          const count = Math.min(TASK_SLOTS, n - k);
          const task: SampleTask = { spec, first: FIRST_SAMPLE_SLOT + k, count };
          runs.push(
            pool.run(task).then((points) => {
              for (let i = 0; i < count; i++) bar.tick(`M=${spec.m}`);
              return points;
            }),
          );
        }
        return (await Promise.all(runs)).flat();
      }),
    );
    const rules: RuleTable = {};
    const said: string[] = [];
    specs.forEach((spec, i) => {
      const points = samples[i].filter((p): p is BandPoint => p !== null);
      const cuts = cutsOfSample(spec, points, sampleSize(spec.m));
      if (cuts === null)
        throw new UserError(
          `M=${spec.m}: no slot of the calibration sample found a board within --max-attempts ${o.maxAttempts}; raise it, or pass --thresholds with cuts for M=${spec.m}`,
        );
      rules[spec.m] = { measure, th: cuts.thresholds };
      said.push(`M=${spec.m} ${cuts.thresholds.t1}/${cuts.thresholds.t2}/${cuts.thresholds.t3}`);
    });
    bar.stop();
    const slots = [...new Set(specs.map((s) => sampleSize(s.m)))].join(' or ');
    ui.announce(
      `no ${measure} cuts for M=${sizes.join(',')} in the catalog or ${o.tiersFile}: calibrated them from ${slots} sample slots per size (seed ${o.seed}), as dominosa tune would, into ${o.db}: ${said.join(', ')}`,
    );
    return rules;
  } catch (e) {
    bar.stop();
    if (stopped)
      throw new UserError(
        'stopped while calibrating the tier cuts; nothing was written (rerun to start again)',
        EXIT_INTERRUPTED,
      );
    throw e;
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    if (!stopped) await pool.destroy();
  }
}
