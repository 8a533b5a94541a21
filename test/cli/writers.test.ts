// One writer at a time (issue 14): while a build writes a catalog, a second build (other seed or
// the same options) and tune --apply are refused at once with the holder named (exit 75); two
// builds racing on a new file never crash; a finished catalog refuses a build of other options
// unless --extend; SIGTERM stops a build as Ctrl-C does. Under CI these must run, never skip.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, cliAsync } from '../helpers/cli.js';

// Far longer than the test (minutes): caught writing, then stopped by the test with SIGTERM.
const SLOW = ['--sizes', '3..9', '--per-tier', '200', '--variants', '3', '--jobs', '1', '--batch-size', '2'];
const SMALL = ['--sizes', '3', '--per-tier', '2', '--variants', '1', '--jobs', '1'];

// Each case runs several CLI processes one after another: minutes on a loaded two-core machine.
const LONG = 300_000;

let dir: string;
let n = 0;
const running = new Set<ChildProcess>();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-writers-'));
});
afterAll(() => {
  // A case that failed midway leaves no build behind.
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const fresh = (): string => join(dir, `w${n++}.sqlite`);

interface Running {
  child: ChildProcess;
  exit: Promise<{ code: number | null; stderr: string }>;
}

function start(args: string[]): Running {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; stderr: string }>((res) => child.on('exit', (code) => res({ code, stderr })));
  return { child, exit };
}

/** Wait until the catalog's writer lock is held by `pid` and a batch of puzzles committed. */
async function heldBy(db: string, w: Running): Promise<void> {
  const pid = w.child.pid!;
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (w.child.exitCode !== null) throw new Error(`the build ended (exit ${w.child.exitCode}) before it was caught writing: ${(await w.exit).stderr}`);
    if (existsSync(db)) {
      try {
        const d = new Database(db, { readonly: true });
        try {
          const row = d.prepare('SELECT pid FROM writer').get() as { pid: number } | undefined;
          const puzzles = d.prepare('SELECT COUNT(*) FROM puzzles').pluck().get() as number;
          if (row?.pid === pid && puzzles > 0) return;
        } finally {
          d.close();
        }
      } catch {
        // Not a catalog yet.
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no writer ${pid} on ${db} within two minutes`);
}

const status = (db: string): string[] => {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT status FROM builds ORDER BY id').pluck().all() as string[];
  } finally {
    d.close();
  }
};

describe('one writer at a time', () => {
  it('a second build (another seed, or the same options) and tune --apply are refused while a build writes; SIGTERM then stops it as Ctrl-C does', async () => {
    const db = fresh();
    const a = start(['build', ...SLOW, '--db', db]);
    running.add(a.child);
    await heldBy(db, a);
    const holder = new RegExp(`^dominosa: .* is being written by build \\(pid ${a.child.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]*\\); wait for it to finish\\n$`);
    for (const args of [
      ['build', ...SLOW, '--seed', '2', '--db', db],
      ['build', ...SLOW, '--db', db],
      ['tune', '--db', db, '--apply', '--no-plot', '--sizes', '3'],
    ]) {
      const r = cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(75);
      expect(r.stderr).toMatch(holder);
    }
    // Readers never wait for the lock.
    const ex = cli(['export', '--db', db, '--format', 'jsonl']);
    expect(ex.code, ex.stderr).toBe(0);
    a.child.kill('SIGTERM');
    const end = await a.exit;
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(/build stopped by SIGTERM; committed slots are kept\. Rerun the same command to resume\.\n$/);
    expect(status(db)).toEqual(['interrupted']);
    // The lock went with it: the next writer is not refused.
    expect(new Database(db, { readonly: true }).prepare('SELECT COUNT(*) FROM writer').pluck().get()).toBe(0);
  }, LONG);

  it('two builds racing on a new file: one builds, the other is refused or finds it built, never an internal error', async () => {
    const db = fresh();
    const [x, y] = await Promise.all([cliAsync(['build', ...SMALL, '--db', db]), cliAsync(['build', ...SMALL, '--db', db])]);
    for (const r of [x, y]) {
      expect([0, 75], r.stderr).toContain(r.code);
      expect(r.stderr).not.toMatch(/internal error|already exists|UNIQUE/);
    }
    expect(status(db)).toEqual(['finished']);
    expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
  }, LONG);

  it('a finished catalog refuses a build with other options, naming its own, unless --extend', () => {
    const db = fresh();
    expect(cli(['build', ...SMALL, '--db', db]).code).toBe(0);
    const other = cli(['build', ...SMALL, '--seed', '2', '--db', db]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^dominosa: .* holds another build \(build 1: --seed 1 --sizes 3 --per-tier 2 .*\); this one differs in --seed 2 \(the catalog's: 1\).* --extend/);
    expect(status(db)).toEqual(['finished']);
    const ext = cli(['build', ...SMALL, '--seed', '2', '--extend', '--db', db]);
    expect(ext.code, ext.stderr).toBe(0);
    expect(status(db)).toEqual(['finished', 'finished']);
    expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
  }, LONG);
});
