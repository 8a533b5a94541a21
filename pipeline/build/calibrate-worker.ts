// The piscina worker of a build's calibration (calibrate.ts): one task is a run of consecutive
// sample slots of one size, each answered with its point, or null when it found no board.
// Runs from dist/ only: calibrate.ts starts it as dist/pipeline/build/calibrate-worker.js.
import { Generator } from '../../src/dominosa/make/generator.js';
import type { BandPoint } from '../../src/rank/cuts.js';
import { samplePoint, type SampleSpec } from '../../src/dominosa/rank/sample.js';

export interface SampleTask {
  spec: SampleSpec;
  first: number;
  count: number;
}

// One generator per worker thread, so its buffers are reused across tasks.
const generator = new Generator();

export default function sampleSlots(task: SampleTask): (BandPoint | null)[] {
  const out: (BandPoint | null)[] = [];
  for (let k = task.first; k < task.first + task.count; k++) out.push(samplePoint(generator, task.spec, k));
  return out;
}
