// `dominosa audit`, what only Sudomino's rows show (every-kind.test.ts runs what every kind
// shares): each shape's guardrail, the median reference nodes of its tiers, in the JSON report and
// as a line of the text report, which says which tiers hold too few bases to be judged.
import { describe, expect, it } from 'vitest';
import { freshCatalogs } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';
import { addSudominoRows } from '../../sudomino/catalog-rows.js';
import { GUARDRAIL_MIN_BASES } from '../../../src/sudomino/check.js';

const fresh = freshCatalogs();

describe("audit of a catalog's Sudomino rows", () => {
  it("reports each shape's tiers' median reference nodes in its JSON, and passes", () => {
    const path = fresh();
    // Seed 2's three bases a tier hold the guardrail (seed 1's do not: see the next test).
    addSudominoRows(path, { shape: '8x8:6', seed: 2, slots: 12, variants: 1 });
    const r = cli(['audit', '--db', path, '--jobs', '2', '--json']);
    expect(r.code, r.stdout).toBe(0);
    const m = (tier: string, median: number) => ({ tier, count: 3, median });
    expect((JSON.parse(r.stdout) as { guardrails: unknown }).guardrails).toEqual([
      { shape: '8x8:6', medians: [m('easy', 1), m('normal', 9), m('hard', 9), m('expert', 12)] },
    ]);
  });

  it('a shape whose tiers hold a few bases each shows their medians, falling or not, without judging them', () => {
    const path = fresh();
    addSudominoRows(path, { shape: '8x8:6', seed: 1, slots: 12, variants: 0 });
    const r = cli(['audit', '--db', path, '--jobs', '2']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(
      `\nsudomino 8x8:6: median reference nodes easy 1 ≤ normal 3 ≤ hard 31 > expert 29 (not judged: easy, normal, hard, expert hold fewer than ${GUARDRAIL_MIN_BASES} bases)\n`,
    );
  });
});
