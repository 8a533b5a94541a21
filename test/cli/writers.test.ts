// One writer at a time (issue 14): while a build writes a catalog, a second build (other seed or
// the same options) and tune --apply are refused at once with the holder named (exit 75); two
// builds racing on a new file never crash; a finished catalog refuses a build of other options
// unless --extend; SIGTERM stops a build as Ctrl-C does. Under CI these must run, never skip.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, scalar } from '../helpers/catalog.js';
import { CLI, cli, cliAsync } from '../helpers/cli.js';

// A build held writing by a fault point: its worker stalls at slot 3 of M = 3 (a minute at most)
// with slots 0-2 decided and committed one a batch; the test stops it there with SIGTERM.
const HELD = ['--sizes', '3', '--per-tier', '2', '--variants', '1', '--jobs', '1', '--chunk', '1', '--batch-size', '1'];
const STALL = 'slot:3:3';
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

function startHeld(args: string[]): Running & { stalled: Promise<void> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DOMINOSA_FAULT: `stall:${STALL}` },
  });
  let stderr = '';
  const exit = new Promise<{ code: number | null; stderr: string }>((res) =>
    child.on('exit', (code) => res({ code, stderr })),
  );
  const stalled = new Promise<void>((res, rej) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.includes(`stalled at ${STALL}`)) res();
    });
    void exit.then((e) => rej(new Error(`the build ended (exit ${e.code}) before it stalled: ${e.stderr}`)));
  });
  return { child, exit, stalled };
}

/**
 * Once the build has stalled, its writer lock is held and its decided slots are on their way to
 * the catalog (the store thread may still be committing them): wait until some are there.
 */
async function heldBy(db: string, w: Running & { stalled: Promise<void> }): Promise<void> {
  await w.stalled;
  for (;;) {
    const pid = scalar(db, 'SELECT pid FROM writer');
    expect(pid, 'the stalled build holds the writer lock').toBe(w.child.pid);
    if (scalar<number>(db, 'SELECT COUNT(*) FROM puzzles') > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const status = (db: string): string[] =>
  query<{ status: string }>(db, 'SELECT status FROM builds ORDER BY id').map((b) => b.status);

describe('one writer at a time', () => {
  it(
    'a second build (another seed, or the same options) and tune --apply are refused while a build writes; SIGTERM then stops it as Ctrl-C does',
    async () => {
      const db = fresh();
      const a = startHeld(['build', ...HELD, '--db', db]);
      running.add(a.child);
      await heldBy(db, a);
      const holder = new RegExp(
        `^dominosa: .* is being written by build \\(pid ${a.child.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]*\\); wait for it to finish\\n$`,
      );
      for (const args of [
        ['build', ...HELD, '--seed', '2', '--db', db],
        ['build', ...HELD, '--db', db],
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
      expect(end.stderr).toMatch(
        /build stopped by SIGTERM; committed slots are kept\. Rerun the same command to resume\.\n$/,
      );
      expect(status(db)).toEqual(['interrupted']);
      // The lock went with it: the next writer is not refused.
      expect(scalar(db, 'SELECT COUNT(*) FROM writer')).toBe(0);
    },
    LONG,
  );

  it(
    'two builds racing on a new file: one builds, the other is refused or finds it built, never an internal error',
    async () => {
      const db = fresh();
      const [x, y] = await Promise.all([
        cliAsync(['build', ...SMALL, '--db', db]),
        cliAsync(['build', ...SMALL, '--db', db]),
      ]);
      for (const r of [x, y]) {
        expect([0, 75], r.stderr).toContain(r.code);
        expect(r.stderr).not.toMatch(/internal error|already exists|UNIQUE/);
      }
      expect(status(db)).toEqual(['finished']);
      expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
    },
    LONG,
  );

  it(
    'a finished catalog refuses a build with other options in one line, naming what differs, unless --extend',
    () => {
      const db = fresh();
      expect(cli(['build', ...SMALL, '--db', db]).code).toBe(0);
      const other = cli(['build', ...SMALL, '--seed', '2', '--db', db]);
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(
        /^dominosa: .* holds another build \(build 1\), and this one differs in --seed 2 \(the catalog's: 1\): rerun with the catalog's options to resume or check it, or add --extend to add this build's puzzles to it\n$/,
      );
      expect(status(db)).toEqual(['finished']);
      const ext = cli(['build', ...SMALL, '--seed', '2', '--extend', '--db', db]);
      expect(ext.code, ext.stderr).toBe(0);
      expect(status(db)).toEqual(['finished', 'finished']);
      expect(cli(['audit', '--db', db, '--jobs', '1']).code).toBe(0);
    },
    LONG,
  );
});
