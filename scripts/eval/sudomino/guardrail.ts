// `node dist/scripts/eval/sudomino/guardrail.js [--shapes 6x6:4,8x8:6,10x10:7,12x12:8] [--count 25]
// [--seed 1] [--variants 3] [--max-attempts 200]`: per shape and tier, catalog slots as a build
// worker makes them (makeCatalogSlot): reference nodes, time, givens and deals per slot; whether
// the tiers' median nodes are ordered; and each shape's time. An evaluation: it never fails.
import { TIERS, type Tier } from '../../../src/rank/tiers.js';
import { Grader } from '../../../src/sudomino/grade/ladder.js';
import { makeCatalogSlot } from '../../../src/sudomino/make/catalog-slot.js';
import { formatShape, parseShape, type Shape } from '../../../src/sudomino/shape.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { boardFromStored } from '../../../src/sudomino/stored.js';

function arg(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
}

/** The q-quantile (0..1) of a sorted list, nearest rank; NaN when empty. */
function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

interface TierRow {
  nodes: number[];
  ms: number[];
  givens: number[];
  attempts: number[];
  variants: number[];
  rejected: number;
}

function main(argv: string[]): void {
  const count = Number(arg(argv, '--count', '25'));
  const seed = Number(arg(argv, '--seed', '1'));
  const k = Number(arg(argv, '--variants', '3'));
  const maxAttempts = Number(arg(argv, '--max-attempts', '200'));
  const shapes: Shape[] = arg(argv, '--shapes', '6x6:4,8x8:6,10x10:7,12x12:8')
    .split(',')
    .map((s) => {
      const p = parseShape(s);
      if (!p.ok) throw new Error(p.error);
      return p.shape;
    });
  const solver = new Solver();
  const grader = new Grader();
  console.log(`${count} slots per tier, seed ${seed}, ${k} variants, at most ${maxAttempts} deals a slot; one thread`);
  for (const shape of shapes) {
    const rows = new Map<Tier, TierRow>();
    const t0 = performance.now();
    for (const [ti, tier] of TIERS.entries()) {
      const row: TierRow = { nodes: [], ms: [], givens: [], attempts: [], variants: [], rejected: 0 };
      rows.set(tier, row);
      for (let j = 0; j < count; j++) {
        // As in a build, slot s aims at tier s mod 4.
        const slot = j * TIERS.length + ti;
        const t = performance.now();
        const made = makeCatalogSlot(seed, shape, slot, tier, k, maxAttempts, solver, grader);
        row.ms.push(performance.now() - t);
        if (made === null) {
          row.rejected++;
          continue;
        }
        row.nodes.push(made.nodes);
        row.attempts.push(made.attempts);
        row.variants.push(made.variants.length);
        const b = boardFromStored(made.base.grid, shape.values);
        if (!b.ok) throw new Error(b.error);
        row.givens.push(b.board.given.reduce((s, g) => s + (g > 0 ? 1 : 0), 0));
      }
    }
    const total = performance.now() - t0;
    console.log(
      `\n${formatShape(shape)}: ${(total / 1000).toFixed(2)} s in all (about ${(total / 2000).toFixed(2)} s on 2 workers)`,
    );
    console.log('  tier    made  nodes med/p90   ms med/p95      givens mean  deals mean/max  rejected  variants');
    const medians: number[] = [];
    for (const tier of TIERS) {
      const r = rows.get(tier)!;
      const sort = (a: number[]): number[] => [...a].sort((x, y) => x - y);
      const nodes = sort(r.nodes);
      const ms = sort(r.ms);
      const mean = (a: number[]): string =>
        a.length === 0 ? '-' : (a.reduce((s, x) => s + x, 0) / a.length).toFixed(1);
      medians.push(quantile(nodes, 0.5));
      console.log(
        `  ${tier.padEnd(7)} ${String(r.nodes.length).padStart(4)}  ${`${quantile(nodes, 0.5)}/${quantile(nodes, 0.9)}`.padStart(14)}  ${`${quantile(ms, 0.5).toFixed(1)}/${quantile(ms, 0.95).toFixed(1)}`.padStart(13)}  ${mean(r.givens).padStart(11)}  ${`${mean(r.attempts)}/${r.attempts.length === 0 ? '-' : Math.max(...r.attempts)}`.padStart(14)}  ${String(r.rejected).padStart(8)}  ${mean(r.variants).padStart(8)}`,
      );
    }
    const ordered = medians.every((m, i) => i === 0 || !(m < medians[i - 1]));
    console.log(
      `  median reference nodes easy ≤ normal ≤ hard ≤ expert: ${ordered ? 'yes' : 'NO'} (${medians.join(' ≤ ')})`,
    );
  }
}

main(process.argv.slice(2));
