// Resuming and re-checking after a tune: the command a build was started with still finds its
// build once `tune --apply` has changed the catalog's cuts (the key hashed the old ones), resumes
// it tiering by the catalog's own cuts, and re-checks it once finished.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../helpers/catalog.js';
import { CLI, cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-tuned-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(db: string): { builds: { status: string }[]; thresholds: unknown[]; slots: number } {
  return {
    builds: query<{ status: string }>(db, 'SELECT status FROM builds ORDER BY id'),
    thresholds: query(
      db,
      'SELECT CAST(shape AS INTEGER) AS m, measure, t1, t2, t3 FROM thresholds WHERE build_id IS NULL ORDER BY CAST(shape AS INTEGER)',
    ),
    slots: query<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM slots')[0].n,
  };
}

/** The build command the test reruns unchanged. */
const BUILD = (db: string): string[] => [
  'build',
  '--sizes',
  '5..6',
  '--per-tier',
  '6',
  '--variants',
  '1',
  '--tier-by',
  'nodes',
  '--jobs',
  '1',
  '--db',
  db,
];

/** Run `args` with a worker held at fault point `point`, and send SIGINT once it is held there. */
function interruptAt(args: string[], point: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DOMINOSA_FAULT: `stall:${point}` },
    });
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      // Once: a second Ctrl-C ends a build at once.
      if (!sent && stderr.includes(`stalled at ${point}`)) sent = child.kill('SIGINT');
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a build after tune --apply', () => {
  it('interrupted, then tuned: the same command resumes it, tiering by the tuned cuts, and re-checks it', async () => {
    const db = join(dir, 'interrupted.sqlite');
    // Stopped (Ctrl-C) while a worker is held at M = 6's first slot (a fault point), which is
    // dispatched once M = 5 is decided: the catalog then holds M = 5 whole and nothing of M = 6.
    const stopped = await interruptAt(BUILD(db), 'slot:6:0');
    expect(stopped.code, stopped.stderr).toBe(130);
    const before = read(db);
    expect(before.builds.map((b) => b.status)).toEqual(['interrupted']);
    expect(before.slots).toBeGreaterThan(0);

    const tuned = cli(['tune', '--apply', '--db', db]);
    expect(tuned.code, tuned.stderr).toBe(0);
    // The tune must have moved the cuts, or the case tests nothing.
    const cuts = read(db).thresholds;
    expect(cuts).not.toEqual(before.thresholds);

    const resumed = cli(BUILD(db));
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = read(db);
    expect(after.builds.map((b) => b.status)).toEqual(['finished']);
    expect(after.slots).toBeGreaterThan(before.slots);
    expect(after.thresholds, "the catalog's own cuts stay").toEqual(cuts);

    const again = cli(BUILD(db));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already finished/);
    const audit = cli(['audit', '--db', db]);
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
  });

  it('finished, then tuned (grade tiers): the same command re-checks it', () => {
    const db = join(dir, 'finished.sqlite');
    const cmd = ['build', '--sizes', '3..4', '--per-tier', '2', '--variants', '1', '--jobs', '1', '--db', db];
    expect(cli(cmd).code).toBe(0);
    const before = read(db).thresholds;
    const tuned = cli(['tune', '--apply', '--db', db]);
    expect(tuned.code, tuned.stderr).toBe(0);
    expect(read(db).thresholds).not.toEqual(before);
    const again = cli(cmd);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already finished/);
  });

  it('still refuses a build whose options differ in more than the cuts', () => {
    const db = join(dir, 'interrupted.sqlite');
    const r = cli(BUILD(db).map((a) => (a === '6' ? '7' : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/differs in --per-tier 7 \(the catalog's: 6\)/);
  });
});
