// The piscina worker of `dominosa build --kind sudomino`: one task is a run of slots of one
// shape, each answered with its catalog slot (makeCatalogSlot) as rows ready to bind, or with
// the rejection. Slot k aims at sudominoAim(k); a slot aimed at a tier already full is not made.
// Runs from dist/ only: the dispatcher starts it as dist/pipeline/build/sudomino-worker.js.
import { puzzleRecord, type PuzzleRecord } from '../../src/catalog/row.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { Tier } from '../../src/rank/tiers.js';
import { SudominoGrader } from '../../src/sudomino/grade/ladder.js';
import { catalogSlotRows, makeCatalogSlot } from '../../src/sudomino/make/catalog-slot.js';
import { sudominoAim } from '../../src/sudomino/rank/catalog-rule.js';
import { sudominoTierFor } from '../../src/sudomino/rank/tier-rule.js';
import { parseShape, type Shape } from '../../src/sudomino/shape.js';
import { SudominoSolver } from '../../src/sudomino/solve/solver.js';
import { deadlineAt, fault, stallWorkerAt } from '../runtime/faults.js';
import type { MadePuzzle, SlotAnswer } from './worker.js';

/** Slots first, first+stride, ... (count of them) of one shape. */
export interface SudominoSlotTask {
  seed: number;
  /** The shape's text, RxC:N. */
  shape: string;
  first: number;
  count: number;
  /** 1, or the shard count of a sharded build. */
  stride: number;
  variants: number;
  maxAttempts: number;
  /** The shape's tier rule: a made puzzle outside its tier's cuts (as tune may set them) fits none. */
  rule: TierRule;
  /** Tiers full when the task was sent: the decider calls their slots tier-full whatever they make. */
  fullTiers: Tier[];
  buildId: number;
  /** Date.now() after which slots give up (answered with timedOut, and the task ends there). */
  deadline?: number;
}

/** How the catalog's method column names a tiered Sudomino slot. */
const METHOD = 'tiered';

// One solver and grader per worker thread, so their buffers are reused across tasks.
const solver = new SudominoSolver();
const grader = new SudominoGrader();

function shapeOf(text: string): Shape {
  const s = parseShape(text);
  if (!s.ok) throw new Error(s.error);
  return s.shape;
}

function runSlot(task: SudominoSlotTask, shape: Shape, slot: number): SlotAnswer {
  const t0 = performance.now();
  const aim = sudominoAim(slot);
  if (task.fullTiers.includes(aim)) return { ok: false, slot, ms: 0, attempts: 0, reason: `its tier, ${aim}, is full` };
  if (task.deadline !== undefined && Date.now() > task.deadline) {
    return { ok: false, slot, ms: 0, attempts: 0, reason: 'the time budget ran out', timedOut: true };
  }
  const { seed, buildId } = task;
  const made = makeCatalogSlot(seed, shape, slot, aim, task.variants, task.maxAttempts, solver, grader);
  if (made === null)
    return {
      ok: false,
      slot,
      ms: performance.now() - t0,
      attempts: task.maxAttempts,
      reason: `no ${aim} puzzle in ${task.maxAttempts} deals`,
    };
  const tier = sudominoTierFor({ score: made.score, nodes: made.nodes }, task.rule);
  // No tier, or a full one: a rejection or a tier-full slot, whose rows are not needed.
  if (tier === null || task.fullTiers.includes(tier)) {
    const puzzle: MadePuzzle = { attempts: made.attempts, tier, canonicalHash: made.canonicalHash, rows: null };
    return { ok: true, slot, ms: performance.now() - t0, puzzle };
  }
  const rows: PuzzleRecord[] = catalogSlotRows(made, { values: shape.values, seed, slot, tier, method: METHOD }).map(
    (r) => puzzleRecord(r, { build_id: buildId }),
  );
  const puzzle: MadePuzzle = { attempts: made.attempts, tier, canonicalHash: made.canonicalHash, rows };
  return { ok: true, slot, ms: performance.now() - t0, puzzle };
}

export default function runSudominoSlots(task: SudominoSlotTask): SlotAnswer[] {
  const shape = shapeOf(task.shape);
  const out: SlotAnswer[] = [];
  for (let k = 0; k < task.count; k++) {
    const slot = task.first + k * task.stride;
    const point = `slot:${task.shape}:${slot}`;
    fault(point);
    stallWorkerAt(point);
    if (deadlineAt(point)) task.deadline = 0;
    const ans = runSlot(task, shape, slot);
    out.push(ans);
    // Past the deadline the later slots would only time out too.
    if (!ans.ok && ans.timedOut) break;
  }
  return out;
}
