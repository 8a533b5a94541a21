// A small build of every kind the command line knows, for the test bodies that run one behaviour of
// `build` over the registered kinds (test/cli/build/every-kind.test.ts): its options, what it
// keeps, where a fault point kills it, what a rerun says and which options the kind refuses. A
// registered kind without one fails those tests, naming it.
import type { KindName } from '../../src/kinds.js';

export interface KindBuildSample {
  /** Its sizes' keys; bases a tier at each size; variants a base; the seed. */
  sizes: string[];
  perTier: number;
  variants: number;
  seed: number;
  /** Its other options (how it tiers, how many slots a size may take, how many a commit holds). */
  extra: string[];
  /**
   * Fault points (DOMINOSA_FAULT=kill:<point>) that kill it in turn, at --jobs `jobs`; the first
   * leaves a prefix of `kept` committed, `atLeast` of them, as the size key and slot of each.
   */
  kills: { points: string[]; jobs: string; kept: [string, number][]; atLeast: number };
  /** What a rerun of the finished build says of the catalog (the kind's words for its sizes). */
  finished: RegExp;
  /** Options the kind refuses: what, the options, the one line; a refused run is given `defaults` it does not name. */
  refusals: { what: string; args: string[]; line: RegExp }[];
  defaults: string[][];
}

/** The options of a build of the sample, with `--kind` and `--seed` (another seed: another build). */
export function buildArgs(kind: KindName, s: KindBuildSample, seed = s.seed): string[] {
  const o = ['--sizes', s.sizes.join(','), '--per-tier', String(s.perTier), '--variants', String(s.variants)];
  return ['build', '--kind', kind, ...o, '--seed', String(seed), ...s.extra];
}

const SAMPLES: Readonly<Record<string, KindBuildSample>> = {
  dominosa: {
    sizes: ['3', '4'],
    perTier: 3,
    variants: 2,
    seed: 1,
    // Cut by the package's data/tiers.json on nodes, which hold three a tier at M = 3 and 4.
    extra: ['--tier-by', 'nodes', '--batch-size', '4'],
    // Killed inside the commit that holds slot 4 of M = 3: the batches before it stay (at most
    // --batch-size 4 slots each, so slot 0 is in one), that one rolls back.
    kills: { points: ['commit:3:4'], jobs: '1', kept: [0, 1, 2, 3].map((k) => ['3', k]), atLeast: 1 },
    finished: /already finished .*M = 3.*nothing to do/,
    refusals: [
      // A size without cuts up to M = 30 is calibrated (build-any-size.test.ts); above, refused.
      {
        what: 'a size above M = 30 without grade-band ranges',
        args: ['--sizes', '3,31'],
        line: /no grade cuts for M=31 in .*sample-cuts/,
      },
      {
        what: 'a size above M = 30 without node thresholds',
        args: ['--sizes', '3,31', '--tier-by', 'nodes'],
        line: /no nodes cuts for M=31 /,
      },
      { what: 'a malformed size list', args: ['--sizes', '3..x'], line: /--sizes/ },
      { what: 'a backwards range', args: ['--sizes', '5..3'], line: /backwards/ },
      { what: '--per-tier 0', args: ['--per-tier', '0'], line: /--per-tier/ },
      { what: '--per-tier not a number', args: ['--per-tier', 'many'], line: /--per-tier/ },
      { what: '--jobs 0', args: ['--jobs', '0'], line: /--jobs/ },
      { what: '--variants -1', args: ['--variants', '-1'], line: /--variants/ },
      { what: 'a missing tiers file', args: ['--thresholds', '/nonexistent/tiers.json'], line: /tiers file/ },
      { what: 'an unknown grade target', args: ['--grade', 'fiendish'], line: /^dominosa: --grade: / },
      { what: 'an unknown tier measure', args: ['--tier-by', 'mood'], line: /tier-by/ },
      // Tier requests no puzzle can satisfy fail before any slot runs, naming size, tier and why.
      {
        what: 'a grade target beyond every tier',
        args: ['--grade', 'lookahead'],
        line: /^dominosa: M=3: no tier holds grade lookahead puzzles, which are beyond Extreme/,
      },
      {
        what: 'a grade target the first node tier cannot hold',
        args: ['--grade', 'expert', '--tier-by', 'nodes'],
        line: /^dominosa: M=3: the easy tier \(reference nodes 0\.\.1\) holds only puzzles that singles settle, none of grade expert/,
      },
    ],
    defaults: [['--sizes', '3']],
  },
  sudomino: {
    sizes: ['6x6:4', '8x8:6'],
    perTier: 2,
    variants: 1,
    seed: 3,
    extra: ['--max-slots', '200', '--batch-size', '2'],
    // Both shapes need at least eight slots, and batches hold two: each kill lands before the slot
    // it names is committed. The first keeps slots 0..3 at least; the batch timer may also have
    // committed slot 4 on its own (a loaded machine), never slot 5, whose commit it kills.
    kills: {
      points: ['commit:6x6:4:5', 'slot:8x8:6:3'],
      jobs: '2',
      kept: [0, 1, 2, 3, 4].map((k) => ['6x6:4', k]),
      atLeast: 4,
    },
    finished: /already finished .*Sudomino puzzles of 6x6:4, 8x8:6.*nothing to do/,
    refusals: [
      { what: '--sizes 8x8:0', args: ['--sizes', '8x8:0'], line: /--sizes: shape 8x8:0: N must be/ },
      { what: '--sizes 8y8', args: ['--sizes', '8y8'], line: /--sizes: "8y8" is not a shape/ },
      {
        what: '--sizes 8x8:6 --method repair',
        args: ['--sizes', '8x8:6', '--method', 'repair'],
        line: /--method: not for Sudomino/,
      },
      {
        what: '--sizes 8x8:6 --tier-by nodes',
        args: ['--sizes', '8x8:6', '--tier-by', 'nodes'],
        line: /--tier-by: not for Sudomino/,
      },
    ],
    defaults: [],
  },
};

/** The sample build of a kind; a kind without one is a test's omission, named. */
export function buildOf(kind: KindName): KindBuildSample {
  if (!Object.hasOwn(SAMPLES, kind)) throw new Error(`no sample build of kind ${kind} (add one to kind-builds.ts)`);
  return SAMPLES[kind];
}

/** The options a kind refuses, for naming a test each; none without a sample, whose other tests then fail, naming it. */
export function refusalsOf(kind: KindName): KindBuildSample['refusals'] {
  return Object.hasOwn(SAMPLES, kind) ? SAMPLES[kind].refusals : [];
}
