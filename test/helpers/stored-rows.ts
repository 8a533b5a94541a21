// Sound stored rows of each kind, made as its build makes them, for the tests that run one body
// over every registered kind (test/catalog/check.test.ts, verdict.test.ts): a base with its
// variants and a second base of the same size, and the rule of their size. A kind registered by a
// test adds its own with addStoredSample; a kind without one fails the tests that loop over kinds.
import { gridText, solutionText } from '../../src/dominosa/stored.js';
import { rowChecksum } from '../../src/catalog/checksum.js';
import type { StoredPuzzle } from '../../src/catalog/check.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { makeVariants } from '../../src/dominosa/make/variants.js';
import { storedGrade } from '../../src/dominosa/rank/stored.js';
import type { KindName } from '../../src/kinds.js';
import type { TierRule } from '../../src/rank/rule.js';
import { TIERS, tierOf, type Thresholds } from '../../src/rank/tiers.js';
import { Grader } from '../../src/sudomino/grade/ladder.js';
import { makeCatalogSlot } from '../../src/sudomino/make/catalog-slot.js';
import { Solver } from '../../src/sudomino/solve/solver.js';

export interface StoredSample {
  /** A base (id 1) and its variants (ids 2, 3, ...). */
  base: StoredPuzzle;
  variants: StoredPuzzle[];
  /** Another base of the same size (id 10). */
  other: StoredPuzzle;
  /** Their size's key (the catalog's shape column). */
  size: string;
  /** The current rule of their size, under which their stored tiers hold. */
  rule: TierRule;
}

/** The row with its checksum renewed: a tamperer who knows the checksum, so the checks behind it are tested. */
export function seal<T extends StoredPuzzle>(p: T): T {
  return { ...p, checksum: rowChecksum(p) };
}

/** Dominosa: M = 5 slots of seed 5, tiered by nodes under fixed cuts, three variants each. */
const TH: Thresholds = { t1: 3, t2: 8, t3: 15 };
const DOMINOSA_RULE: TierRule = { measure: 'nodes', th: TH };

/** Base puzzle `id` (slot k of size m, seed 5) and its `variants` variants with ids id+1, ... */
export function dominosaRows(m: number, k: number, id: number, variants = 3, gen = new Generator()): StoredPuzzle[] {
  const r = gen.generateSlot(5, m, k);
  if (!r.ok) throw new Error(r.reason);
  const p = r.puzzle;
  const base: StoredPuzzle = {
    id,
    kind: 'dominosa',
    m,
    rows: m + 1,
    cols: m + 2,
    grid: gridText(p.board),
    solution: solutionText(p.solution, p.board.rows, p.board.cols),
    tier: tierOf(p.nodes, TH),
    nodes: p.nodes,
    score: storedGrade(p.board).score,
    attempts: p.attempts,
    canonical_hash: p.canonicalHash,
    base_id: null,
    transform: null,
    seed: 5,
    slot: k,
    method: p.method,
    checksum: '',
  };
  const own = makeVariants(p, 5, k, variants).map((v, i) => ({
    ...base,
    id: id + 1 + i,
    grid: gridText(v.board),
    solution: v.solutionText,
    base_id: id,
    transform: v.transform,
  }));
  return [base, ...own].map(seal);
}

/** Sudomino: 6x6:5 slots of seed 7 as a build's worker makes them, under the score cuts a build records. */
const SHAPE = { rows: 6, cols: 6, values: 5 };
const SUDOMINO_RULE: TierRule = { measure: 'score', th: { t1: 2, t2: 3, t3: 4 } };

/** The base (`id`) and variants (id+1, ...) of slot `slot` of 6x6:5, seed 7, aimed at tier `slot` mod 4. */
export function sudominoRows(slot: number, id: number, variants = 1): StoredPuzzle[] {
  const solver = new Solver();
  const grader = new Grader();
  const made = makeCatalogSlot(7, SHAPE, slot, TIERS[slot % TIERS.length], variants, 400, solver, grader);
  if (made === null || made.variants.length < variants) throw new Error(`no Sudomino slot ${slot}`);
  const base: StoredPuzzle = {
    id,
    kind: 'sudomino',
    m: SHAPE.values,
    rows: SHAPE.rows,
    cols: SHAPE.cols,
    grid: made.base.grid,
    solution: made.base.solution,
    tier: made.tier,
    nodes: made.nodes,
    score: made.score,
    attempts: made.attempts,
    canonical_hash: made.canonicalHash,
    base_id: null,
    transform: null,
    seed: 7,
    slot,
    method: 'tiered',
    checksum: '',
  };
  const own = made.variants.map((v, i) => ({
    ...base,
    id: id + 1 + i,
    grid: v.grid,
    solution: v.solution,
    base_id: id,
    transform: v.transform,
  }));
  return [base, ...own].map(seal);
}

const makers = new Map<KindName, () => StoredSample>([
  [
    'dominosa',
    () => {
      const [base, ...variants] = dominosaRows(5, 3, 1);
      return { base, variants, other: dominosaRows(5, 4, 10, 0)[0], size: '5', rule: DOMINOSA_RULE };
    },
  ],
  [
    'sudomino',
    () => {
      const [base, ...variants] = sudominoRows(1, 1, 2);
      return { base, variants, other: sudominoRows(2, 10, 0)[0], size: '6x6:5', rule: SUDOMINO_RULE };
    },
  ],
]);
const made = new Map<KindName, StoredSample>();

/** The sample rows of a kind (made once); a kind without a maker is a test's omission. */
export function storedSample(kind: KindName): StoredSample {
  let s = made.get(kind);
  if (s === undefined) {
    const make = makers.get(kind);
    if (make === undefined) throw new Error(`no stored sample rows for kind ${kind}: add them with addStoredSample`);
    s = make();
    made.set(kind, s);
  }
  return s;
}

/** Sample rows for a kind a test registers. */
export function addStoredSample(kind: KindName, make: () => StoredSample): void {
  makers.set(kind, make);
}
