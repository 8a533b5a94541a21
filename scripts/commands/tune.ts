// `dominosa tune`: options for the tune verb, as data (see options.ts). Without --apply it only
// reports, and writes no file (plots only with --plot); with --apply it rewrites the thresholds
// and re-tiers the catalog.
import type { Argv } from 'yargs';
import type { TuneOptions } from '../../pipeline/tune/tune.js';
import { kindNamed } from '../../src/kinds.js';
import { DEFAULT_QUANTILES, parseQuantiles, type Quantiles } from '../../src/rank/cuts.js';
import type { VerbLine } from './parse.js';
import {
  argsOrExit,
  choice,
  flag,
  OLD_TIERS_FILE,
  type OptionSpec,
  kindSizes,
  rawList,
  readOptions,
  text,
  type VerbArgs,
  withOptions,
  examples,
  catalogDb,
  kind,
} from './options.js';

const quantiles: OptionSpec<Quantiles> = {
  yargs: {
    type: 'string',
    describe:
      "with --measure nodes or score: the quantiles of the base puzzles' values at the cuts t1,t2,t3 (grade cuts take none: they maximise the smallest per-band yield)",
    requiresArg: true,
    defaultDescription: `${DEFAULT_QUANTILES.join(',')} with nodes or score`,
  },
  default: DEFAULT_QUANTILES,
  check(v, flag) {
    const q = parseQuantiles(String(v));
    return q.ok ? { ok: true, value: q.quantiles } : { ok: false, error: `${flag}: ${q.error}` };
  },
};

export const TUNE_OPTIONS = {
  kind: kind('tune'),
  db: catalogDb('catalog file'),
  sizes: rawList(
    'sizes to tune: Dominosa sizes M (3..9, 3,5,7), Sudomino shapes RxC:N (8x8:6,10x10:7) [default: every size of the kind in the catalog]',
  ),
  measure: choice(
    ['grade', 'nodes', 'score'] as const,
    'what to cut: grade (the grade bands\' reference-node ranges, thresholds file "grade"), nodes (reference nodes alone, "sizes") or score (the grade score, "scores")',
    { shown: 'what the sizes are tiered by now' },
  ),
  quantiles,
  apply: flag(
    'write the proposed thresholds to the catalog (and to --thresholds FILE if named), and re-tier every puzzle',
    { default: false },
  ),
  thresholds: text('with --apply, write the thresholds to this file too (its other sizes kept), to seed new catalogs', {
    shown: 'the catalog alone',
  }),
  tiers: OLD_TIERS_FILE,
  plot: flag('also write an SVG plot per size beside the catalog (<db>.tune-M<m>.svg)', { default: false }),
  force: flag('with --plot, replace plots an earlier run wrote', { default: false }),
};

/** The options only some kinds' tunes take, in the order they are refused. */
const KIND_OPTIONS = ['measure', 'quantiles', 'plot'] as const;

/** The run tune's options describe, or the line that refuses them. */
export function tuneArgs(argv: Record<string, unknown>): VerbArgs<TuneOptions> {
  const read = readOptions(TUNE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const k = kindNamed(o.kind);
  const { tuning } = k;
  const takes = (name: (typeof KIND_OPTIONS)[number]): boolean =>
    name === 'plot' ? tuning.plot !== undefined : tuning.measures !== undefined;
  const other = KIND_OPTIONS.find((name) => !takes(name) && argv[name] !== undefined && argv[name] !== false);
  if (other !== undefined)
    return { ok: false, error: `--${other}: not for ${k.title}, whose cuts are ${tuning.cutsAre}` };
  const sized = o.sizes === undefined ? { ok: true as const, value: undefined } : kindSizes(k, o.sizes);
  if (!sized.ok) return sized;
  if (o.measure !== undefined && !(tuning.measures ?? []).includes(o.measure))
    return { ok: false, error: `--measure ${o.measure}: ${k.title} cuts ${tuning.measures?.join(', ')}` };
  if (argv.quantiles !== undefined && o.measure === 'grade')
    return { ok: false, error: '--quantiles sets node or score cuts; --measure grade cuts take none' };
  const run: TuneOptions = {
    kind: k.name,
    db: o.db,
    sizes: sized.value,
    quantiles: o.quantiles,
    measure: o.measure,
    apply: o.apply,
    tiersFile: o.thresholds,
    plots: o.plot,
    force: o.force,
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** tune's command line: its options and their check. */
export const TUNE_LINE: VerbLine<TuneOptions> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, TUNE_OPTIONS).epilogue(
      examples([
        ['$0 tune', 'show the distributions and the proposed thresholds; change nothing'],
        ['$0 tune --sizes 7..9 --quantiles 0.4,0.7,0.9 --apply', 'retune three sizes'],
        [
          '$0 tune --kind sudomino',
          'per Sudomino shape: tiers on score and reference nodes, the guardrail, node ranges proposed',
        ],
      ]),
    ),
  args: tuneArgs,
};

export function tuneCommand(y: Argv): Argv {
  return y.command(
    'tune',
    'Per size: nodes against grade (or the node-count or grade-score distribution), the cuts proposed for them, how nodes and grades agree; --apply writes the cuts and re-tiers the catalog.',
    TUNE_LINE.builder,
    async (v) => {
      const run = argsOrExit(TUNE_LINE.args(v));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const { formatTune, runTune } = await import('../../pipeline/tune/tune.js');
      process.stdout.write(formatTune(await runTune(run)));
      process.exitCode = 0;
    },
  );
}
