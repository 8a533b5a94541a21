// The piscina worker of `dominosa build`, of any kind: one task is a run of slots of one size
// (consecutive, or every stride-th for a shard), each answered by its kind's slot-maker with the
// puzzle made and its variants as catalog rows ready to bind, or with the rejection.
// Runs from dist/ only: the dispatcher starts it as dist/pipeline/build/worker.js.
import type { SlotAnswer, SlotMaker } from '../../src/catalog/slot.js';
import { kindNamed, type KindName } from '../../src/kinds.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { Tier } from '../../src/rank/tiers.js';
import { deadlineAt, fault, stallWorkerAt } from '../runtime/faults.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

/** Slots first, first+stride, ... (count of them) of one size. Several per task keep messaging cheap. */
export interface SlotTask {
  /** The kind built, by name: the worker looks it up in the registry. */
  kind: KindName;
  seed: number;
  /** The size's key. */
  key: string;
  first: number;
  count: number;
  /** 1, or the shard count of a sharded build. */
  stride: number;
  /** Date.now() after which slots give up (answered with timedOut, and the task ends there). */
  deadline?: number;
  /** Variants wanted per kept puzzle. */
  variants: number;
  maxAttempts: number;
  /** The size's tier rule, and the tiers already full when the task was sent (SlotSpec). */
  rule: TierRule;
  fullTiers: Tier[];
  /** The size's plan's make: what its kind's slots need of it. */
  make: unknown;
  /** The build the rows are for (their build_id). */
  buildId: number;
}

// One slot-maker per kind and worker thread, so solvers' buffers are reused across tasks.
const makers = new Map<KindName, SlotMaker>();

function makerOf(kind: KindName): SlotMaker {
  let maker = makers.get(kind);
  if (maker === undefined) {
    maker = kindNamed(kind).build.slotMaker();
    makers.set(kind, maker);
  }
  return maker;
}

export default function runSlots(task: SlotTask): SlotAnswer[] {
  const make = makerOf(task.kind);
  const out: SlotAnswer[] = [];
  for (let k = 0; k < task.count; k++) {
    const slot = task.first + k * task.stride;
    const point = `slot:${task.key}:${slot}`;
    fault(point);
    stallWorkerAt(point);
    if (deadlineAt(point)) task.deadline = 0;
    const deadline = task.deadline;
    const t0 = performance.now();
    const res = make({
      seed: task.seed,
      key: task.key,
      slot,
      rule: task.rule,
      fullTiers: task.fullTiers,
      variants: task.variants,
      maxAttempts: task.maxAttempts,
      make: task.make,
      buildId: task.buildId,
      ...(deadline === undefined ? {} : { interrupt: () => Date.now() > deadline }),
    });
    const ans: SlotAnswer = { ...res, ms: performance.now() - t0 };
    out.push(ans);
    // Past the deadline the later slots would only time out too.
    if (!ans.ok && ans.timedOut) break;
  }
  return out;
}
