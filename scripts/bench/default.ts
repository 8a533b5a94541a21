// Bench section `default`: what `npm start` costs on an empty catalog, the command a newcomer
// runs first: its Dominosa build (issue 13's target: at most 5 s), then its Sudomino build
// (issue 29's: at most 10 s). Each run is the real command lines in child processes, into a
// fresh temporary catalog; its puzzles are compared with the shipped catalog's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_SHAPES as SUDOMINO_BUILD_SHAPES } from '../../src/sudomino/make/build.js';
import { Catalog } from '../../pipeline/catalog/catalog.js';
import { median } from './startup.js';

const TARGET_S = 5;
const SUDOMINO_TARGET_S = 10;

/** Runs of one of npm start's two builds. */
export interface BuildPartRuns {
  /** Wall seconds of each run, in order. */
  wallS: number[];
  /** CPU seconds (user + system, every thread) of each run, where bash's `times` reports them. */
  cpuS: (number | null)[];
  medianWallS: number;
}

export interface DefaultBuildRuns {
  runs: number;
  /** Wall seconds of each run, in order. */
  wallS: number[];
  /** CPU seconds (user + system, every thread) of each run, where bash's `times` reports them. */
  cpuS: (number | null)[];
  medianWallS: number;
  /** The Sudomino build that follows it (build --kind sudomino), timed on its own. */
  sudomino: BuildPartRuns;
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

/** One build command into `db` in a child process: its wall and CPU seconds. */
function timedBuild(cli: string, db: string, extra: string): { wallS: number; cpuS: number | null } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(
    'bash',
    ['-c', `node "$0" build ${extra} --db "$1" >/dev/null 2>"$1.err"; s=$?; times; exit $s`, cli, db],
    { encoding: 'utf8' },
  );
  const wallS = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0)
    throw new Error(`the default build${extra === '' ? '' : ` (${extra})`} exited ${r.status}: ${r.stderr}`);
  return { wallS, cpuS: childrenCpu(r.stdout) };
}

export function defaultBuild(root: string, quick: boolean): DefaultBuildRuns {
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const shipped = join(root, 'data', 'catalog.sqlite');
  const shippedDigest = existsSync(shipped) ? puzzlesDigest(shipped) : null;
  const runs = quick ? 1 : 3;
  const wallS: number[] = [];
  const cpuS: (number | null)[] = [];
  const sudomino: BuildPartRuns = { wallS: [], cpuS: [], medianWallS: 0 };
  let same: boolean | null = shippedDigest === null ? null : true;
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-bench-default-'));
  try {
    for (let i = 0; i < runs; i++) {
      const db = join(dir, `catalog-${i}.sqlite`);
      // `npm start` is `node dist/scripts/cli.js build && node dist/scripts/cli.js build --kind
      // sudomino`; only the catalog's path differs.
      const d = timedBuild(cli, db, '');
      wallS.push(d.wallS);
      cpuS.push(d.cpuS);
      const s = timedBuild(cli, db, '--kind sudomino');
      sudomino.wallS.push(s.wallS);
      sudomino.cpuS.push(s.cpuS);
      if (shippedDigest !== null && puzzlesDigest(db) !== shippedDigest) same = false;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const medianWallS = median(wallS);
  sudomino.medianWallS = median(sudomino.wallS);
  const fmt = (xs: (number | null)[]): string => xs.map((x) => (x === null ? '-' : x.toFixed(2))).join(', ');
  console.log(
    `\nthe default build from an empty catalog (node dist/scripts/cli.js build --db EMPTY, as npm start; ${runs} run${runs === 1 ? '' : 's'})`,
  );
  console.log(`  wall s ${fmt(wallS)}; CPU s ${fmt(cpuS)}`);
  console.log(
    `  median ${medianWallS.toFixed(2)} s (target ≤ ${TARGET_S} s, ${(medianWallS / TARGET_S).toFixed(2)}× target)`,
  );
  console.log(
    `then its Sudomino part (node dist/scripts/cli.js build --kind sudomino --db SAME: ${SUDOMINO_BUILD_SHAPES.join(', ')}, 25 per tier, 3 variants)`,
  );
  console.log(`  wall s ${fmt(sudomino.wallS)}; CPU s ${fmt(sudomino.cpuS)}`);
  console.log(
    `  median ${sudomino.medianWallS.toFixed(2)} s (target ≤ ${SUDOMINO_TARGET_S} s, ${(sudomino.medianWallS / SUDOMINO_TARGET_S).toFixed(2)}× target)`,
  );
  console.log(
    `  puzzles row for row those of data/catalog.sqlite: ${same === null ? 'no shipped catalog' : same ? 'yes' : 'NO'}`,
  );
  return { runs, wallS, cpuS, medianWallS, sudomino, sameAsShipped: same };
}
