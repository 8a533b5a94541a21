// Bench section `default`: what `npm start` costs on an empty catalog, the command a newcomer
// runs first (issue 13's target: at most 5 s). Each run is the real command line in a child
// process, into a fresh temporary catalog; its puzzles are compared with the shipped catalog's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Catalog } from '../../pipeline/catalog/catalog.js';
import { median } from './startup.js';

const TARGET_S = 5;

export interface DefaultBuildRuns {
  runs: number;
  /** Wall seconds of each run, in order. */
  wallS: number[];
  /** CPU seconds (user + system, every thread) of each run, where bash's `times` reports them. */
  cpuS: (number | null)[];
  medianWallS: number;
  /** Whether every run's puzzles are row for row those of data/catalog.sqlite (null: none shipped). */
  sameAsShipped: boolean | null;
}

/** The catalog's own digest of its puzzles (ids, bases, builds and every row's checksum): equal digests, the same puzzles. */
function puzzlesDigest(file: string): string {
  const cat = Catalog.open(file, { readonly: true });
  try {
    return JSON.stringify(cat.storedDigests().get('puzzles'));
  } finally {
    cat.close();
  }
}

/** bash's `times` prints the children's user and system time on its second line ("0m3.120s 0m0.210s"). */
function childrenCpu(text: string): number | null {
  const line = text.trim().split('\n').pop() ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return null;
  return parts.reduce((s, p) => s + 60 * Number(p[1]) + Number(p[2]), 0);
}

export function defaultBuild(root: string, quick: boolean): DefaultBuildRuns {
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const shipped = join(root, 'data', 'catalog.sqlite');
  const shippedDigest = existsSync(shipped) ? puzzlesDigest(shipped) : null;
  const runs = quick ? 1 : 3;
  const wallS: number[] = [];
  const cpuS: (number | null)[] = [];
  let same: boolean | null = shippedDigest === null ? null : true;
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-default-'));
  try {
    for (let i = 0; i < runs; i++) {
      const db = join(dir, `catalog-${i}.sqlite`);
      const t0 = process.hrtime.bigint();
      // `npm start` is `node dist/scripts/cli.js build`; only the catalog's path differs.
      const r = spawnSync('bash', ['-c', 'node "$0" build --db "$1" >/dev/null 2>"$1.err"; s=$?; times; exit $s', cli, db], { encoding: 'utf8' });
      wallS.push(Number(process.hrtime.bigint() - t0) / 1e9);
      if (r.status !== 0) throw new Error(`the default build exited ${r.status}: ${r.stderr}`);
      cpuS.push(childrenCpu(r.stdout));
      if (shippedDigest !== null && puzzlesDigest(db) !== shippedDigest) same = false;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const medianWallS = median(wallS);
  const fmt = (xs: (number | null)[]): string => xs.map((x) => (x === null ? '-' : x.toFixed(2))).join(', ');
  console.log(`\nthe default build from an empty catalog (node dist/scripts/cli.js build --db EMPTY, as npm start; ${runs} run${runs === 1 ? '' : 's'})`);
  console.log(`  wall s ${fmt(wallS)}; CPU s ${fmt(cpuS)}`);
  console.log(`  median ${medianWallS.toFixed(2)} s (target ≤ ${TARGET_S} s, ${(medianWallS / TARGET_S).toFixed(2)}× target)`);
  console.log(`  puzzles row for row those of data/catalog.sqlite: ${same === null ? 'no shipped catalog' : same ? 'yes' : 'NO'}`);
  return { runs, wallS, cpuS, medianWallS, sameAsShipped: same };
}
