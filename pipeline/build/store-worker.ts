// The store's thread (store.ts): a second connection of the build's process to its catalog,
// which commits each batch of decisions it is sent, in order, and answers each; after a failed
// batch it commits no more. The deciding thread holds the writer lock meanwhile and writes
// nothing, so this connection's running digest is the catalog's.
// Runs from dist/ only: Store starts it as dist/pipeline/build/store-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { Catalog } from '../database.js';
import type { StoreReply, StoreRequest } from './store.js';
import { commitDecisions } from './writer.js';

const { path } = workerData as { path: string };
const port = parentPort!;
const reply = (r: StoreReply): void => port.postMessage(r);
const described = (e: unknown): { message: string; code?: string } => {
  const { message, code } = e as { message?: string; code?: unknown };
  return typeof code === 'string' ? { message: String(message ?? e), code } : { message: String(message ?? e) };
};

let cat: Catalog | null = null;
let failed: { message: string; code?: string } | null = null;
try {
  cat = Catalog.openBeside(path);
} catch (e) {
  failed = described(e);
}

port.on('message', (req: StoreRequest) => {
  if (req.kind === 'close') {
    cat?.close();
    reply({ kind: 'closed' });
    port.close();
    return;
  }
  if (failed === null) {
    try {
      commitDecisions(cat!, req.buildId, req.decisions, req.counts);
      reply({ kind: 'committed', seq: req.seq });
      return;
    } catch (e) {
      failed = described(e);
    }
  }
  reply({ kind: 'failed', seq: req.seq, error: failed });
});
