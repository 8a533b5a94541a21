// Tests for pipeline/checkpointer.ts: the thread checkpoints what a writer that never checkpoints
// itself commits, and stop() leaves the writer the file's only connection.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkpointer } from '../../pipeline/checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A WAL database whose own connection never checkpoints, with 4 MB of rows committed. */
function walWriter(): { file: string; db: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-checkpointer-'));
  dirs.push(dir);
  const file = join(dir, 'c.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (x TEXT)');
  const put = db.prepare('INSERT INTO t VALUES (?)');
  for (let k = 0; k < 4; k++) db.transaction(() => { for (let i = 0; i < 1000; i++) put.run('x'.repeat(1000)); })();
  return { file, db };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('Checkpointer', () => {
  it('copies committed pages into the database file from its own thread', async () => {
    const { file, db } = walWriter();
    const before = statSync(file).size;
    const c = new Checkpointer(file);
    try {
      // Without it the rows stay in the log: the file keeps its size.
      for (let i = 0; i < 100 && statSync(file).size <= before + 3_000_000; i++) await sleep(50);
      expect(statSync(file).size).toBeGreaterThan(before + 3_000_000);
    } finally {
      c.stop();
      db.close();
    }
  });

  it('closes its connection on stop, so the writer can leave WAL mode', () => {
    const { file, db } = walWriter();
    const c = new Checkpointer(file);
    c.stop();
    c.stop();
    expect(db.pragma('journal_mode = DELETE', { simple: true })).toBe('delete');
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(4000);
    db.close();
  });

  it('without a checkpointer the rows stay in the log (the first test can fail)', async () => {
    const { file, db } = walWriter();
    const before = statSync(file).size;
    await sleep(500);
    expect(statSync(file).size).toBe(before);
    db.close();
  });
});
