// A build's calibration of the sizes that have no tier cuts, in the catalog or the thresholds
// file, where its kind can sample them (KindCalibration): a sample of each size's boards made in
// a worker pool and cut by the kind. The cuts depend only on the seed, the size and the options,
// so shards, merge and resumed builds agree; the build records them in the catalog's thresholds
// like any seeded cuts.
import { Piscina } from 'piscina';
import type { RuleTable } from '../../src/catalog/build.js';
import { countProgress } from '../runtime/count-progress.js';
import type { Catalog } from '../catalog/catalog.js';
import { EXIT_INTERRUPTED, UserError } from '../runtime/errors.js';
import { WORKER_EXEC_ARGV, workerFile } from '../runtime/pool.js';
import type { SampleTask } from './calibrate-worker.js';
import { buildKind, type BuildOptions } from './options.js';
import { storedCuts } from './plan.js';
import { tiersFileSource } from './thresholds.js';

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

/** The sizes of a build whose cuts its kind samples (none where the kind has no calibration); its refusal is one line. */
export function sizesToCalibrate(c: Catalog | null, o: BuildOptions): string[] {
  const kind = buildKind(o);
  const cal = kind.build.calibration;
  if (cal === undefined) return [];
  const res = cal.sizes({ settings: o, stored: storedCuts(c, kind), file: tiersFileSource(o.tiersFile) });
  if (!res.ok) throw new UserError(res.error);
  return res.value;
}

/** A calibration's cuts, and the line that says what was done, for the build to say once its plan holds. */
export interface Calibrated {
  table: RuleTable;
  /** null when nothing was calibrated. */
  line: string | null;
}

/**
 * Cuts for `sizes` from samples of their boards (all sizes' slots in one pool, the build's
 * --jobs threads), with a bar, and the one line saying what was done, which the caller says only
 * when the build goes on (a refused build's line is its refusal alone). A signal stops it (exit
 * 130) with nothing written.
 */
export async function calibrate(sizes: readonly string[], o: BuildOptions, ui: CalibrationUi): Promise<Calibrated> {
  if (sizes.length === 0) return { table: {}, line: null };
  const kind = buildKind(o);
  const cal = kind.build.calibration;
  if (cal === undefined) throw new Error(`${kind.title} has no calibration`);
  const samples = sizes.map((key) => ({ key, ...cal.sample(o, key) }));
  const total = samples.reduce((a, s) => a + s.slots, 0);
  const bar = ui.progress(total, cal.title(sizes));
  const pool = new Piscina<SampleTask, unknown[]>({
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
    const points = await Promise.all(
      samples.map(async ({ key, spec, slots }) => {
        const label = kind.sizes.label(key);
        const runs: Promise<unknown[]>[] = [];
        for (let k = 0; k < slots; k += TASK_SLOTS) {
          const count = Math.min(TASK_SLOTS, slots - k);
          const task: SampleTask = { kind: kind.name, spec, first: FIRST_SAMPLE_SLOT + k, count };
          runs.push(
            pool.run(task).then((found) => {
              for (let i = 0; i < count; i++) bar.tick(label);
              return found;
            }),
          );
        }
        return (await Promise.all(runs)).flat();
      }),
    );
    const rules: RuleTable = {};
    samples.forEach(({ key, spec }, i) => {
      const cuts = cal.cuts(o, key, spec, points[i]);
      if (!cuts.ok) throw new UserError(cuts.error);
      rules[key] = cuts.value;
    });
    bar.stop();
    return { table: rules, line: cal.announce(o, sizes, rules) };
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
