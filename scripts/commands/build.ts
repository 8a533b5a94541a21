// `dominosa build`: options for the build verb, the Ctrl-C handling and the exit codes
// (0 built or already built, 1 a size ran out of slots or the --timeout budget ran out, 2 bad
// options, 130 interrupted).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import type { BuildOptions, Shard } from '../../pipeline/build/options.js';
import { DEFAULT_MAX_ATTEMPTS, METHOD_CHOICES, type MethodChoice } from '../../src/make/generator.js';
import { TIER_MEASURES, type TierMeasure } from '../../src/rank/measure.js';
import { gradeTargetOption } from './grade-target.js';
import { parseOnly } from './parse.js';
import { EXIT_FAILED_CHECK, UserError } from '../../pipeline/errors.js';

export const EXIT_INTERRUPTED = 130;

/** The package's own data/tiers.json, whether running from dist/ or from source. */
export function packagedTiersFile(): string {
  const up = import.meta.url.includes('/dist/scripts/') ? '../../../' : '../../';
  return fileURLToPath(new URL(`${up}data/tiers.json`, import.meta.url));
}

/**
 * Sizes from text like "3..9", "3,5,7" or "3..5,8": ranges and single sizes, comma-separated.
 * Returned sorted and without repeats, so equal sets give equal builds.
 */
export function parseSizeList(text: string): number[] {
  const sizes = new Set<number>();
  const whole = (s: string): number => {
    if (!/^\d+$/.test(s)) throw new UserError(`--sizes: "${s}" is not a size (use e.g. 3..9 or 3,5,7)`);
    return Number(s);
  };
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const range = /^(.*?)\.\.(.*)$/.exec(part);
    if (range) {
      const lo = whole(range[1].trim());
      const hi = whole(range[2].trim());
      if (lo > hi) throw new UserError(`--sizes: range ${part} runs backwards`);
      for (let m = lo; m <= hi; m++) sizes.add(m);
    } else {
      sizes.add(whole(part));
    }
  }
  for (const m of sizes) if (m < 1) throw new UserError(`--sizes: ${m} is not a board size (M ≥ 1)`);
  return [...sizes].sort((a, b) => a - b);
}

/** "i/N" (shard i of N, 0 ≤ i < N) as given to --shard. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UserError(`--shard: "${text}" is not i/N (e.g. 0/4; i runs from 0 to N-1)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index >= count) throw new UserError(`--shard: ${index}/${count} needs 0 ≤ i < N`);
  return { index, count };
}

/** build's options as yargs reads them: the verb's builder, also used to parse without running. */
export function buildArgs(a: Argv) {
  return a
    .option('sizes', { type: 'string', default: '3..9', describe: 'board sizes M: 3..9, 3,5,7 or mixed (3..5,8)' })
    .option('per-tier', { type: 'number', default: 25, describe: 'base puzzles per tier and size' })
    .option('variants', { type: 'number', default: 3, describe: 'variants (mirrors, relabellings) stored per base puzzle' })
    .option('seed', { type: 'number', default: 1, describe: 'seed: the same seed and options build the same catalog' })
    .option('jobs', { type: 'number', default: availableParallelism(), describe: 'worker threads (does not change the result)' })
    .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file (created if missing)' })
    .option('tiers', { type: 'string', describe: 'tier thresholds file [default: data/tiers.json of the package]' })
    .option('max-attempts', { type: 'number', default: DEFAULT_MAX_ATTEMPTS, describe: 'deals tried per slot before it is rejected' })
    .option('max-slots', { type: 'number', describe: 'slots per size before giving up on it [default: max(1000, 100 × per-tier)]' })
    .option('method', {
      choices: METHOD_CHOICES,
      default: 'auto' as MethodChoice,
      describe: 'how boards are made: rejection (deal until unique, M ≤ 14), repair (deal, then mend the deal), auto (rejection up to M=12, repair above)',
    })
    .option('tier-by', {
      choices: TIER_MEASURES,
      default: 'nodes' as TierMeasure,
      describe:
        'what the tiers cut: nodes (reference search nodes, cut by the tiers file), grade (the human grade: easy singles, normal intersections, hard duplicates/parity, expert sets/chains/search) or score (the grade score, cut by the tiers file\'s "scores")',
    })
    .option('grade', {
      type: 'string',
      describe:
        'keep only puzzles of this human grade: a band, easy|normal|hard|expert, or one level, singles|intersections|duplicates|parity|sets|chains|search (see dominosa generate --help)',
    })
    .option('timeout', {
      type: 'number',
      describe: 'stop after this many seconds of wall time (per run): committed slots are kept, exit 1; rerun to continue',
    })
    .option('shard', {
      type: 'string',
      describe: 'build only shard i/N of the slots (slots i, i+N, ...) into its own catalog, for dominosa merge',
    })
    .option('dry-run', {
      type: 'boolean',
      default: false,
      describe: 'check the options, the tiers file and the catalog path, say what would be built, and build nothing',
    })
    .option('batch-size', { type: 'number', default: 64, hidden: true });
}

type BuildArgv = ReturnType<ReturnType<typeof buildArgs>['parseSync']>;

/** The run's BuildOptions from build's parsed options; a malformed --sizes, --shard or --grade is one line, exit 2. */
export function buildOptionsOf(v: BuildArgv, signal?: AbortSignal): BuildOptions {
  return {
    // A repeated --sizes arrives as an array: the sizes add up.
    sizes: parseSizeList([v.sizes].flat().join(',')),
    perTier: v['per-tier'],
    variants: v.variants,
    seed: v.seed,
    jobs: v.jobs,
    db: v.db,
    tiersFile: v.tiers ?? packagedTiersFile(),
    maxAttempts: v['max-attempts'],
    maxSlots: v['max-slots'],
    batchSize: v['batch-size'],
    signal,
    method: v.method,
    tierBy: v['tier-by'],
    grade: v.grade === undefined ? undefined : gradeTargetOption(String(v.grade)),
    timeoutMs: v.timeout === undefined ? undefined : v.timeout * 1000,
    shard: v.shard === undefined ? undefined : parseShard(String(v.shard)),
  };
}

/** `dominosa build ARGS` (without the verb) as BuildOptions, parsed as the command line would be, built nothing. */
export function parseBuildArgs(args: readonly string[]): BuildOptions {
  return buildOptionsOf(parseOnly(args, buildArgs));
}

export function buildCommand(y: Argv): Argv {
  return y.command(
    'build',
    'Generate puzzles proven unique, grade them into tiers and store them (with variants) in the catalog. Resumable: rerun the same command.',
    (a) =>
      buildArgs(a)
        .example('$0 build', 'sizes 3..9, 25 per tier, into data/catalog.sqlite')
        .example('$0 build --sizes 3..5 --per-tier 5 --db small.sqlite', 'a small catalog')
        .example('$0 build --sizes 20,30 --per-tier 10 --timeout 600', 'large boards, at most ten minutes')
        .example('$0 build --shard 0/4 --max-slots 4000 --db shard0.sqlite', 'one of four shards (see dominosa merge)'),
    async (v) => {
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const [{ checkBuild, runBuild }, { createProgress }] = await Promise.all([
        import('../../pipeline/build/build.js'),
        import('../../pipeline/progress.js'),
      ]);
      const controller = new AbortController();
      // The first Ctrl-C stops the build cleanly; the handler is gone after it, so a second
      // one ends the process at once (the catalog stays consistent: batches are transactions).
      const onInterrupt = (): void => controller.abort();
      // Options are checked before the handler goes in, and runBuild checks the rest before
      // touching the catalog.
      const options = buildOptionsOf(v, controller.signal);
      if (v['dry-run']) {
        const { keyOptions: k, maxSlots } = checkBuild(options);
        const slice = k.shard ? `, shard ${k.shard.index}/${k.shard.count}` : '';
        process.stderr.write(
          `dominosa: would build M=${k.sizes.join(',')}, ${k.perTier} per tier, ${k.variants} variants, seed ${k.seed}, ` +
            `tiers by ${options.tierBy ?? 'nodes'}${slice}, up to ${maxSlots} slots per size, into ${options.db}; nothing was built (--dry-run)\n`,
        );
        process.exitCode = 0;
        return;
      }
      const progress = createProgress();
      process.once('SIGINT', onInterrupt);
      let result;
      try {
        result = await runBuild(options, progress);
        progress.finish(result.summary);
      } catch (e) {
        progress.finish(null);
        throw e;
      } finally {
        process.removeListener('SIGINT', onInterrupt);
      }
      switch (result.status) {
        case 'already-finished':
          process.stderr.write(`dominosa: this build already finished in ${v.db} (build ${result.buildId}); nothing to do\n`);
          process.exitCode = 0;
          return;
        case 'finished':
          process.exitCode = 0;
          return;
        case 'interrupted':
          process.stderr.write(`dominosa: build stopped; committed slots are kept. Rerun the same command to resume.\n`);
          process.exitCode = EXIT_INTERRUPTED;
          return;
        case 'timed-out':
          throw new UserError(
            `the --timeout budget of ${v.timeout} s ran out; committed slots are kept. Rerun the same command to continue.`,
            EXIT_FAILED_CHECK,
          );
        case 'incomplete':
          throw new UserError(
            `size${result.exhausted.length > 1 ? 's' : ''} ${result.exhausted.map((m) => `M=${m}`).join(', ')} ran out of slots ` +
              `before every tier held ${options.perTier} puzzles; what was found is kept. Rerun with a larger --max-slots to continue.`,
            EXIT_FAILED_CHECK,
          );
      }
    },
  );
}
