// One signal policy for every verb (pipeline/runtime/signals.ts): each long verb, held inside its
// work by a `stall:` fault point (in its worker thread, where the proofs and slots run, or on the
// main thread), stops on SIGINT, SIGTERM or SIGHUP with one line, exit 130, no output file and no
// temporary file, and a catalog it was writing left as one file with what it held (migrate's old
// one byte for byte as it was). One case, and only one, measures the time from the signal to the
// exit, on real work rather than a stall.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../helpers/catalog.js';
import { CLI, cli, DATA, FIXTURES } from '../helpers/cli.js';

const LONG = 120_000;
let dir: string;
const running = new Set<ChildProcess>();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-signals-'));
});
afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Milliseconds from the signal to the exit. */
  ms: number;
}

/**
 * Run the command line; once `ready` is seen on stderr (a stall), or after `ready` milliseconds
 * (the work under way), send `signal` and wait for the exit.
 */
function stopWhen(
  args: string[],
  ready: string | number,
  signal: NodeJS.Signals,
  env: Record<string, string> = {},
): Promise<Stopped> {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: dir,
    env: { ...process.env, ...env },
  });
  running.add(child);
  let stderr = '';
  let sentAt = 0;
  const send = (): void => {
    if (sentAt !== 0 || child.exitCode !== null) return;
    sentAt = performance.now();
    child.kill(signal);
  };
  if (typeof ready === 'number') setTimeout(send, ready);
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      if (typeof ready === 'string' && stderr.includes(ready)) send();
    });
    child.on('exit', (code, sig) => {
      if (sentAt === 0) reject(new Error(`ended (exit ${code}) before "${ready}": ${stderr}`));
      else resolve({ code, signal: sig, stderr, ms: performance.now() - sentAt });
    });
  });
}

const stalled = (point: string) => ({ ready: `stalled at ${point}`, env: { DOMINOSA_FAULT: `stall:${point}` } });

/** The files of the test's folder that a stop must not leave: temporary files, a catalog's sidecars. */
function leftovers(): string[] {
  return readdirSync(dir).filter((f) => /\.tmp-|-wal$|-shm$|-journal$/.test(f));
}

function expectStopped(r: Stopped, signal: NodeJS.Signals, leaves = 'nothing was written'): void {
  expect(r.signal, r.stderr).toBeNull();
  expect(r.code, r.stderr).toBe(130);
  const lines = r.stderr.trim().split('\n');
  expect(lines.at(-1)).toBe(`dominosa: stopped by ${signal}; ${leaves}`);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(leftovers()).toEqual([]);
}

function catalogCopy(name: string): string {
  const db = join(dir, name);
  copyFileSync(join(DATA, 'catalog.sqlite'), db);
  return db;
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

const rowsOf = (db: string) => query(db, 'SELECT id, tier, nodes FROM puzzles ORDER BY id');

describe('every long verb stops on a signal, inside its work', () => {
  it(
    'solve, grade and generate, each stalled in its worker thread, of both kinds',
    async () => {
      const boards = join(DATA, 'examples', 'boards.txt');
      const document = join(FIXTURES, 'sudomino', 'document.txt');
      const cases: [string[], string, NodeJS.Signals][] = [
        [['solve', boards, '--out', 'solved.txt'], 'solve:board:0', 'SIGTERM'],
        [['solve', document, '--out', 'solved.txt'], 'solve:board:0', 'SIGINT'],
        [['grade', boards, '--format', 'jsonl', '--out', 'graded.jsonl'], 'grade:board:0', 'SIGHUP'],
        [['grade', document, '--out', 'graded.txt'], 'grade:board:0', 'SIGTERM'],
        [['generate', '--sizes', '4', '--count', '3', '--out', 'made.jsonl'], 'generate:slot:4:1', 'SIGINT'],
        [
          ['generate', '--kind', 'sudomino', '--sizes', '6x6:4', '--count', '2', '--out', 'made.jsonl'],
          'generate:slot:6x6:4:0',
          'SIGTERM',
        ],
      ];
      for (const [args, point, signal] of cases) {
        const s = stalled(point);
        const r = await stopWhen(args, s.ready, signal, s.env);
        expectStopped(r, signal);
        expect(existsSync(join(dir, args[args.length - 1])), args.join(' ')).toBe(false);
      }
    },
    LONG,
  );

  it(
    'export proving its pack, and audit recording verdicts: the catalog stays one file, as it was',
    async () => {
      const db = catalogCopy('read.sqlite');
      const before = rowsOf(db);
      const s = stalled('check');
      const exp = await stopWhen(
        ['export', '--db', db, '--kind', 'dominosa,sudomino', '--recheck', '--out', 'pack.jsonl'],
        s.ready,
        'SIGTERM',
        s.env,
      );
      expectStopped(exp, 'SIGTERM');
      expect(existsSync(join(dir, 'pack.jsonl'))).toBe(false);
      const audit = await stopWhen(['audit', '--db', db, '--record', '--jobs', '1'], s.ready, 'SIGHUP', s.env);
      expectStopped(audit, 'SIGHUP');
      expect(rowsOf(db)).toEqual(before);
      expect(cli(['audit', '--db', db, '--sample', '20']).code).toBe(0);
    },
    LONG,
  );

  it(
    'tune --apply, holding the catalog as its writer: no cut changed, one file, the lock free',
    async () => {
      const db = catalogCopy('tuned.sqlite');
      const cuts = () => query(db, 'SELECT * FROM thresholds ORDER BY 1, 2, 3');
      const before = cuts();
      const s = stalled('tune:apply');
      const r = await stopWhen(['tune', '--db', db, '--sizes', '5', '--apply'], s.ready, 'SIGTERM', s.env);
      expectStopped(r, 'SIGTERM');
      expect(cuts()).toEqual(before);
      expect(query(db, 'SELECT * FROM writer')).toEqual([]);
    },
    LONG,
  );

  it(
    'build: the first signal commits what is decided, and a rerun resumes',
    async () => {
      const db = join(dir, 'built.sqlite');
      const args = ['build', '--sizes', '3', '--per-tier', '2', '--variants', '1', '--jobs', '1', '--db', db];
      const s = stalled('slot:3:3');
      const r = await stopWhen([...args, '--chunk', '1', '--batch-size', '1'], s.ready, 'SIGHUP', s.env);
      expect(r.code, r.stderr).toBe(130);
      expect(r.stderr).toMatch(/build stopped by SIGHUP; committed slots are kept/);
      expect(leftovers()).toEqual([]);
      const resumed = cli(args);
      expect(resumed.code, resumed.stderr).toBe(0);
    },
    LONG,
  );
});

describe('merge, between its batches', () => {
  it(
    'stops with OUT one file and what it committed, and merging again finishes it',
    async () => {
      const shard = (i: number): string => {
        const db = join(dir, `shard${i}.sqlite`);
        const r = cli(['build', '--sizes', '3', '--per-tier', '2', '--variants', '1', '--shard', `${i}/2`, '--db', db]);
        expect(r.code, r.stderr).toBe(0);
        return db;
      };
      const shards = [shard(0), shard(1)];
      const out = join(dir, 'merged.sqlite');
      const s = stalled('merge:batch');
      const r = await stopWhen(['merge', out, ...shards, '--batch-size', '1'], s.ready, 'SIGINT', s.env);
      expectStopped(r, 'SIGINT', `the batches merged so far are kept in ${out}; run the same merge again to finish`);
      const again = cli(['merge', out, ...shards]);
      expect(again.code, again.stderr).toBe(0);
      expect(cli(['audit', '--db', out]).code).toBe(0);
    },
    LONG,
  );
});

describe('migrate, between its batches', () => {
  it(
    'stops with its scratch file removed and the old catalog as it was, and migrating again finishes it',
    async () => {
      const db = join(dir, 'old.sqlite');
      copyFileSync(join(FIXTURES, 'catalogs', 'v1.sqlite'), db);
      const before = sha(db);
      const s = stalled('migrate:batch');
      const r = await stopWhen(['migrate', '--db', db], s.ready, 'SIGTERM', s.env);
      expectStopped(r, 'SIGTERM', `${db} is unchanged`);
      expect(sha(db)).toBe(before);
      expect(readdirSync(dir).filter((f) => f.startsWith('old.sqlite'))).toEqual(['old.sqlite']);
      const again = cli(['migrate', '--db', db]);
      expect(again.code, again.stderr).toBe(0);
      expect(cli(['audit', '--db', db]).code).toBe(0);
    },
    LONG,
  );
});

describe('the time from a signal to the exit', () => {
  it(
    'is at most 2 s, on a Sudomino slot that would run for minutes',
    async () => {
      // A 20x20 shape with 12 values takes minutes a slot: 1.5 s in, the slot is under way.
      const r = await stopWhen(
        ['generate', '--kind', 'sudomino', '--sizes', '20x20:12', '--count', '1', '--out', 'big.jsonl'],
        1500,
        'SIGTERM',
      );
      expectStopped(r, 'SIGTERM');
      expect(r.ms).toBeLessThanOrEqual(2000);
    },
    LONG,
  );
});
