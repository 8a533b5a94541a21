// The thread that makes `dominosa generate`'s slots (runtime/off-thread.ts), one slot a task,
// under the run's clock; the main thread keeps the progress and writes the puzzles.
// Runs from dist/ only, as dist/pipeline/generate/worker.js.
import { kindNamed } from '../../src/kinds.js';
import type { GenerateRun, MadeSlot, SlotMaker } from '../../src/make/generating.js';
import { stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

export interface SlotTask {
  kind: string;
  run: GenerateRun;
  key: string;
  slot: number;
  /** The run's end (Date.now() time in ms); null: no time limit. */
  deadline: number | null;
}

// The maker of the run, kept from slot to slot.
let maker: { key: string; maker: SlotMaker } | null = null;

function makerFor(t: SlotTask): SlotMaker {
  const key = JSON.stringify([t.kind, t.run]);
  if (maker?.key !== key) maker = { key, maker: kindNamed(t.kind).generating.maker(t.run) };
  return maker.maker;
}

export default served((t: SlotTask): MadeSlot => {
  stallWorkerAt(`generate:slot:${t.key}:${t.slot}`);
  const { deadline } = t;
  return makerFor(t).make(t.key, t.slot, deadline === null ? undefined : () => Date.now() > deadline);
});
