// `npm run bench -- --only aims`: the default build's generation in process on one core, slots
// decided in order as a build decides them (duplicates aside), with the plan's aims (tiers of
// about the rarest yield share slots) against one tier per slot, interleaved so machine noise
// falls on both alike. CPU ms per size and their ratio.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSlot } from '../../src/dominosa/make/catalog-slot.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { planSize, type SizeAims } from '../../src/dominosa/rank/aims.js';
import type { TierRule } from '../../src/rank/rule.js';
import { parseTierTable, TIERS, zeroTierCounts, type Tier } from '../../src/rank/tiers.js';

export interface AimsRow {
  m: number;
  /** The plan's aims: slots run and CPU ms to fill every tier (mean over the seeds). */
  sharedSlots: number;
  sharedMs: number;
  /** One tier per slot, in turn. */
  aloneSlots: number;
  aloneMs: number;
}

const PER_TIER = 25;

/** Slots of size m in order until every tier holds PER_TIER: the slots run and the CPU ms they took. */
const generator = new Generator();

function fill(m: number, seed: number, rule: TierRule, plan: SizeAims): { slots: number; ms: number } {
  const have = zeroTierCounts();
  const c0 = process.cpuUsage();
  let slot = 0;
  while (TIERS.some((t) => have[t] < PER_TIER)) {
    const fullTiers = TIERS.filter((t) => have[t] >= PER_TIER);
    const a = makeSlot(generator, {
      seed,
      key: String(m),
      slot,
      variants: 3,
      maxAttempts: 100_000,
      make: { method: 'auto', aims: plan.aims },
      rule,
      fullTiers,
      buildId: 1,
    });
    slot++;
    if (a.ok && a.puzzle.tier !== null && have[a.puzzle.tier] < PER_TIER) have[a.puzzle.tier]++;
  }
  const c = process.cpuUsage(c0);
  return { slots: slot, ms: (c.user + c.system) / 1000 };
}

export function aimsTable(root: string, quick: boolean): AimsRow[] {
  const file = parseTierTable(JSON.parse(readFileSync(join(root, 'data', 'tiers.json'), 'utf8')));
  if (!file.ok) throw new Error(file.error);
  const seeds = quick ? [1] : [1, 2];
  const sizes = quick ? [3, 6, 9] : [3, 4, 5, 6, 7, 8, 9];
  console.log(
    `\nThe default build's generation, shared aims against one tier per slot (in process, one core, CPU ms to fill 25 per tier; seeds ${seeds.join(', ')}, alternating which goes first, after a warm-up of both)`,
  );
  console.log('  M   shared: slots       ms   one tier: slots       ms   shared / one tier');
  const rows: AimsRow[] = [];
  for (const m of sizes) {
    const rule: TierRule = { measure: 'grade', th: file.grade![m] };
    const plan = (y?: Record<Tier, number>): SizeAims => {
      const p = planSize(m, rule, undefined, y);
      if (!p.ok) throw new Error(p.error);
      return p.plan;
    };
    const shared = plan(file.yields?.[m]);
    const alone = plan(undefined);
    const row: AimsRow = { m, sharedSlots: 0, sharedMs: 0, aloneSlots: 0, aloneMs: 0 };
    // A warm-up of both, then each seed in turn first, so neither pays the compiler's warm-up alone.
    fill(m, 1000, rule, shared);
    fill(m, 1000, rule, alone);
    for (const [i, seed] of seeds.entries()) {
      let a: { slots: number; ms: number };
      let b: { slots: number; ms: number };
      if (i % 2 === 0) {
        a = fill(m, seed, rule, shared);
        b = fill(m, seed, rule, alone);
      } else {
        b = fill(m, seed, rule, alone);
        a = fill(m, seed, rule, shared);
      }
      row.sharedSlots += a.slots / seeds.length;
      row.sharedMs += a.ms / seeds.length;
      row.aloneSlots += b.slots / seeds.length;
      row.aloneMs += b.ms / seeds.length;
    }
    rows.push(row);
    const f = (x: number, w: number): string => x.toFixed(0).padStart(w);
    console.log(
      `  ${String(m).padStart(1)}  ${f(row.sharedSlots, 14)} ${f(row.sharedMs, 8)}  ${f(row.aloneSlots, 16)} ${f(row.aloneMs, 8)}  ${(row.sharedMs / row.aloneMs).toFixed(2).padStart(18)}`,
    );
  }
  const sum = (k: 'sharedMs' | 'aloneMs'): number => rows.reduce((x, r) => x + r[k], 0);
  console.log(
    `  all sizes: shared ${(sum('sharedMs') / 1000).toFixed(2)} s, one tier per slot ${(sum('aloneMs') / 1000).toFixed(2)} s, ratio ${(sum('sharedMs') / sum('aloneMs')).toFixed(2)}`,
  );
  return rows;
}
