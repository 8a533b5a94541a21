// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles, answered with the
// failures its kind's checks find (item-check.ts), each puzzle's proofs within its budget.
// Runs from dist/ only, as dist/pipeline/audit/worker.js.
import type { Failure } from '../../src/catalog/check.js';
import { stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';
import { ItemChecker, type AuditItem } from './item-check.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

export type { AuditItem } from './item-check.js';

export interface AuditTask {
  items: AuditItem[];
  /** --time-limit per board in milliseconds; undefined: solve's default for the board's size. */
  timeLimitMs: number | undefined;
}

export interface AuditAnswer {
  checked: number;
  failures: Failure[];
}

// One checker per worker thread, so its solvers' buffers are reused across tasks.
const checker = new ItemChecker();

/**
 * A task's puzzles in order. A base that passes every check proves its variants later in the same
 * task by their image (CheckContext.baseProven), so audit sends a base and its variants together.
 */
export default function auditBatch(task: AuditTask): AuditAnswer {
  const failures: Failure[] = [];
  const proven = new Set<number>();
  for (const it of task.items) {
    stallWorkerAt('check');
    const { id, base_id } = it.puzzle;
    const own = checker.check(it, task.timeLimitMs, base_id !== null && proven.has(base_id));
    if (base_id === null && own.length === 0) proven.add(id);
    failures.push(...own);
  }
  return { checked: task.items.length, failures };
}

/** The same, as an OffThread task (runtime/off-thread.ts): export proves its pack's puzzles so. */
export const servedBatch = served(auditBatch);
