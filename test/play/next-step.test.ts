// Tests for src/play/next-step.ts over random logs of effects: the hint is the first step that
// writes, what it writes is that step's, and `before` holds exactly the unseen steps ahead of it,
// in order; a log with no writing step gives no hint.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextStep, type StepEffect } from '../../src/play/next-step.js';

const effect = fc.oneof(
  fc.constant<StepEffect<number>>('done'),
  fc.constant<StepEffect<number>>('unseen'),
  fc.nat().map<StepEffect<number>>((w) => ({ writes: w })),
);

describe('nextStep', () => {
  it('stops at the first step that writes and names the unseen steps before it', () => {
    fc.assert(
      fc.property(fc.array(effect, { maxLength: 30 }), (log) => {
        let looked = 0;
        const got = nextStep(log, (e) => {
          looked++;
          return e;
        });
        const at = log.findIndex((e) => typeof e === 'object');
        if (at < 0) {
          expect(got).toBeNull();
          return;
        }
        const unseen = log.flatMap((e, i) => (i < at && e === 'unseen' ? [i] : []));
        expect(got).toEqual({ index: at, writes: (log[at] as { writes: number }).writes, before: unseen });
        // Nothing after the hint is looked at: a later step may stand on what this one writes.
        expect(looked).toBe(at + 1);
      }),
    );
  });
});
