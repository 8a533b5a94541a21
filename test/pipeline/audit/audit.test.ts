// Audit's hand-out of work and its bar: tasks cut by cost, so a large board never waits in a
// batch behind others; the bar's line says how long so far and estimates only from progress.
import cliProgress from 'cli-progress';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditBarLine } from '../../../pipeline/audit/report.js';
import { auditCost, BATCH, BATCH_COST, costBatches } from '../../../pipeline/audit/audit.js';

const costOf = (m: number): number => auditCost({ rows: m + 1, cols: m + 2 });

describe('costBatches', () => {
  it('keeps every item once, in order, and closes a task at BATCH items or BATCH_COST', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 300 }), (ms) => {
        const batches = [...costBatches(ms, costOf)];
        expect(batches.flat()).toEqual(ms);
        for (const b of batches) {
          expect(b.length).toBeGreaterThan(0);
          expect(b.length).toBeLessThanOrEqual(BATCH);
          // Only the last item may take a task over its cost.
          const before = b.slice(0, -1).reduce((s, m) => s + costOf(m), 0);
          expect(before).toBeLessThan(BATCH_COST);
        }
      }),
    );
  });

  it('sends M = 50 boards one to a task and M = 9 boards 64 to a task', () => {
    const mixed = [...Array(10).fill(50), ...Array(200).fill(9), 31, 31];
    const sizes = [...costBatches(mixed, costOf)].map((b) => b.length);
    expect(sizes).toEqual([...Array(10).fill(1), 64, 64, 64, 8 + 1, 1]);
  });
});

describe('auditBarLine', () => {
  const o = {
    barsize: 10,
    barCompleteString: '#'.repeat(10),
    barIncompleteString: '-'.repeat(10),
    barGlue: '',
    autopaddingChar: ' ',
  } as cliProgress.Options;
  it('shows the time so far at once and no estimate before the first puzzle', () => {
    const line = auditBarLine('audit', { progress: 0, value: 0, total: 48, eta: 0, startTime: 0 }, 7_000, o);
    expect(line).toMatch(/^ audit \[-{10}\] 0\/48 puzzles \| +7s \| estimating time left$/);
  });
  it('estimates once puzzles are done', () => {
    const line = auditBarLine('audit', { progress: 0.5, value: 24, total: 48, eta: 30, startTime: 0 }, 30_000, o);
    expect(line).toMatch(/^ audit \[#{5}-{5}\] 24\/48 puzzles \| +30s \| +30s left$/);
    expect(
      auditBarLine('audit', { progress: 0.5, value: 24, total: 48, eta: 'INF', startTime: 0 }, 1_000, o),
    ).toContain('time left unknown');
  });
});
