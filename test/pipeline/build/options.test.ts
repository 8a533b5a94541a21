// build's option check, called directly: every out-of-range option is refused with a line that
// names it, and the defaults pass.
import { describe, expect, it } from 'vitest';
import { checkBuildOptions, type BuildOptions } from '../../../pipeline/build/options.js';
import { UserError } from '../../../pipeline/runtime/errors.js';

const ok: BuildOptions = {
  sizes: ['3', '4'],
  perTier: 2,
  variants: 1,
  seed: 1,
  jobs: 2,
  db: 'x.sqlite',
  tiersFile: 't.json',
  maxAttempts: 10,
};

describe('checkBuildOptions', () => {
  it('passes sound options', () => {
    expect(() => checkBuildOptions(ok)).not.toThrow();
    expect(() =>
      checkBuildOptions({ ...ok, shard: { index: 1, count: 2 }, method: 'repair', timeoutMs: 5 }),
    ).not.toThrow();
  });

  const bad: [string, Partial<BuildOptions>, RegExp][] = [
    ['no sizes', { sizes: [] }, /no sizes/],
    ['a size below 1', { sizes: ['0'] }, /a size must be a whole number ≥ 1/],
    ['a fractional per-tier', { perTier: 1.5 }, /--per-tier/],
    ['negative variants', { variants: -1 }, /--variants/],
    ['an unsafe seed', { seed: 2 ** 60 }, /--seed/],
    ['too many jobs', { jobs: 65 }, /--jobs must be at most 64/],
    ['no attempts', { maxAttempts: 0 }, /--max-attempts/],
    ['rejection at a large size', { method: 'rejection', sizes: ['20'] }, /--method rejection supports M ≤/],
    ['repair at M = 1', { method: 'repair', sizes: ['1'] }, /--method repair needs sizes M ≥ 2/],
    ['a zero time limit', { timeoutMs: 0 }, /--time-limit/],
    ['a shard index out of range', { shard: { index: 2, count: 2 } }, /--shard must be i\/N/],
  ];
  for (const [what, patch, message] of bad) {
    it(`refuses ${what}`, () => {
      let err: unknown;
      try {
        checkBuildOptions({ ...ok, ...patch });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UserError);
      expect((err as Error).message).toMatch(message);
    });
  }
});
