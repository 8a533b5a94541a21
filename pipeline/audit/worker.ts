// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles, answered with the
// failures its kind's checks find (item-check.ts), each puzzle's proofs within its budget.
// Runs from dist/ only, as dist/pipeline/audit/worker.js.
import { stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';
import { checkBatch, ItemChecker, type AuditAnswer, type AuditTask } from './item-check.js';
import { integrityRowsAt } from './file-soundness.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

export type { AuditAnswer, AuditItem, AuditTask } from './item-check.js';

// One checker per worker thread, so its solvers' buffers are reused across tasks.
const checker = new ItemChecker();

const stall = (): void => stallWorkerAt('check');

/** A task's puzzles in order (item-check.ts checkBatch). */
export default function auditBatch(task: AuditTask): AuditAnswer {
  return checkBatch(checker, task, stall);
}

/** The same, as an OffThread task (runtime/off-thread.ts): export proves its pack's puzzles so. */
export const servedBatch = served(auditBatch);

/** SQLite's integrity check of the catalog file (file-soundness.ts), in this thread beside audit's walk. */
export function integrity(path: string): string[] | null {
  return integrityRowsAt(path);
}
