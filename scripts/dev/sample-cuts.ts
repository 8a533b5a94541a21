// A dev script: tier cuts from a sample of generated puzzles, for data/tiers.json. A catalog holds
// its tiers in equal shares, so tuning on one mostly gives back the cuts it was built with; this
// samples boards as the build's generator makes them (one seed).
//   --measure grade (default): each board's reference measure and stored grade; the grade bands'
//     ranges are the cuts that maximise the smallest per-band yield (rank/cuts.ts), and the
//     yields per 1,000 are kept beside them (a yield of 0 marks a tier out of reach). Up to
//     M = 9 the sample is slots 0..count-1 as they come (uniform unique deals, whose grades
//     spread over every band); from M = 10 (--aimed) each band gets count slots aimed at it
//     as a build aims them (slot 4j + b at band b, graded generation without the range), since
//     repaired boards as they come are mostly easy: the yield is then per 1,000 aimed slots, the
//     share of the band's slots that land in its range (a slot that finds no board counts out).
//   --measure nodes | score: cuts at the given quantiles, as `dominosa tune` proposes them.
//
//   node dist/scripts/dev/sample-cuts.js --sizes 3..9 --count 2000 --seed 7 --write data/tiers.json
//   node dist/scripts/dev/sample-cuts.js --sizes 12,15,20,30 --count 100 --seed 7 --write data/tiers.json
//
// Prints the sizes' lines, `"M": { "t1": .., "t2": .., "t3": .. }`; --write FILE puts them
// (and the yields) into that tiers file's section for the measure instead.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { readTiersFile, tiersFileText, tierTableLines } from '../../pipeline/build/thresholds.js';
import { prepareOutput, writeOutputSync } from '../../pipeline/io/output.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { DEFAULT_QUANTILES, parseQuantiles, type BandPoint } from '../../src/rank/cuts.js';
import { guardrailName, LAYERED_FROM_M } from '../../src/dominosa/rank/reference.js';
import { aimedByDefault, cutsOfSample, samplePoint, type SampleSpec } from '../../src/dominosa/rank/sample.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { TIERS, type Tier, type TierTable, type YieldTable } from '../../src/rank/tiers.js';
import { parseMs } from '../../src/dominosa/sizes.js';

const args = yargs(hideBin(process.argv))
  .option('measure', { choices: ['grade', 'nodes', 'score'] as const, default: 'grade' as const })
  .option('sizes', { type: 'string', default: '3..9' })
  .option('count', { type: 'number', default: 2000 })
  .option('seed', { type: 'number', default: 7 })
  .option('quantiles', { type: 'string', default: DEFAULT_QUANTILES.join(',') })
  .option('write', { type: 'string', describe: 'tiers file to write the cuts into (its other sections are kept)' })
  .option('aimed', {
    type: 'boolean',
    describe: `sample count slots aimed at each band (default: from M = ${LAYERED_FROM_M})`,
  })
  .option('max-attempts', {
    type: 'number',
    describe: 'deals (rejection) or deals repaired (repair) per slot before it counts as not found',
  })
  .strict()
  .parseSync();
const { measure, count, seed } = args;
const parsed = parseMs(args.sizes);
if (!parsed.ok) throw new Error(parsed.error);
const sizes = parsed.value;
const q = parseQuantiles(args.quantiles);
if (!q.ok) throw new Error(q.error);

const gen = new Generator();
const table: TierTable = {};
const yields: YieldTable = {};
for (const m of sizes) {
  const t0 = performance.now();
  const aimed = measure === 'grade' && (args.aimed ?? aimedByDefault(m));
  const spec: SampleSpec = {
    seed,
    m,
    measure,
    aimed,
    maxAttempts: measure === 'grade' ? args['max-attempts'] : undefined,
  };
  // Aimed: count slots per band (slot 4j + b aims at band b); else count slots as they come.
  const slots = aimed ? TIERS.length * count : count;
  const points: BandPoint[] = [];
  const ms: Record<Tier, number[]> = { easy: [], normal: [], hard: [], expert: [] };
  for (let k = 0; k < slots; k++) {
    const s0 = performance.now();
    const p = samplePoint(gen, spec, k);
    ms[TIERS[k % TIERS.length]].push(performance.now() - s0);
    if (p !== null) points.push(p);
  }
  const cuts = cutsOfSample(spec, points, slots, q.quantiles);
  if (cuts === null) throw new Error(`M=${m}: no slot of the sample found a board`);
  const th = cuts.thresholds;
  table[m] = th;
  if (cuts.yields !== null) yields[m] = cuts.yields;
  const took = `${Math.round(performance.now() - t0)} ms`;
  if (aimed) {
    const median = (xs: number[]): number => Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1]);
    const inRange = TIERS.map((t) => `${t} ${cuts.inRange[t]}/${cuts.totals![t]}/${count} (${median(ms[t])} ms)`).join(
      ', ',
    );
    process.stderr.write(
      `M=${m}: ${count} slots per band (${took}), ${guardrailName(m)} cuts ${th.t1}/${th.t2}/${th.t3}; in range/found/aimed (median ms per slot): ${inRange}\n`,
    );
  } else if (measure === 'grade') {
    const none = points.filter((x) => x.band === null).length;
    const inBand = TIERS.map((t) => `${t} ${cuts.inRange[t]}/${cuts.totals![t]}`).join(', ');
    process.stderr.write(
      `M=${m}: ${points.length} boards (${took}), ${guardrailName(m)} cuts ${th.t1}/${th.t2}/${th.t3}; in range/in band: ${inBand}; beyond every band: ${none}\n`,
    );
  } else {
    const c = cuts.inRange;
    process.stderr.write(
      `M=${m}: ${points.length} boards; tiers ${c.easy}/${c.normal}/${c.hard}/${c.expert}${cuts.notes.length ? `; ${cuts.notes.join(' ')}` : ''}\n`,
    );
  }
}
if (args.write === undefined) {
  process.stdout.write(`${tierTableLines(table)}\n`);
  if (measure === 'grade') process.stdout.write(`yields per 1,000:\n${tierTableLines(yields)}\n`);
} else {
  const file = readTiersFile(args.write) ?? { comment: '', table: {}, grade: {}, yields: {}, scores: {} };
  // The file has one graderVersion: cuts of the other grade-bound section from another grader would be relabelled.
  const other = measure === 'grade' ? file.scores : measure === 'score' ? file.grade : {};
  const stale = Object.keys(other).filter((m) => !sizes.includes(Number(m)));
  if (
    measure !== 'nodes' &&
    file.graderVersion !== undefined &&
    file.graderVersion !== GRADER_VERSION &&
    stale.length > 0
  ) {
    process.stderr.write(
      `sample-cuts: ${args.write} holds ${measure === 'grade' ? 'score' : 'grade'} cuts of M=${stale.join(',')} for ${file.graderVersion}; ` +
        `delete that section, run this, then re-sample it with --measure ${measure === 'grade' ? 'score' : 'grade'}\n`,
    );
    process.exit(2);
  }
  const section = measure === 'nodes' ? file.table : measure === 'grade' ? file.grade : file.scores;
  Object.assign(section, table);
  if (measure === 'grade') Object.assign(file.yields, yields);
  writeOutputSync(prepareOutput(args.write, { force: true, what: 'tiers file' }), tiersFileText(file));
  process.stderr.write(`wrote ${measure} cuts of M=${sizes.join(',')} to ${args.write}\n`);
}
