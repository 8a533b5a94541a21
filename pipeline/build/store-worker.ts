// The store's thread (store.ts): a second connection of the build's process to its catalog,
// which commits each batch of decisions it is sent, in order, and answers each; after a failed
// batch it commits no more. The deciding thread holds the writer lock meanwhile and writes
// nothing, so this connection's running digest is the catalog's.
// Runs from dist/ only: Store starts it as dist/pipeline/build/store-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { Catalog } from '../catalog/catalog.js';
import type { StoreReply, StoreRequest } from './store.js';
import { commitDecisions } from './commit.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

/**
 * Checkpoint after a commit once this long has passed since the last: a page that many batches
 * change is then copied into the file once, not once per thousand pages of log as SQLite's own
 * automatic checkpoint would copy it.
 */
const CHECKPOINT_MS = 200;

const { path } = workerData as { path: string };
const port = parentPort!;
const reply = (r: StoreReply): void => port.postMessage(r);
const described = (e: unknown): { message: string; code?: string } => {
  const { message, code } = e as { message?: string; code?: unknown };
  return typeof code === 'string' ? { message: String(message ?? e), code } : { message: String(message ?? e) };
};

let cat: Catalog | null = null;
let failed: { message: string; code?: string } | null = null;
let checkpointed = Date.now();
try {
  cat = Catalog.openBeside(path);
} catch (e) {
  failed = described(e);
}

/** A checkpoint is only housekeeping: one that fails leaves the log for the next, or for the writer's close. */
function checkpoint(): void {
  try {
    cat?.checkpoint();
  } catch {
    // As above.
  }
  checkpointed = Date.now();
}

port.on('message', (req: StoreRequest) => {
  if (req.kind === 'close') {
    // The log copied here, the writer's close (which leaves WAL mode) has little left to copy.
    if (failed === null) checkpoint();
    cat?.close();
    reply({ kind: 'closed' });
    port.close();
    return;
  }
  if (failed === null) {
    try {
      commitDecisions(cat!, req.buildId, req.decisions, req.counts);
      reply({ kind: 'committed', seq: req.seq });
      if (Date.now() - checkpointed >= CHECKPOINT_MS) checkpoint();
      return;
    } catch (e) {
      failed = described(e);
    }
  }
  reply({ kind: 'failed', seq: req.seq, error: failed });
});
