// `dominosa build`: options for the build verb (as data, see options.ts), the Ctrl-C handling
// and the exit codes (0 built or already built, 1 a size ran out of slots or the --time-limit
// ran out, 2 bad options, 130 interrupted).
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import {
  BUILD_LIMITS,
  buildKind,
  DEFAULT_BATCH_SIZE,
  type BuildOptions,
  type Shard,
} from '../../pipeline/build/options.js';
import { allKinds, DEFAULT_KIND, type PuzzleKind } from '../../src/kinds.js';
import { DEFAULT_TIER_MEASURE, TIER_MEASURES } from '../../src/rank/rule.js';
import { EXIT_FAILED_CHECK, EXIT_INTERRUPTED, UserError } from '../../pipeline/runtime/errors.js';
import { signalWords, stopLeaves, takeStop } from '../../pipeline/runtime/signals.js';
import { checkLine, type VerbLine } from './parse.js';
import {
  gradeTarget,
  argsOrExit,
  kind,
  KINDS,
  rawList,
  choice,
  flag,
  type Checked,
  integer,
  OLD_TIERS_FILE,
  oldTimeout,
  type OptionSpec,
  readOptions,
  thresholds,
  timeLimit,
  timeLimitMs,
  type VerbArgs,
  whole,
  withOptions,
  examples,
  catalogDb,
} from './options.js';

export { EXIT_INTERRUPTED } from '../../pipeline/runtime/errors.js';

/** "i/N" (shard i of N, 0 ≤ i < N) as given to --shard. */
export function parseShard(text: string): Checked<Shard> {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return { ok: false, error: `--shard: "${text}" is not i/N (e.g. 0/4; i runs from 0 to N-1)` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index >= count) return { ok: false, error: `--shard: ${index}/${count} needs 0 ≤ i < N` };
  return { ok: true, value: { index, count } };
}

const shard: OptionSpec<Shard | undefined> = {
  yargs: {
    type: 'string',
    describe: 'build only shard i/N of the slots (slots i, i+N, ...) into its own catalog, for dominosa merge',
    requiresArg: true,
  },
  check: (v) => parseShard(String(v)),
};

/** The default kind's build defaults, then each other kind's by its title ("100000; Sudomino 200"). */
function perKind(value: (k: PuzzleKind) => string): string {
  return allKinds()
    .map((k) => (k.name === DEFAULT_KIND ? value(k) : `${k.title} ${value(k)}`))
    .join('; ');
}

/** How boards can be made, of every kind that has a choice (--method's choices). */
const METHODS = [...new Set(allKinds().flatMap((k) => k.build.methods))];

export const BUILD_OPTIONS = {
  kind: kind('build', KINDS),
  sizes: rawList(
    allKinds()
      .map((k) => `${k.title}: ${k.build.sizesHelp}`)
      .join('; '),
  ),
  'per-tier': whole('base puzzles per tier and size', 1, { default: 25, max: BUILD_LIMITS.perTier }),
  variants: whole('variants (mirrors, relabellings) stored per base puzzle', 0, {
    default: 3,
    max: BUILD_LIMITS.variants,
  }),
  seed: integer('seed: the same seed and options build the same catalog', { default: 1 }),
  jobs: whole('worker threads (does not change the result)', 1, {
    default: Math.min(availableParallelism(), BUILD_LIMITS.jobs),
    max: BUILD_LIMITS.jobs,
  }),
  db: catalogDb('catalog file (created if missing)'),
  thresholds: thresholds(
    'tier thresholds file that seeds a new catalog (or new sizes); a catalog keeps its own thresholds',
  ),
  extend: flag(
    "add this build's puzzles to a catalog that holds a build with other options (another seed, more sizes, ...)",
    { default: false },
  ),
  tiers: OLD_TIERS_FILE,
  'max-attempts': whole('deals tried per slot before it is rejected', 1, {
    shown: perKind((k) => String(k.build.defaults.maxAttempts)),
    max: BUILD_LIMITS.maxAttempts,
  }),
  'max-slots': whole('slots per size before giving up on it', 1, {
    shown: 'max(1000, 100 × per-tier)',
    max: BUILD_LIMITS.maxSlots,
  }),
  method: choice(
    METHODS,
    'how boards are made: rejection (deal until unique, M ≤ 14), repair (deal, then mend the deal), auto (rejection up to M=12, repair above)',
    {
      default: 'auto',
    },
  ),
  'tier-by': choice(
    TIER_MEASURES,
    "what a tier is: grade (Tatham's levels: easy Trivial, normal Basic, hard Hard, expert Extreme, each inside its range of the reference measure; harder puzzles are in no tier), nodes (ranges of the reference measure alone) or score (ranges of the grade score)",
    { default: DEFAULT_TIER_MEASURE },
  ),
  grade: gradeTarget(
    'keep only puzzles of this human grade: a band, easy|normal|hard|expert, or one level by name (see dominosa generate --help); with --tier-by grade only the tiers it falls in are built',
  ),
  'time-limit': timeLimit('run', 'stop after this long: committed slots are kept, exit 1; rerun to continue'),
  timeout: oldTimeout('run'),
  shard,
  'dry-run': flag(
    'check the options, the thresholds file and the catalog path, say what would be built, and build nothing',
    { default: false },
  ),
  'batch-size': whole('decisions per committed batch', 1, {
    default: DEFAULT_BATCH_SIZE,
    hidden: true,
    max: BUILD_LIMITS.batchSize,
  }),
  chunk: whole('slots per worker task (default: about 20 ms of work); does not change the result', 1, {
    hidden: true,
    max: BUILD_LIMITS.chunk,
  }),
};

/** Options that say how some kinds' boards are made and tiered: a kind reads those it names (KindBuild's options). */
const KIND_OPTIONS = ['method', 'tier-by', 'grade', 'thresholds', 'tiers'] as const;

/** The build its options describe (all but the abort signal), or the line that refuses them. */
export function buildArgs(argv: Record<string, unknown>): VerbArgs<Omit<BuildOptions, 'signal'>> {
  const read = readOptions(BUILD_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const built = buildKind(o);
  const { takes, why } = built.build.options;
  const notHere = KIND_OPTIONS.find((k) => argv[k] !== undefined && !takes.includes(k));
  if (notHere !== undefined) return { ok: false, error: `--${notHere}: not for ${built.title}, ${why}` };
  const sized = built.build.parseSizes([o.sizes ?? built.build.defaults.sizes].flat().map(String).join(','));
  if (!sized.ok) return { ok: false, error: `--sizes: ${sized.error}` };
  const maxAttempts = o['max-attempts'] ?? built.build.defaults.maxAttempts;
  const run = {
    kind: built.name,
    sizes: sized.value,
    perTier: o['per-tier'],
    variants: o.variants,
    seed: o.seed,
    jobs: o.jobs,
    db: o.db,
    tiersFile: o.thresholds,
    tiersExplicit: argv.thresholds !== undefined,
    extend: o.extend,
    maxAttempts,
    maxSlots: o['max-slots'],
    batchSize: o['batch-size'],
    chunk: o.chunk,
    method: o.method,
    tierBy: o['tier-by'],
    grade: o.grade,
    timeoutMs: timeLimitMs(o['time-limit']),
    shard: o.shard,
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** build's command line: its options and their check. */
export const BUILD_LINE: VerbLine<Omit<BuildOptions, 'signal'>> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, BUILD_OPTIONS).epilogue(
      examples([
        ['$0 build', 'sizes 3..9, 25 per tier, into the catalog (see --db)'],
        ['$0 build --sizes 3..5 --per-tier 5 --db small.sqlite', 'a small catalog'],
        ['$0 build --sizes 20,30 --per-tier 10 --time-limit 600', 'large boards, at most ten minutes'],
        ['$0 build --shard 0/4 --max-slots 4000 --db shard0.sqlite', 'one of four shards (see dominosa merge)'],
        ...allKinds()
          .filter((k) => k.name !== DEFAULT_KIND)
          .map((k): [string, string] => [
            `$0 build --kind ${k.name}`,
            `${k.title} at ${k.build.defaults.sizes.join(', ')}, 25 per tier, into the same catalog`,
          ]),
      ]),
    ),
  args: buildArgs,
};

/** `dominosa build ARGS` (without the verb) as BuildOptions, parsed as the command line would be, built nothing. */
export function parseBuildArgs(args: readonly string[]): Omit<BuildOptions, 'signal'> {
  const read = checkLine(BUILD_LINE, args);
  if (!read.ok) throw new UserError(read.error);
  return read.value.run;
}

export function buildCommand(y: Argv): Argv {
  return y.command(
    'build',
    'Generate puzzles proven unique, grade them into tiers and store them (with variants) in the catalog. Resumable: rerun the same command.',
    BUILD_LINE.builder,
    async (v) => {
      // Options are checked before the handler goes in, and runBuild checks the rest before
      // touching the catalog.
      const args = argsOrExit(BUILD_LINE.args(v));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const [{ checkBuild, runBuild }, { createProgress }] = await Promise.all([
        import('../../pipeline/build/build.js'),
        import('../../pipeline/build/progress.js'),
      ]);
      const controller = new AbortController();
      // The first Ctrl-C (or SIGTERM, as from a job scheduler, or SIGHUP) stops the build cleanly;
      // a second one stops it at once (signals.ts): the catalog stays consistent, as batches are
      // transactions, and is closed into one file.
      let stoppedBy = 'Ctrl-C';
      const onInterrupt = (signal: NodeJS.Signals): void => {
        stoppedBy = signalWords(signal);
        controller.abort();
      };
      const options = { ...args, signal: controller.signal };
      if (v['dry-run']) {
        const { keyOptions: k, maxSlots, resumes } = await checkBuild(options);
        const slice = k.shard ? `, shard ${k.shard.index}/${k.shard.count}` : '';
        const said = buildKind(options).build.describe(options);
        const what =
          resumes === 'finished'
            ? `${options.db} already holds this build, finished`
            : `would ${resumes === null ? 'build' : 'resume the build of'} ${said.sizes}, ${k.perTier} per tier, ${k.variants} variants, seed ${k.seed}, ` +
              `tiers by ${said.tiers}${slice}, up to ${maxSlots} slots per size, into ${options.db}`;
        process.stderr.write(`dominosa: ${what}; nothing was built (--dry-run)\n`);
        process.exitCode = 0;
        return;
      }
      const progress = createProgress();
      const release = takeStop(onInterrupt);
      stopLeaves('committed slots are kept. Rerun the same command to resume.');
      let result;
      try {
        result = await runBuild(options, progress);
        progress.finish(result.summary);
      } catch (e) {
        progress.finish(null);
        throw e;
      } finally {
        release();
      }
      switch (result.status) {
        case 'already-finished':
          process.stderr.write(
            `dominosa: this build already finished in ${options.db} (build ${result.buildId}), which holds ${result.holds}; nothing to do (to rebuild it, delete the file and rerun)\n`,
          );
          process.exitCode = 0;
          return;
        case 'finished':
          process.exitCode = 0;
          return;
        case 'interrupted':
          process.stderr.write(
            `dominosa: build stopped by ${stoppedBy}; committed slots are kept. Rerun the same command to resume.\n`,
          );
          process.exitCode = EXIT_INTERRUPTED;
          return;
        case 'timed-out':
          throw new UserError(
            `the --time-limit of ${(options.timeoutMs ?? 0) / 1000} s ran out; committed slots are kept. Rerun the same command to continue.`,
            EXIT_FAILED_CHECK,
          );
        case 'incomplete':
          throw new UserError(
            `size${result.exhausted.length > 1 ? 's' : ''} ${result.exhausted.map((key) => buildKind(options).sizes.label(key)).join(', ')} ran out of slots ` +
              `before every tier held ${options.perTier} puzzles; what was found is kept. Rerun with a larger --max-slots to continue.`,
            EXIT_FAILED_CHECK,
          );
      }
    },
  );
}
