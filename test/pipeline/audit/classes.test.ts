// Audit hands a base and its variants to one task, and a worker proves a variant by its base's
// image only when that base passed every check earlier in the same task: tasks are never cut
// inside a class and still close at the first item past BATCH or BATCH_COST; the worker tells a
// variant its base was proven exactly then.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { auditCost, BATCH, BATCH_COST, costBatches, sameClass } from '../../../pipeline/audit/audit.js';
import { ItemChecker, type AuditItem } from '../../../pipeline/audit/item-check.js';
import auditBatch from '../../../pipeline/audit/worker.js';
import type { StoredPuzzle } from '../../../src/catalog/check.js';
import { kindNamed } from '../../../src/kinds.js';
import { seal, storedSample } from '../../helpers/stored-rows.js';

/** Items standing for rows: a base of size m with its variants right after it, ids ascending. */
function classes(shapes: { m: number; variants: number }[]): AuditItem[] {
  const out: AuditItem[] = [];
  let id = 1;
  for (const { m, variants } of shapes) {
    const base = id;
    const row = (own: number, baseId: number | null) =>
      ({ id: own, base_id: baseId, rows: m + 1, cols: m + 2 }) as unknown as StoredPuzzle;
    out.push({ puzzle: row(id++, null), base: null, rule: null, solverVersion: null, graderVersion: null });
    for (let v = 0; v < variants; v++)
      out.push({ puzzle: row(id++, base), base: null, rule: null, solverVersion: null, graderVersion: null });
  }
  return out;
}

const cost = (it: AuditItem): number => auditCost(it.puzzle);

describe('costBatches by class', () => {
  it('keeps every item once, in order, never cuts a class, and closes at the first item past the limits', () => {
    const shape = fc.record({ m: fc.integer({ min: 1, max: 60 }), variants: fc.integer({ min: 0, max: 7 }) });
    fc.assert(
      fc.property(fc.array(shape, { maxLength: 120 }), (shapes) => {
        const items = classes(shapes);
        const batches = [...costBatches(items, cost, sameClass)];
        expect(batches.flat()).toEqual(items);
        for (const [i, b] of batches.entries()) {
          expect(b.length).toBeGreaterThan(0);
          // A task starts at a base: its class is whole in it.
          expect(b[0].puzzle.base_id).toBeNull();
          if (i === batches.length - 1) continue;
          // It was full at item k, and everything after k is of k's class.
          let sum = 0;
          const k = b.findIndex((it, j) => (sum += cost(it)) >= BATCH_COST || j + 1 >= BATCH);
          expect(k).toBeGreaterThanOrEqual(0);
          for (let j = k + 1; j < b.length; j++) expect(sameClass(b[j], b[j - 1])).toBe(true);
        }
      }),
    );
  });

  it('joins a variant to its base or a sibling only', () => {
    const [base, v1, v2, other] = classes([
      { m: 3, variants: 2 },
      { m: 3, variants: 0 },
    ]);
    expect(sameClass(v1, base)).toBe(true);
    expect(sameClass(v2, v1)).toBe(true);
    expect(sameClass(base, other)).toBe(false);
    expect(sameClass(other, v2)).toBe(false);
    expect(sameClass(v1, other)).toBe(false);
  });
});

describe("the audit worker's proven bases", () => {
  /** Which puzzles of the task were told their base was proven. */
  function told(puzzles: [StoredPuzzle, StoredPuzzle | null][]): number[] {
    const spy = vi.spyOn(ItemChecker.prototype, 'check');
    const { rule } = storedSample('dominosa');
    const { versions } = kindNamed('dominosa').checks;
    const items = puzzles.map(([puzzle, base]) => ({
      puzzle,
      base,
      rule,
      solverVersion: versions.reference,
      graderVersion: versions.grader,
    }));
    auditBatch({ items, timeLimitMs: undefined });
    const ids = spy.mock.calls.filter((c) => c[2] === true).map((c) => c[0].puzzle.id);
    spy.mockRestore();
    return ids;
  }

  it('proves the variants of a base that passed every check earlier in the task, and no others', () => {
    const { base, variants, other } = storedSample('dominosa');
    const [v1, v2] = variants;
    expect(
      told([
        [base, null],
        [v1, base],
        [other, null],
        [v2, base],
      ]),
    ).toEqual([v1.id, v2.id]);
    // Its base after it, or in another task: proved whole.
    expect(
      told([
        [v1, base],
        [base, null],
      ]),
    ).toEqual([]);
    expect(told([[v1, base]])).toEqual([]);
    // A base that failed a check (its score, resealed) proves nothing.
    const wrong = seal({ ...base, score: base.score + 0.5 });
    expect(
      told([
        [wrong, null],
        [v1, wrong],
      ]),
    ).toEqual([]);
  });
});
