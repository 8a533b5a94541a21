// The merge section of `npm run bench`: merge's memory against the number of shards (one build
// cut into 4, 16 and 64 shards) and its time against the rows (64 shards of a build twice as
// large). Each merge runs in a child process of its own, so its peak RSS is its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface MergeRun {
  shards: number;
  perTier: number;
  /** Slots the merge walked, and the puzzle rows it wrote. */
  slots: number;
  rows: number;
  seconds: number;
  peakRssMB: number;
}

/** Run a module script in a child process; its last stdout line, as JSON. */
function child<T>(script: string): T {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`bench child failed (exit ${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as T;
}

const url = (root: string, ...path: string[]): string =>
  JSON.stringify(pathToFileURL(join(root, 'dist', ...path)).href);

/** Build all `shards` shards of one M=6 build (one worker each) into dir/shard-i.sqlite. */
function buildShards(root: string, dir: string, shards: number, perTier: number, maxSlots: number): string[] {
  mkdirSync(dir, { recursive: true });
  const paths = Array.from({ length: shards }, (_, i) => join(dir, `shard-${i}.sqlite`));
  child(`
    const { runBuild } = await import(${url(root, 'pipeline', 'build', 'build.js')});
    const { silentProgress } = await import(${url(root, 'pipeline', 'progress.js')});
    const paths = ${JSON.stringify(paths)};
    for (let i = 0; i < paths.length; i++) {
      const r = await runBuild({ sizes: ['6'], perTier: ${perTier}, variants: 3, seed: 1, jobs: 1, db: paths[i], maxSlots: ${maxSlots},
        tierBy: 'nodes', tiersFile: ${JSON.stringify(join(root, 'data', 'tiers.json'))}, maxAttempts: 100000, shard: { index: i, count: paths.length } }, silentProgress);
      if (r.status !== 'finished') throw new Error('shard ' + i + ' ended ' + r.status);
    }
    console.log('{}');`);
  return paths;
}

function timedMerge(root: string, out: string, inputs: string[], perTier: number): MergeRun {
  const r = child<{ seconds: number; maxRssKB: number; status: string; rows: number; slots: number }>(`
    const { runMerge } = await import(${url(root, 'pipeline', 'merge.js')});
    const t0 = performance.now();
    const r = runMerge({ out: ${JSON.stringify(out)}, inputs: ${JSON.stringify(inputs)} });
    const seconds = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ seconds, maxRssKB: process.resourceUsage().maxRSS, status: r.status, rows: r.insertedPuzzles,
      slots: r.sizes.reduce((a, s) => a + s.slots, 0) }));`);
  if (r.status !== 'finished') throw new Error(`bench merge of ${inputs.length} shards ended ${r.status}`);
  return {
    shards: inputs.length,
    perTier,
    slots: r.slots,
    rows: r.rows,
    seconds: r.seconds,
    peakRssMB: Math.round(r.maxRssKB / 1024),
  };
}

/** Peak RSS of a child that only loads merge's modules: what every merge pays before its first shard. */
function baselineMB(root: string): number {
  const r = child<{ maxRssKB: number }>(`
    await import(${url(root, 'pipeline', 'merge.js')});
    console.log(JSON.stringify({ maxRssKB: process.resourceUsage().maxRSS }));`);
  return Math.round(r.maxRssKB / 1024);
}

/**
 * `build --sizes 6 --variants 3 --shard i/N --max-slots 16·P` for N = 4, 16, 64 at P per tier,
 * and N = 64 at 2P, then `merge` of each. Memory should not grow with N, time should double with P.
 */
export function mergeScaling(root: string, quick: boolean): { baselineMB: number; runs: MergeRun[] } {
  const perTier = quick ? 25 : 250;
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-merge-'));
  const runs: MergeRun[] = [];
  try {
    const cases: [number, number][] = [
      [4, perTier],
      [16, perTier],
      [64, perTier],
      [64, 2 * perTier],
    ];
    for (const [n, p] of cases) {
      const set = join(dir, `${n}x${p}`);
      const inputs = buildShards(root, set, n, p, 16 * p);
      runs.push(timedMerge(root, join(set, 'merged.sqlite'), inputs, p));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = baselineMB(root);
  console.log(
    `\nmerge of M=6 shard catalogs (variants 3, --max-slots 16 × per-tier), a child process each; ${base} MB peak RSS with the modules loaded alone`,
  );
  console.log('  shards  per-tier  slots walked  rows written  seconds  µs/slot  peak RSS MB');
  for (const r of runs) {
    console.log(
      `  ${String(r.shards).padStart(6)} ${String(r.perTier).padStart(9)} ${String(r.slots).padStart(13)} ${String(r.rows).padStart(13)} ${r.seconds.toFixed(2).padStart(8)} ${((r.seconds * 1e6) / r.slots).toFixed(0).padStart(8)} ${String(r.peakRssMB).padStart(12)}`,
    );
  }
  const [four, , sixtyFour, double] = runs;
  console.log(
    `  memory: 64 shards ${sixtyFour.peakRssMB - four.peakRssMB >= 0 ? '+' : ''}${sixtyFour.peakRssMB - four.peakRssMB} MB against 4 (target: flat); ` +
      `time: ${(double.slots / sixtyFour.slots).toFixed(2)}× the slots took ${(double.seconds / sixtyFour.seconds).toFixed(2)}× as long (target: linear)`,
  );
  console.log('  reproduce: npm run bench -- --only merge');
  return { baselineMB: base, runs };
}
