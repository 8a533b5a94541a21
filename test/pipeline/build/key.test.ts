// Tests for pipeline/build/key.ts: a build whose slots share aims keys differently from one that
// aims at one tier per slot, and the refusal names the aims, once per run of equal ones.
import { describe, expect, it } from 'vitest';
import { buildKey, buildKeyOptions, describeDifferences } from '../../../pipeline/build/key.js';
import type { BuildOptions } from '../../../pipeline/build/options.js';

const options: BuildOptions = { sizes: [3], perTier: 2, variants: 0, seed: 1, jobs: 1, db: '', tiersFile: '', maxAttempts: 100, tierBy: 'grade' };
const table = { 3: { measure: 'grade' as const, th: { t1: 3, t2: 4, t3: 5 } } };

describe('build keys and shared aims', () => {
  it('record shared aims, and name them in turn when they differ', () => {
    const alone = buildKeyOptions(options, table);
    const shared = buildKeyOptions(options, table, undefined, undefined, new Map([[3, [['easy'], ['normal'], ['hard', 'expert'], ['hard', 'expert']]]]));
    expect(alone.aims).toBeUndefined();
    expect(buildKey(shared)).not.toBe(buildKey(alone));
    expect(describeDifferences(shared, JSON.stringify(alone))).toBe('the aims M=3 easy normal hard+expert x2 (the catalog\'s: one tier per slot)');
    expect(describeDifferences(alone, JSON.stringify(alone))).toBe('');
  });
});
