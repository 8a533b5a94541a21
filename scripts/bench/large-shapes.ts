// Bench section `sudomino-large`: Sudomino's largest shapes against issue 36's target, one
// 16x16 puzzle in at most a second (median over seeds 1..10). Each slot is made in this process
// as `generate` makes it, then the whole command is timed for a few seeds, start-up included.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { makeSlot } from '../../src/sudomino/make/generator.js';
import { formatShape, type Shape } from '../../src/sudomino/shape.js';
import { Solver } from '../../src/sudomino/solve/solver.js';

const SHAPES: Shape[] = [
  { rows: 16, cols: 16, values: 10 },
  { rows: 16, cols: 16, values: 12 },
];
/** The target per puzzle, in ms. */
const TARGET_MS = 1000;

export interface SudominoLargeRow {
  shape: string;
  seeds: number[];
  /** Per seed, in the order of `seeds`: wall and CPU time of slot 0, in this process. */
  wallMs: number[];
  cpuMs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  medianCpuMs: number;
  /** The median over the target: at most 1 meets it. */
  ratio: number;
  /** `generate ... --count 1` as a command, per seed timed: wall ms, start-up and worker included. */
  commandMs: { seed: number; ms: number }[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 === 1 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function shapeRow(root: string, shape: Shape, seeds: number[], commandSeeds: number[]): SudominoLargeRow {
  const solver = new Solver();
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (const seed of seeds) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    makeSlot(seed, shape, 0, solver);
    wallMs.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs.push((c.user + c.system) / 1000);
  }
  const cli = join(root, 'dist', 'scripts', 'cli.js');
  const commandMs = commandSeeds.map((seed) => {
    const args = [cli, 'generate', '--kind', 'sudomino', '--sizes', formatShape(shape), '--count', '1'];
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [...args, '--seed', String(seed)], { encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== 0)
      throw new Error(`generate ${formatShape(shape)} --seed ${seed} exited ${r.status}: ${r.stderr}`);
    return { seed, ms };
  });
  const m = median(wallMs);
  return {
    shape: formatShape(shape),
    seeds,
    wallMs,
    cpuMs,
    medianMs: m,
    minMs: Math.min(...wallMs),
    maxMs: Math.max(...wallMs),
    medianCpuMs: median(cpuMs),
    ratio: m / TARGET_MS,
    commandMs,
  };
}

export function sudominoLargeTable(
  root: string,
  quick: boolean,
): { cores: number; load: number[]; rows: SudominoLargeRow[] } {
  const seeds = Array.from({ length: quick ? 5 : 10 }, (_, i) => i + 1);
  const commandSeeds = quick ? [1] : [1, 2, 3];
  const load = loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(
    `\nSudomino large shapes (target ≤ ${TARGET_MS} ms a puzzle, median over seeds ${seeds[0]}..${seeds.at(-1)})`,
  );
  console.log(`${cpus().length} cores, load ${load.join(' ')}`);
  console.log('shape       median ms  min ms  max ms  median CPU ms  ratio  command ms (seed)');
  const rows = SHAPES.map((shape) => {
    const r = shapeRow(root, shape, seeds, commandSeeds);
    const cmd = r.commandMs.map((c) => `${c.ms.toFixed(0)} (${c.seed})`).join(', ');
    console.log(
      `${r.shape.padEnd(10)} ${r.medianMs.toFixed(0).padStart(10)} ${r.minMs.toFixed(0).padStart(7)} ${r.maxMs.toFixed(0).padStart(7)} ${r.medianCpuMs.toFixed(0).padStart(14)} ${r.ratio.toFixed(2).padStart(6)}  ${cmd}`,
    );
    return r;
  });
  console.log(`reproduce one: node dist/scripts/cli.js generate --kind sudomino --sizes 16x16:10 --count 1 --seed 1`);
  return { cores: cpus().length, load, rows };
}
