// The piscina worker of `dominosa build`: one task is a run of slots of one size (consecutive,
// or every stride-th for a shard), each answered with the generated puzzle and its variants as
// catalog rows ready to bind, or with the rejection.
// Runs from dist/ only: the dispatcher starts it as dist/pipeline/build/worker.js.
import type { Board } from '../../src/dominosa/board.js';
import { Generator, type MethodChoice } from '../../src/dominosa/make/generator.js';
import { aimOf, type Aim } from '../../src/dominosa/rank/aims.js';
import type { Solution } from '../../src/dominosa/solve/solution.js';
import { type TierRule } from '../../src/rank/rule.js';
import { tierFor } from '../../src/dominosa/rank/tier-rule.js';
import { canonicalGrade } from '../../src/dominosa/rank/stored.js';
import type { Tier } from '../../src/rank/tiers.js';
import { makeVariants } from '../../src/dominosa/make/variants.js';
import { gridText, puzzleRecord, solutionText, type PuzzleRecord } from '../../src/catalog/row.js';
import { deadlineAt, fault, stallWorkerAt } from '../runtime/faults.js';

/** Slots first, first+stride, ... (count of them) of size m. Several per task keep messaging cheap. */
export interface SlotTask {
  seed: number;
  m: number;
  first: number;
  count: number;
  /** 1, or the shard count of a sharded build. */
  stride: number;
  method: MethodChoice;
  /** Date.now() after which slots give up (answered with timedOut, and the task ends there). */
  deadline?: number;
  /** Variants wanted per kept puzzle. */
  variants: number;
  /** What slot k aims at: aims[k mod aims.length] (rank/aims.ts); empty for ungraded slots. */
  aims: Aim[];
  maxAttempts: number;
  /** The size's tier rule, and the tiers already full when the task was sent: a candidate
   *  landing in a full tier can never be kept, so its board and variants are not sent back. */
  rule: TierRule;
  fullTiers: Tier[];
  /** The build the rows are for (their build_id). */
  buildId: number;
}

/**
 * A candidate as the writer needs it to decide and store: its tier under the task's rule, its
 * symmetry class, and (when it may be kept) its rows, prepared and checksummed here, in
 * parallel, so the writer only numbers them and binds them. Rows cross to the main thread as
 * flat records of strings and numbers.
 */
export interface MadePuzzle {
  attempts: number;
  /** The tier the task's rule gives it (null: no tier, a rejection). */
  tier: Tier | null;
  canonicalHash: string;
  /** The base's row, then its variants'; only for a candidate whose tier was not yet full when the task was sent. */
  rows: PuzzleRecord[] | null;
}

export type SlotAnswer =
  | { ok: true; slot: number; ms: number; puzzle: MadePuzzle }
  | { ok: false; slot: number; ms: number; attempts: number; reason: string; timedOut?: boolean };

// One generator (and its solver) per worker thread, so buffers are reused across tasks.
const generator = new Generator();

/** A board and its solution as the catalog stores them: grid as JSON rows, solution as JSON [[r1, c1, r2, c2], ...]. */
function stored(board: Board, solution: Solution): { rows: number; cols: number; grid: string; solution: string } {
  return { rows: board.rows, cols: board.cols, grid: gridText(board), solution: solutionText(solution) };
}

function runSlot(task: SlotTask, slot: number): SlotAnswer {
  const t0 = performance.now();
  const { seed, m } = task;
  const deadline = task.deadline;
  const interrupt = deadline === undefined ? undefined : () => Date.now() > deadline;
  // A function of the slot, so --jobs and shards see the same aims; in turn, so tiers fill at one pace.
  const aim = aimOf(task, slot);
  const res = generator.generateSlot(seed, m, slot, {
    maxAttempts: task.maxAttempts,
    method: task.method,
    interrupt,
    targets: aim?.targets,
  });
  if (!res.ok) {
    const ms = performance.now() - t0;
    return {
      ok: false,
      slot,
      ms,
      attempts: res.attempts,
      reason: res.reason,
      ...(res.timedOut ? { timedOut: true } : {}),
    };
  }
  const p = res.puzzle;
  // Past the deadline a slot is given up, as the generator gives one up: its grade (seconds at
  // M = 100) and its variants' proofs would otherwise run on long after the time limit.
  const timedOut = (): SlotAnswer => ({
    ok: false,
    slot,
    ms: performance.now() - t0,
    attempts: p.attempts,
    reason: 'the time budget ran out',
    timedOut: true,
  });
  // The stored grade (storedGrade's), or null when the deadline stopped the grading.
  const scoreOf = (): number | null => {
    const g = canonicalGrade(p.board, { interrupt });
    return g.limit === 'time' ? null : g.score;
  };
  // A graded slot's puzzle carries its stored grade. Grading costs more than making the board
  // at small M: otherwise only for a tier that depends on it, or a candidate that may be kept.
  const byNodes = task.rule.measure === 'nodes';
  let score = p.score ?? (byNodes ? null : scoreOf());
  if (score === null && !byNodes) return timedOut();
  const tier = tierFor({ nodes: p.nodes, score: score ?? 1 }, task.rule);
  const wanted = tier !== null && !task.fullTiers.includes(tier);
  if (wanted && score === null && (score = scoreOf()) === null) return timedOut();
  let rows: PuzzleRecord[] | null = null;
  if (wanted) {
    const common = {
      kind: 'dominosa' as const,
      m,
      tier,
      nodes: p.nodes,
      score: score!,
      attempts: p.attempts,
      canonical_hash: p.canonicalHash,
      seed,
      slot,
      method: p.method,
    };
    rows = [puzzleRecord({ ...common, ...stored(p.board, p.solution), transform: null }, { build_id: task.buildId })];
    // A variant shares its base's tier, score and hash; its node count is its own.
    for (const v of makeVariants(p, seed, slot, task.variants, generator.solver)) {
      rows.push(
        puzzleRecord(
          { ...common, ...stored(v.board, v.solution), nodes: v.nodes, transform: v.transform },
          { build_id: task.buildId },
        ),
      );
    }
  }
  if (wanted && interrupt?.() === true) return timedOut();
  const puzzle: MadePuzzle = { attempts: p.attempts, tier, canonicalHash: p.canonicalHash, rows };
  return { ok: true, slot, ms: performance.now() - t0, puzzle };
}

export default function runSlots(task: SlotTask): SlotAnswer[] {
  const out: SlotAnswer[] = [];
  for (let k = 0; k < task.count; k++) {
    const slot = task.first + k * task.stride;
    fault(`slot:${task.m}:${slot}`);
    stallWorkerAt(`slot:${task.m}:${slot}`);
    if (deadlineAt(`slot:${task.m}:${slot}`)) task.deadline = 0;
    const ans = runSlot(task, slot);
    out.push(ans);
    // Past the deadline the later slots would only time out too.
    if (!ans.ok && ans.timedOut) break;
  }
  return out;
}
