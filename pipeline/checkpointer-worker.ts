// The checkpointer's thread (checkpointer.ts): a connection of its own that checkpoints the WAL
// every periodMs, passively, so the writer is never held up by it; on 'stop' it closes the
// connection and says so through the shared state.
// Runs from dist/ only: Checkpointer starts it as dist/pipeline/checkpointer-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, periodMs, state } = workerData as { path: string; periodMs: number; state: Int32Array };
const CLOSED = 1;

let db: Database.Database | null = null;
try {
  db = new Database(path, { fileMustExist: true });
} catch {
  // No connection, no checkpoints: the writer checkpoints itself past its fallback size.
}

const timer = setInterval(() => {
  try {
    db?.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or gone: the next round tries again, and the writer's fallback still holds.
  }
}, periodMs);

function close(): void {
  clearInterval(timer);
  try {
    db?.close();
  } finally {
    Atomics.store(state, 0, CLOSED);
    Atomics.notify(state, 0);
    parentPort?.close();
  }
}

parentPort?.on('message', close);
// However the thread ends, a stop() waiting on it is released.
process.on('exit', () => {
  Atomics.store(state, 0, CLOSED);
  Atomics.notify(state, 0);
});
