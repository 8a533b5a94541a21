// The catalog's writer lock: a row of its `writer` table, taken and released in write
// transactions, so two writers cannot both take it. Names the holder's process and tells a live
// holder from one killed without releasing it. Readers never look at it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { EXIT_BUSY, UserError } from '../runtime/errors.js';
import { forTerminal } from '../io/terminal.js';

export interface Holder {
  pid: number;
  verb: string;
  host: string;
  /** The machine's boot id ('' where unknown): a pid from another boot is not this one. */
  boot: string;
  /** The process's start time in clock ticks since boot ('' where unknown): against reused pids. */
  start: string;
  since: string;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

const BOOT = readOr('/proc/sys/kernel/random/boot_id', '');

/** Field 22 of /proc/PID/stat (the start time), read past the parenthesised command name. */
function startTime(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`, '');
  if (stat === '') return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/** This process, as the holder of a lock for `verb`. */
export function thisProcess(verb: string): Holder {
  return {
    pid: process.pid,
    verb,
    host: hostname(),
    boot: BOOT,
    start: startTime(process.pid) ?? '',
    since: new Date().toISOString(),
  };
}

/**
 * Whether the holder's process still runs: 'dead' (the lock is stale and may be taken over),
 * 'alive', or 'unknown' when it ran on another machine, which this one cannot see.
 */
export function holderState(h: Holder): 'alive' | 'dead' | 'unknown' {
  if (h.host !== hostname()) return 'unknown';
  if (h.boot !== '' && BOOT !== '' && h.boot !== BOOT) return 'dead';
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
  }
  // The pid runs; it is the holder only if it started when the holder did.
  if (h.start !== '') {
    const now = startTime(h.pid);
    if (now !== null && now !== h.start) return 'dead';
  }
  return 'alive';
}

/**
 * "build (pid 123, since 2026-01-02T03:04:05Z)", with the host when it is another. Every part is
 * read from the catalog, which a stranger may have written: it goes out through forTerminal.
 */
export function describeHolder(h: Holder): string {
  const where = h.host === hostname() ? '' : ` on ${forTerminal(String(h.host))}`;
  return `${forTerminal(String(h.verb))} (pid ${forTerminal(String(h.pid))}${where}, since ${forTerminal(String(h.since))})`;
}

/** Refuse, naming it, a holder of the writer lock whose process still runs (exit 75). */
export function refuseLiveHolder(db: Database.Database, path: string): void {
  const held = db.prepare('SELECT pid, verb, host, boot, start, since FROM writer WHERE id = 1').get() as
    Holder | undefined;
  if (held === undefined) return;
  const state = holderState(held);
  if (state === 'dead') return;
  const unsure = state === 'unknown' ? '; if that process is gone, delete the writer row of the catalog by hand' : '';
  throw new UserError(`${path} is being written by ${describeHolder(held)}; wait for it to finish${unsure}`, EXIT_BUSY);
}

/**
 * Take the writer lock in one write transaction, after `prepare` (which creates the schema on an
 * empty file, or checks it): a live holder is named and refused; one whose process is gone is replaced.
 */
export function takeLock(db: Database.Database, path: string, verb: string, prepare: () => void): Holder {
  const me = thisProcess(verb);
  db.transaction(() => {
    prepare();
    refuseLiveHolder(db, path);
    db.prepare(
      'INSERT OR REPLACE INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, @pid, @verb, @host, @boot, @start, @since)',
    ).run(me);
  }).immediate();
  return me;
}

/** Give the lock up, if this holder still has it. */
export function releaseLock(db: Database.Database, h: Holder): void {
  db.prepare('DELETE FROM writer WHERE id = 1 AND pid = ? AND start = ?').run(h.pid, h.start);
}
