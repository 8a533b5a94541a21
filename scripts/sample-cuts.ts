// A dev script: tier cuts from the natural distribution of a measure, for data/tiers.json.
// Generates slots 0..count-1 of each size (the build's generator, one seed), measures each
// unique puzzle (reference nodes, or the stored grade's score) and proposes cuts at the given
// quantiles as `dominosa tune` does. A catalog holds its tiers in equal shares, so tuning on one
// mostly gives back the cuts it was built with; this samples boards as they come instead.
//
//   node dist/scripts/sample-cuts.js --measure score --sizes 3..9 --count 2000 --seed 7 --quantiles 0.4,0.7,0.9
//
// Prints one JSON line per size, `"M": { "t1": .., "t2": .., "t3": .. }`, ready for the file.
import { Generator } from '../src/generate.js';
import { storedGrade } from '../src/grade/stored.js';
import { parseQuantiles, proposeThresholds } from '../src/grade/tune.js';
import { parseSizeList } from './commands/build.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const measure = arg('measure', 'score');
if (measure !== 'nodes' && measure !== 'score') throw new Error('--measure must be nodes or score');
const sizes = parseSizeList(arg('sizes', '3..9'));
const count = Number(arg('count', '2000'));
const seed = Number(arg('seed', '7'));
const q = parseQuantiles(arg('quantiles', '0.4,0.7,0.9'));
if (!q.ok) throw new Error(q.error);

const gen = new Generator();
const lines: string[] = [];
for (const m of sizes) {
  const values: number[] = [];
  for (let k = 0; k < count; k++) {
    const r = gen.generateSlot(seed, m, k);
    if (r.ok) values.push(measure === 'nodes' ? r.puzzle.nodes : storedGrade(r.puzzle.board).score);
  }
  values.sort((a, b) => a - b);
  const p = proposeThresholds(values, q.quantiles, (v) => `${measure} ${v}`);
  const th = p.thresholds;
  lines.push(`    "${m}": { "t1": ${th.t1}, "t2": ${th.t2}, "t3": ${th.t3} }`);
  const n = values.length;
  process.stderr.write(`M=${m}: ${n} boards; tiers ${p.counts.easy}/${p.counts.normal}/${p.counts.hard}/${p.counts.expert}${p.notes.length ? `; ${p.notes.join(' ')}` : ''}\n`);
}
process.stdout.write(`${lines.join(',\n')}\n`);
