// Tests for pipeline/build/key.ts (with Dominosa's key options, src/dominosa/make/build-key.ts):
// a build whose slots share aims keys differently from one that aims at one tier per slot, and
// the refusal names the aims, once per run of equal ones; a build whose cuts a tune changed is
// still found by its options.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildKey, describeDifferences, sameBuildButCuts } from '../../../pipeline/build/key.js';
import type { BuildOptions } from '../../../pipeline/build/options.js';
import { buildKeyOptions } from '../../../src/dominosa/make/build-key.js';

const options: BuildOptions = {
  sizes: ['3'],
  perTier: 2,
  variants: 0,
  seed: 1,
  jobs: 1,
  db: '',
  tiersFile: '',
  maxAttempts: 100,
  tierBy: 'grade',
};
const table = { 3: { measure: 'grade' as const, th: { t1: 3, t2: 4, t3: 5 } } };

describe('build keys and shared aims', () => {
  it('record shared aims, and name them in turn when they differ', () => {
    const alone = buildKeyOptions(options, table);
    const shared = buildKeyOptions(
      options,
      table,
      undefined,
      undefined,
      new Map([['3', [['easy'], ['normal'], ['hard', 'expert'], ['hard', 'expert']]]]),
    );
    expect(alone.aims).toBeUndefined();
    expect(buildKey(shared)).not.toBe(buildKey(alone));
    expect(describeDifferences(shared, JSON.stringify(alone))).toBe(
      "the aims M=3 easy normal hard+expert x2 (the catalog's: one tier per slot)",
    );
    expect(describeDifferences(alone, JSON.stringify(alone))).toBe('');
  });
});

describe('the same build with tuned cuts (sameBuildButCuts)', () => {
  const cuts = fc.record({
    t1: fc.integer({ min: 0, max: 50 }),
    t2: fc.integer({ min: 51, max: 100 }),
    t3: fc.integer({ min: 101, max: 200 }),
  });
  const run = fc.record({
    seed: fc.integer({ min: 0, max: 1000 }),
    perTier: fc.integer({ min: 1, max: 50 }),
    variants: fc.integer({ min: 0, max: 5 }),
    shard: fc.option(fc.constant({ index: 0, count: 2 }), { nil: undefined }),
    maxSlots: fc.integer({ min: 1, max: 5000 }),
  });

  it('matches a recorded build whatever its cuts and (unsharded) slot budget, and nothing that differs in an option', () => {
    fc.assert(
      fc.property(run, cuts, cuts, fc.integer({ min: 1, max: 5000 }), (r, mine, theirs, budget) => {
        const o: BuildOptions = {
          ...options,
          seed: r.seed,
          perTier: r.perTier,
          variants: r.variants,
          shard: r.shard,
          maxSlots: r.maxSlots,
        };
        const key = buildKeyOptions(o, { 3: { measure: 'grade', th: mine } });
        // As runBuild records it: the key's options and the slot budget of the run.
        const recorded = (k: typeof key, maxSlots: number): string => JSON.stringify({ ...k, maxSlots });
        const tuned = buildKeyOptions(o, { 3: { measure: 'grade', th: theirs } });
        expect(sameBuildButCuts(key, recorded(tuned, r.maxSlots))).toBe(true);
        // An unsharded build's budget is no part of what it keeps; a shard's is.
        expect(sameBuildButCuts(key, recorded(tuned, budget))).toBe(r.shard === undefined || budget === r.maxSlots);
        const other = buildKeyOptions({ ...o, seed: r.seed + 1 }, { 3: { measure: 'grade', th: theirs } });
        expect(sameBuildButCuts(key, recorded(other, r.maxSlots))).toBe(false);
      }),
    );
  });

  it('matches no recorded options that are not an object', () => {
    const key = buildKeyOptions(options, table);
    for (const recorded of ['null', '3', 'not json', '"text"']) expect(sameBuildButCuts(key, recorded)).toBe(false);
  });
});
