// What a build worker makes of one Sudomino slot: the tiered puzzle the slot aims at, its class
// hash, the measures stored with it (grade and reference nodes, taken on the class's board) and
// its variants, as catalog text and as the slot's answer (makeSlot). A function of (seed, shape,
// tier, slot) alone.
import { Interrupted } from '../../interrupted.js';
import { puzzleRecord } from '../../catalog/row.js';
import type { MadePuzzle, SlotResult, SlotSpec } from '../../catalog/slot.js';
import type { Tier } from '../../rank/tiers.js';
import { cellValues } from '../board.js';
import { canonicalOf, canonicalBoard } from '../canonical.js';
import type { Grader } from '../grade/ladder.js';
import { aimOf } from '../rank/catalog-rule.js';
import { referenceNodes, storedGrade } from '../rank/stored.js';
import { tierFor } from '../rank/tier-rule.js';
import { parseShape, type Shape } from '../shape.js';
import type { Solver } from '../solve/solver.js';
import { gridText, solutionText } from '../stored.js';
import type { ChecksummedRow } from '../../catalog/checksum.js';
import { sha256Hex } from '../../catalog/sha256.js';
import { makeTieredSlot } from './tiered.js';
import { makeVariants } from './variants.js';

export interface CatalogSlotVariant {
  grid: string;
  solution: string;
  /** encodeTransform's text of the transform from the base. */
  transform: string;
  nodes: number;
}

export interface CatalogSlot {
  /** Deals drawn before the kept one (1: the first fitted). */
  attempts: number;
  tier: Tier;
  level: number;
  score: number;
  /** Reference nodes, shared by the base and its variants. */
  nodes: number;
  canonicalHash: string;
  base: { rows: number; cols: number; grid: string; solution: string };
  variants: CatalogSlotVariant[];
}

/**
 * Slot `slot` of a shape, aimed at `tier`: null when no deal within maxAttempts needs exactly the
 * tier's level (a rejection). The stored grade is taken on the class's board, and makeTieredSlot
 * judged the tier on that board, so a different tier here is a bug and throws.
 */
export function makeCatalogSlot(
  seed: number,
  shape: Shape,
  slot: number,
  tier: Tier,
  variants: number,
  maxAttempts: number,
  solver: Solver,
  grader: Grader,
  interrupt?: () => boolean,
): CatalogSlot | null {
  const made = makeTieredSlot(seed, shape, tier, slot, maxAttempts, solver, grader, canonicalBoard, interrupt);
  if (made === null) return null;
  const { board, filling } = made;
  const canonical = canonicalOf(board);
  const grade = storedGrade(canonical.board, grader);
  if (grade.tier !== tier)
    throw new Error(`Sudomino slot ${slot} aimed at ${tier} but its class grades ${grade.tier ?? 'unsolved'}`);
  const nodes = referenceNodes(canonical.board, solver);
  const solution = cellValues(board, filling);
  return {
    attempts: made.attempts,
    tier,
    level: grade.level,
    score: grade.score,
    nodes,
    canonicalHash: sha256Hex(canonical.form),
    base: {
      rows: board.rows,
      cols: board.cols,
      grid: gridText(board),
      solution: solutionText(solution),
    },
    variants: makeVariants(board, solution, nodes, seed, slot, variants).map((v) => ({
      grid: gridText(v.board),
      solution: solutionText(v.solution),
      transform: v.transform,
      nodes: v.nodes,
    })),
  };
}

/** Where a made slot's rows sit in the catalog, beside what it made: its N, seed, slot, tier and method. */
export interface SlotPlace {
  values: number;
  seed: number;
  slot: number;
  /** The tier its shape's rule gives it (the aim, unless tune changed the cuts). */
  tier: Tier;
  method: string;
}

/** A made slot's catalog rows, every column but the ids, its base first: the variants share the class's measures. */
export function catalogSlotRows(made: CatalogSlot, at: SlotPlace): ChecksummedRow[] {
  const common = {
    kind: 'sudomino' as const,
    m: at.values,
    rows: made.base.rows,
    cols: made.base.cols,
    tier: at.tier,
    nodes: made.nodes,
    score: made.score,
    attempts: made.attempts,
    canonical_hash: made.canonicalHash,
    seed: at.seed,
    slot: at.slot,
    method: at.method,
  };
  return [
    { ...common, grid: made.base.grid, solution: made.base.solution, transform: null },
    ...made.variants.map((v) => ({ ...common, grid: v.grid, solution: v.solution, transform: v.transform })),
  ];
}

/** How the catalog's method column names a tiered Sudomino slot. */
const METHOD = 'tiered';

/**
 * A build's slot spec.slot of the shape spec.key, as its answer: slot k aims at aimOf(k),
 * and a slot aimed at a tier already full is not made (the build decides it tier-full).
 */
export function makeSlot(solver: Solver, grader: Grader, spec: SlotSpec): SlotResult {
  const { seed, slot, buildId, maxAttempts } = spec;
  const parsed = parseShape(spec.key);
  if (!parsed.ok) throw new Error(parsed.error);
  const shape = parsed.shape;
  const aim = aimOf(slot);
  if (spec.fullTiers.includes(aim)) return { ok: false, slot, attempts: 0, reason: `its tier, ${aim}, is full` };
  const timedOut: SlotResult = { ok: false, slot, attempts: 0, reason: 'the time budget ran out', timedOut: true };
  if (spec.interrupt?.() === true) return timedOut;
  let made: CatalogSlot | null;
  try {
    made = makeCatalogSlot(seed, shape, slot, aim, spec.variants, maxAttempts, solver, grader, spec.interrupt);
  } catch (e) {
    // The budget ran out inside the slot: no decision, as when it ran out before it.
    if (e instanceof Interrupted) return timedOut;
    throw e;
  }
  if (made === null)
    return { ok: false, slot, attempts: maxAttempts, reason: `no ${aim} puzzle in ${maxAttempts} deals` };
  const tier = tierFor({ score: made.score, nodes: made.nodes }, spec.rule);
  // No tier, or a full one: a rejection or a tier-full slot, whose rows are not needed.
  if (tier === null || spec.fullTiers.includes(tier)) {
    const puzzle: MadePuzzle = { attempts: made.attempts, tier, canonicalHash: made.canonicalHash, rows: null };
    return { ok: true, slot, puzzle };
  }
  const rows = catalogSlotRows(made, { values: shape.values, seed, slot, tier, method: METHOD }).map((r) =>
    puzzleRecord(r, { build_id: buildId }),
  );
  const puzzle: MadePuzzle = { attempts: made.attempts, tier, canonicalHash: made.canonicalHash, rows };
  return { ok: true, slot, puzzle };
}
