// A dev script: tier cuts from the natural distribution of a measure, for data/tiers.json.
// Generates slots 0..count-1 of each size (the build's generator, one seed), measures each
// unique puzzle (reference nodes, or the stored grade's score) and proposes cuts at the given
// quantiles as `dominosa tune` does. A catalog holds its tiers in equal shares, so tuning on one
// mostly gives back the cuts it was built with; this samples boards as they come instead.
//
//   node dist/scripts/sample-cuts.js --measure score --sizes 3..9 --count 2000 --seed 7 --quantiles 0.4,0.7,0.9
//
// Prints the sizes' lines, `"M": { "t1": .., "t2": .., "t3": .. }`, ready for the file.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { tierTableLines } from '../pipeline/tune.js';
import { Generator } from '../src/make/generator.js';
import { storedGrade } from '../src/rank/stored.js';
import type { TierTable } from '../src/rank/tiers.js';
import { parseQuantiles, proposeThresholds } from '../src/rank/cuts.js';
import { parseSizeList } from './commands/options.js';

const args = yargs(hideBin(process.argv))
  .option('measure', { choices: ['nodes', 'score'] as const, default: 'score' as const })
  .option('sizes', { type: 'string', default: '3..9' })
  .option('count', { type: 'number', default: 2000 })
  .option('seed', { type: 'number', default: 7 })
  .option('quantiles', { type: 'string', default: '0.4,0.7,0.9' })
  .strict()
  .parseSync();
const { measure, count, seed } = args;
const parsed = parseSizeList(args.sizes);
if (!parsed.ok) throw new Error(parsed.error);
const sizes = parsed.value;
const q = parseQuantiles(args.quantiles);
if (!q.ok) throw new Error(q.error);

const gen = new Generator();
const table: TierTable = {};
for (const m of sizes) {
  const values: number[] = [];
  for (let k = 0; k < count; k++) {
    const r = gen.generateSlot(seed, m, k);
    if (r.ok) values.push(measure === 'nodes' ? r.puzzle.nodes : storedGrade(r.puzzle.board).score);
  }
  values.sort((a, b) => a - b);
  const p = proposeThresholds(values, q.quantiles, (v) => `${measure} ${v}`);
  table[m] = p.thresholds;
  const n = values.length;
  process.stderr.write(`M=${m}: ${n} boards; tiers ${p.counts.easy}/${p.counts.normal}/${p.counts.hard}/${p.counts.expert}${p.notes.length ? `; ${p.notes.join(' ')}` : ''}\n`);
}
process.stdout.write(`${tierTableLines(table)}\n`);
