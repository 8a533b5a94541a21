// Catalogs holding rows of every registered kind, for the tests that run one body over every kind
// through the command line (test/cli/audit/every-kind.test.ts, tune's), and what each kind's rows
// there are: each kind puts a few small sizes' rows in, as its build makes them. A kind registered
// by a test adds its own with addKindRows; a kind without them fails the tests that loop over
// kinds, naming it.
import type { TiersFile } from '../../pipeline/build/thresholds.js';
import { allKinds, type KindName } from '../../src/kinds.js';
import type { Quantiles } from '../../src/rank/cuts.js';
import type { TierMeasure } from '../../src/rank/rule.js';
import type { Thresholds } from '../../src/rank/tiers.js';
import { addSudominoRows } from '../sudomino/catalog-rows.js';
import { buildSmallCatalog } from './catalog.js';

export interface KindRows {
  /** Put the kind's rows in the catalog at `path`: the first kind's fill makes the file, the others add to it. */
  fill(path: string): void;
  /** Of the sizes fill puts in: one, all of them as tune lists them, and a size of the kind it does not. */
  sizes: { held: string; holds: string; absent: string };
  /** Put in rows whose tiers lie apart on what the kind's tune cuts, so that its proposed cuts can be applied. */
  fillTunable(path: string): void;
  /** What tune is asked beyond the defaults when its cuts are applied to them (cuts that move some rows, where the kind's can). */
  tuneAsk: { quantiles?: Quantiles };
  /** The cuts a thresholds file holds for one of the kind's sizes on `measure`, where tune --apply writes them. */
  cutsIn(file: TiersFile, size: string, measure: TierMeasure): Thresholds | undefined;
}

// Sudomino's tunable rows: per tier, the reference nodes its kept bases lie in, ranges that do not overlap.
const SEPARABLE: Record<string, [number, number]> = {
  easy: [1, 1],
  normal: [2, 9],
  hard: [10, 11],
  expert: [12, Infinity],
};

const samples = new Map<KindName, KindRows>([
  [
    'dominosa',
    {
      fill: (path) => buildSmallCatalog(path, '3'),
      sizes: { held: '3', holds: '3', absent: '7' },
      fillTunable: (path) => buildSmallCatalog(path),
      // The default quantiles propose M = 3's packaged cuts again; these move some bases.
      tuneAsk: { quantiles: [0.4, 0.7, 0.9] },
      cutsIn: (file, size, measure) =>
        ({ nodes: file.table, grade: file.grade, score: file.scores })[measure][Number(size)],
    },
  ],
  [
    'sudomino',
    {
      // Seed 2's three bases a tier hold Sudomino's guardrail (seed 1's do not: see test/cli/audit/sudomino.test.ts).
      fill: (path) => void addSudominoRows(path, { shape: '8x8:6', seed: 2, slots: 12, variants: 1 }),
      sizes: { held: '8x8:6', holds: '8x8:6', absent: '6x6:4' },
      fillTunable: (path) =>
        void addSudominoRows(path, {
          shape: '8x8:6',
          seed: 2,
          slots: 24,
          variants: 1,
          keep: (m) => m.nodes >= SEPARABLE[m.tier][0] && m.nodes <= SEPARABLE[m.tier][1],
        }),
      // Its cuts are the tiers' ranges, which move no row: it takes no quantiles.
      tuneAsk: {},
      cutsIn: (file, size, measure) => (measure === 'grade' ? file.kinds?.sudomino?.grade[size] : undefined),
    },
  ],
]);

/** What a kind's rows in these catalogs are; a kind without them is a test's omission, named. */
export function rowsOf(kind: KindName): KindRows {
  const s = samples.get(kind);
  if (s === undefined) throw new Error(`no catalog rows for kind ${kind}: add them with addKindRows`);
  return s;
}

/**
 * Fill the catalog at `path` (not there yet) with rows of every registered kind but `except`, in
 * registration order; `tunable`: rows each kind's tune can apply its cuts to.
 */
export function catalogOfEveryKind(path: string, o: { except?: KindName; tunable?: boolean } = {}): void {
  for (const kind of allKinds()) {
    if (kind.name === o.except) continue;
    const rows = rowsOf(kind.name);
    if (o.tunable === true) rows.fillTunable(path);
    else rows.fill(path);
  }
}

/** How a kind a test registers puts its rows in such catalogs. */
export function addKindRows(kind: KindName, rows: KindRows): void {
  samples.set(kind, rows);
}
