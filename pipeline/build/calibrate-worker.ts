// The piscina worker of a build's calibration (calibrate.ts): one task is a run of consecutive
// sample slots of one size, each answered with its kind's point, or null when it found no board.
// Runs from dist/ only: calibrate.ts starts it as dist/pipeline/build/calibrate-worker.js.
import { kindNamed, type KindName } from '../../src/kinds.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

export interface SampleTask {
  /** The kind calibrated, by name: the worker looks it up in the registry. */
  kind: KindName;
  /** The size's sample, as the kind's calibration drew it up. */
  spec: unknown;
  first: number;
  count: number;
}

// One sampler per kind and worker thread, so its buffers are reused across tasks.
const samplers = new Map<KindName, (spec: unknown, slot: number) => unknown>();

export default function sampleSlots(task: SampleTask): unknown[] {
  let sample = samplers.get(task.kind);
  if (sample === undefined) {
    const cal = kindNamed(task.kind).build.calibration;
    if (cal === undefined) throw new Error(`${task.kind} has no calibration`);
    sample = cal.sampler();
    samplers.set(task.kind, sample);
  }
  const out: unknown[] = [];
  for (let k = task.first; k < task.first + task.count; k++) out.push(sample(task.spec, k));
  return out;
}
