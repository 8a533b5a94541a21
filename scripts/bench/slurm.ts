// The Slurm section of `npm run bench`: the job scripts of scripts/deploy/slurm/ on a one-node
// cluster started here (local-cluster.ts), timed from the cluster's start to the merged and
// audited catalog. Where no cluster can start (not root, Slurm not installed) it says why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUnavailable, LocalCluster, submittedJobs } from '../deploy/slurm/local-cluster.js';

export type SlurmRun =
  { skipped: string } | { shards: number; clusterUpSeconds: number; seconds: number; targetSeconds: number };

// As the Slurm test runs it: seed 1 fills every tier of M = 6..9 within 400 slots.
const OPTIONS = ['--sizes', '6..9', '--per-tier', '25', '--variants', '3', '--max-slots', '400', '--tier-by', 'nodes'];
const TARGET_S = 60;

export async function slurmScenario(root: string): Promise<SlurmRun> {
  const why = clusterUnavailable();
  console.log(
    "\nSlurm: submit.sh --shards 4 --audit of build --sizes 6..9 --per-tier 25 --variants 3 --max-slots 400, from the cluster's start",
  );
  if (why !== null) {
    console.log(`  skipped: ${why}`);
    return { skipped: why };
  }
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-slurm-'));
  let cluster: LocalCluster | undefined;
  try {
    const t0 = performance.now();
    cluster = await LocalCluster.start();
    const up = (performance.now() - t0) / 1000;
    const out = join(dir, 'out');
    const submit = join(root, 'scripts', 'deploy', 'slurm', 'submit.sh');
    const s = spawnSync(
      'bash',
      [submit, '--shards', '4', '--out', out, '--audit', '--node', process.execPath, '--', ...OPTIONS],
      { env: cluster.env, encoding: 'utf8' },
    );
    if (s.status !== 0) throw new Error(`submit.sh exited ${s.status}: ${s.stderr}`);
    const ids = submittedJobs(s.stdout);
    const jobs = await cluster.waitForJobs([ids.array, ids.merge], 600_000);
    const seconds = (performance.now() - t0) / 1000;
    const bad = jobs.filter((j) => j.state !== 'COMPLETED');
    if (bad.length > 0)
      throw new Error(`jobs did not complete: ${bad.map((j) => `${j.jobId} ${j.state} ${j.exitCode}`).join(', ')}`);
    console.log(
      `  node idle after ${up.toFixed(1)} s; 4 shards, merge and audit done after ${seconds.toFixed(1)} s (target ≤ ${TARGET_S} s, ${(seconds / TARGET_S).toFixed(2)}× target)`,
    );
    console.log('  reproduce: npm run bench -- --only slurm (as root, with Slurm installed)');
    return { shards: 4, clusterUpSeconds: up, seconds, targetSeconds: TARGET_S };
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
