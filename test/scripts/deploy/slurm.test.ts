// The Slurm job scripts (scripts/deploy/slurm/) on a real one-node cluster that the test starts
// itself (scripts/deploy/slurm/local-cluster.ts): a 4-shard array and its merge give exactly the
// unsharded build and pass audit; a failed shard cancels the merge, and the same command
// resubmitted finishes the job. Where Slurm cannot start, the test fails under CI=true and is
// skipped elsewhere with one line saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clusterUnavailable,
  LocalCluster,
  submittedJobs,
  type JobInfo,
} from '../../../scripts/deploy/slurm/local-cluster.js';
import { dumpCatalog } from '../../helpers/catalog.js';
import { cli, ROOT } from '../../helpers/cli.js';

const SUBMIT = join(ROOT, 'scripts', 'deploy', 'slurm', 'submit.sh');
// Seed 1 fills every tier of M = 6..9 within 400 slots (at most 367 needed); nodes pinned.
const OPTS = ['--sizes', '6..9', '--per-tier', '25', '--variants', '3', '--max-slots', '400', '--tier-by', 'nodes'];

const why = clusterUnavailable();
const ci = process.env.CI === 'true';
if (why !== null && !ci) process.stderr.write(`slurm.test.ts skipped: ${why}\n`);

let dir: string;
let cluster: LocalCluster | undefined;

function submit(out: string, shards: number, options: string[], extra: string[] = []) {
  const r = spawnSync(
    'bash',
    [SUBMIT, '--shards', String(shards), '--out', out, '--node', process.execPath, ...extra, '--', ...options],
    {
      env: cluster!.env,
      encoding: 'utf8',
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every job's state, and the logs of those that did not complete, for an assertion's message. */
function report(jobs: JobInfo[], out: string): string {
  const logs = spawnSync('sh', ['-c', `tail -n 5 ${out}/logs/*.out 2>/dev/null`], { encoding: 'utf8' }).stdout;
  return `${jobs.map((j) => `${j.jobId} ${j.state} ${j.exitCode} ${j.reason}`).join('; ')}\n${logs}\n${cluster?.logTail() ?? ''}`;
}

describe.skipIf(why !== null && !ci)('the Slurm job scripts on a one-node cluster', () => {
  let main: { jobs: JobInfo[]; printed: string; out: string; seconds: number };

  beforeAll(async () => {
    if (why !== null) throw new Error(`CI=true, but Slurm cannot start here: ${why}`);
    dir = mkdtempSync(join(tmpdir(), 'dominosa-slurm-test-'));
    const whole = cli(['build', ...OPTS, '--jobs', '2', '--db', join(dir, 'whole.sqlite')]);
    expect(whole.code, whole.stderr).toBe(0);
    const t0 = performance.now();
    cluster = await LocalCluster.start();
    const up = (performance.now() - t0) / 1000;
    const out = join(dir, 'out');
    const s = submit(out, 4, OPTS, ['--audit']);
    expect(s.code, s.stderr).toBe(0);
    const ids = submittedJobs(s.stdout);
    const jobs = await cluster.waitForJobs([ids.array, ids.merge], 280_000);
    const seconds = (performance.now() - t0) / 1000;
    process.stderr.write(
      `slurm.test.ts: node idle after ${up.toFixed(1)} s; 4 shards, merge and audit done ${seconds.toFixed(1)} s after the cluster's start\n`,
    );
    main = { jobs, printed: s.stdout, out, seconds };
  }, 300_000);

  afterAll(async () => {
    try {
      await cluster?.stop();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the four shards as one array, then the merge, each exiting 0', () => {
    const { jobs, out } = main;
    expect(
      jobs
        .filter((j) => j.arrayTaskId !== null)
        .map((j) => j.arrayTaskId)
        .sort(),
      report(jobs, out),
    ).toEqual(['0', '1', '2', '3']);
    for (const j of jobs) expect([j.state, j.exitCode], report(jobs, out)).toEqual(['COMPLETED', '0:0']);
  });

  it('says how to follow the job', () => {
    const ids = submittedJobs(main.printed);
    expect(main.printed).toContain(`squeue -j ${ids.array},${ids.merge}`);
    expect(main.printed).toContain(join(main.out, 'catalog.sqlite'));
  });

  it('merges into exactly the unsharded build (puzzles with their ids, slots, build, thresholds)', () => {
    const merged = dumpCatalog(join(main.out, 'catalog.sqlite'));
    const whole = dumpCatalog(join(dir, 'whole.sqlite'));
    expect(merged.puzzles).toHaveLength(4 * 4 * 25 * 4);
    expect(merged).toEqual(whole);
  });

  it('audits the merged catalog in the merge job: every check passed', () => {
    const ids = submittedJobs(main.printed);
    const log = readFileSync(join(main.out, 'logs', `merge-${ids.merge}.out`), 'utf8');
    expect(log).toMatch(/merged 4 shards/);
    expect(log).toMatch(/1600 puzzles checked .*\nall checks passed/);
  });

  it('refuses bad build options before submitting anything (exit 2, one line)', () => {
    const before = cluster!.client('squeue', ['-h', '-o', '%A']);
    const r = submit(join(dir, 'bad'), 2, ['--sizes', '3', '--per-tier', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dominosa: --per-tier must be a whole number ≥ 1 \(got 0\)\n$/);
    const set = submit(join(dir, 'bad'), 2, ['--sizes', '3', '--db', 'x.sqlite']);
    expect(set.code).toBe(2);
    expect(set.stderr).toMatch(/--db: this script sets/);
    expect(cluster!.client('squeue', ['-h', '-o', '%A'])).toBe(before);
    expect(existsSync(join(dir, 'bad', 'catalog.sqlite'))).toBe(false);
  });

  it('cancels the merge when a shard fails, and the same command resubmitted finishes', async () => {
    const out = join(dir, 'retry');
    const small = ['--sizes', '3', '--per-tier', '2', '--variants', '0', '--max-slots', '60'];
    // Shard 1's catalog is not SQLite: its build fails (exit 2) after the submit-time check passed.
    spawnSync('mkdir', ['-p', out]);
    writeFileSync(join(out, 'shard-1.sqlite'), 'not a catalog\n');
    const first = submit(out, 2, small);
    expect(first.code, first.stderr).toBe(0);
    const a = submittedJobs(first.stdout);
    const failed = await cluster!.waitForJobs([a.array, a.merge], 120_000);
    const byTask = (jobs: JobInfo[], t: string | null) =>
      jobs.find((j) => j.arrayTaskId === t && (t !== null || j.jobId === a.merge));
    expect(byTask(failed, '0')?.state, report(failed, out)).toBe('COMPLETED');
    expect([byTask(failed, '1')?.state, byTask(failed, '1')?.exitCode], report(failed, out)).toEqual(['FAILED', '2:0']);
    expect(byTask(failed, null)?.state, report(failed, out)).toBe('CANCELLED');
    expect(existsSync(join(out, 'catalog.sqlite'))).toBe(false);

    rmSync(join(out, 'shard-1.sqlite'));
    const again = submit(out, 2, small);
    expect(again.code, again.stderr).toBe(0);
    const b = submittedJobs(again.stdout);
    const done = await cluster!.waitForJobs([b.array, b.merge], 120_000);
    for (const j of done) expect(j.state, report(done, out)).toBe('COMPLETED');
    // Shard 0 finished the first time: its rerun found its build finished and did nothing.
    expect(readFileSync(join(out, 'logs', `shard-${b.array}_0.out`), 'utf8')).toMatch(/already finished/);
    const whole = join(dir, 'retry-whole.sqlite');
    expect(cli(['build', ...small, '--jobs', '1', '--db', whole]).code).toBe(0);
    expect(dumpCatalog(join(out, 'catalog.sqlite'))).toEqual(dumpCatalog(whole));
  }, 280_000);
});
