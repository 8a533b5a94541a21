// Who holds a catalog's writer lock, and whether that process still runs. The lock is a row of
// the catalog's `writer` table, taken and released in write transactions (database.ts), so two
// writers cannot both take it; this module only names processes and tells a live holder from
// one killed without releasing it. Readers never look at it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { forTerminal } from './terminal.js';

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
  return { pid: process.pid, verb, host: hostname(), boot: BOOT, start: startTime(process.pid) ?? '', since: new Date().toISOString() };
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
