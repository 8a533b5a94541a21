// What `dominosa audit` proves about a stored Sudomino puzzle, through the per-puzzle skeleton of
// src/catalog/check.ts: checksum, a valid board, unique by the propagation solver and by clause
// learning, the stored solution is that one, reference nodes, grade, tier, class hash, and a
// variant is its base under its transform; and over a shape, the guardrail that tiers climb in
// reference nodes.
import type { Parsed } from '../parsed.js';
import { canonicalBoard, canonicalHash } from './canonical.js';
import { ClassMemo } from '../catalog/class-memo.js';
import type { Board } from './board.js';
import { GRADER_VERSION, Grader } from './grade/ladder.js';
import { referenceNodes, storedGrade, REFERENCE_VERSION } from './rank/stored.js';
import { tierFor } from './rank/tier-rule.js';
import { checkAnswer } from './solve/check.js';
import { countBySat, PROOF_VERSION } from './solve/satcount.js';
import { Solver } from './solve/solver.js';
import { boardFromStored, gridText, solutionFromStored } from './stored.js';
import { applyTransform, parseTransform, transformProblem, transformValues } from './transform.js';
import type { TierRule } from '../rank/rule.js';
import { TIERS, type Tier } from '../rank/tiers.js';
import {
  budgetGuard,
  checkStoredPuzzle,
  checkThresholdsPresent,
  checksumFailures,
  sharedFieldFailures,
  type CheckContext,
  type Failure,
  type FailureKind,
  type KindChecks,
  type SharedFields,
  type StoredPuzzle,
} from '../catalog/check.js';

/** How audit's catalog-wide messages and report name a shape: "sudomino 8x8:6". */
const shapeName = (shape: string): string => `sudomino ${shape}`;

/** Sudomino's check group (PuzzleKind.checks). */
export const checks: KindChecks = {
  checker() {
    const solver = new Solver();
    const grader = new Grader();
    const memo = new ClassMemo();
    return { check: (p, base, ctx) => checkPuzzle(p, base, { ...ctx, solver, grader, memo }) };
  },
  // Audit measures a Sudomino puzzle's nodes and grade again whatever version stored them.
  versions: {
    proof: PROOF_VERSION,
    reference: REFERENCE_VERSION,
    grader: GRADER_VERSION,
    remeasuresNodes: () => true,
    regrades: () => true,
  },
  // As solve gives a Sudomino board: no limit unless the user sets one.
  defaultTimeLimitMs: () => Infinity,
  defaultTimeLimit: null,
  catalog(facts) {
    // A build records each shape's rule; without one, every verb but audit refuses the catalog.
    const counts = facts.sizeCounts();
    const failures = checkThresholdsPresent(counts, facts.sizesWithThresholds(), shapeName);
    const shapes = [...counts.keys()].map((shape) => ({ shape, bases: facts.bases(shape) }));
    failures.push(...checkTierOrder(shapes));
    return {
      failures,
      guardrails: shapes.map((s) => ({
        name: shapeName(s.shape),
        shape: s.shape,
        medians: tierMedians(s.bases),
        minBases: GUARDRAIL_MIN_BASES,
      })),
    };
  },
  grade(p) {
    const board = readBoard(p);
    return board.ok ? { ok: true, value: storedGrade(board.value).score } : board;
  },
};

/**
 * A Sudomino puzzle's check context (a null rule: the tier is the grade's level's alone), with the
 * solver and grader, reused across calls for their buffers, and what is kept from one puzzle of a
 * class to the next (the caller owns them).
 */
export interface PuzzleContext extends CheckContext {
  solver: Solver;
  grader: Grader;
  memo?: ClassMemo;
}

/** A row's readings, a base's once when the context keeps them (its variants read it again). */
function reader(ctx: PuzzleContext): Reader {
  const memo = ctx.memo;
  if (memo === undefined) return { board: readBoard, values: (q, board) => readValues(q.solution, board) };
  return {
    board: (q) => (q.base_id !== null ? readBoard(q) : memo.reading(q, 'board', () => readBoard(q))),
    values: (q, board) =>
      q.base_id !== null
        ? readValues(q.solution, board)
        : memo.reading(q, 'values', () => readValues(q.solution, board)),
  };
}

/** How a check reads rows: `values` of a row is given the board read of that row. */
interface Reader {
  board: (q: StoredPuzzle) => Parsed<Board>;
  values: (q: StoredPuzzle, board: Board) => Parsed<Uint8Array>;
}

/** The board of a stored row, its size checked against the row's. */
function readBoard(p: Pick<StoredPuzzle, 'grid' | 'm' | 'rows' | 'cols'>): Parsed<Board> {
  const res = boardFromStored(p.grid, p.m);
  if (!res.ok) return res;
  const b = res.board;
  if (b.rows !== p.rows || b.cols !== p.cols)
    return { ok: false, error: `the grid is ${b.rows}x${b.cols} but the row says ${p.rows}x${p.cols}` };
  return { ok: true, value: b };
}

/** The per-cell values of a stored solution, sized as the board. */
function readValues(text: string, board: Board): Parsed<Uint8Array> {
  return solutionFromStored(text, board.rows, board.cols);
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The row's tier must be the one its stored grade and nodes give under the shape's rule. */
function tierFailures(p: StoredPuzzle, rule: TierRule | null): Failure[] {
  const want = tierFor(p, rule);
  if (want === p.tier) return [];
  const cuts =
    rule === null
      ? 'its level alone (the shape has no cuts)'
      : `${p.rows}x${p.cols}:${p.m} ${rule.measure} cuts ${rule.th.t1}/${rule.th.t2}/${rule.th.t3}`;
  const what = `score ${p.score.toFixed(3)} and ${p.nodes} reference nodes ${want === null ? 'fit no tier' : `make ${want}`}`;
  return [{ kind: 'tier-mismatch', puzzleId: p.id, detail: `stored tier ${p.tier}, but ${what} under ${cuts}` }];
}

/** The checks of a Sudomino row that need no proof (checksum, tier, its base's shared fields): what a trusted verdict leaves. */
export function checkRow(p: StoredPuzzle, base: SharedFields | null, rule: TierRule | null): Failure[] {
  return [...checksumFailures(p), ...tierFailures(p, rule), ...sharedFieldFailures(p, base)];
}

/** Audit one stored Sudomino puzzle (`base`: its base row when a variant); empty when it passes. */
export function checkPuzzle(p: StoredPuzzle, base: StoredPuzzle | null, ctx: PuzzleContext): Failure[] {
  const read = reader(ctx);
  return checkStoredPuzzle<Board, Uint8Array>(
    p,
    checkRow(p, base, ctx.rule),
    {
      readBoard: read.board,
      readSolution: read.values,
      solves: checkAnswer,
      prove: (board, values, fail) => prove(p, board, values, ctx, fail, false),
      proveImage: (board, values, fail) => prove(p, board, values, ctx, fail, true),
      hash: canonicalHash,
      variantError: (board, values) => variantError(p, board, values, base, read),
    },
    ctx.baseProven === true ? base : null,
  );
}

/**
 * The proofs of one puzzle within its budget: unique by both methods, each finding the stored
 * solution; reference nodes and (bases only) the grade measured again. A budget that runs out
 * ends them with one 'gave-up' failure: what it stopped proves nothing either way. `image`: the
 * puzzle is a variant that is exactly the image of a base proven unique in this audit, so it is
 * unique too and a valid stored solution is its one (CheckSteps.proveImage); its nodes are measured.
 */
function prove(
  p: StoredPuzzle,
  board: Board,
  values: Uint8Array | null,
  ctx: PuzzleContext,
  fail: (kind: FailureKind, detail: string) => void,
  image: boolean,
): void {
  const { interrupt, outOfBudget } = budgetGuard(ctx, fail);

  if (outOfBudget('before proving it unique')) return;
  if (!image) {
    // Uniqueness, twice: the CNF count shares no code with the propagation solver.
    const sat = countBySat(board, { cap: 2, interrupt });
    const prop = ctx.solver.solve(board, { cap: 2, interrupt });
    if (outOfBudget('while proving it unique')) return;
    if (sat.status === 'gave-up' || prop.status === 'gave-up') {
      fail(
        'gave-up',
        `gave up proving it unique (the clause-learning count says ${sat.status}, the propagation solver ${prop.status})`,
      );
      return;
    }
    if (sat.status !== prop.status) {
      fail(
        'solvers-disagree',
        `the independent proof (clause learning) says ${sat.status}, the propagation solver says ${prop.status}`,
      );
    } else if (sat.status !== 'unique') {
      fail('not-unique', sat.status === 'none' ? 'the grid has no solution' : `the grid is ${sat.status}, not unique`);
    } else if (!sameValues(sat.solution!, prop.solution!)) {
      fail('solvers-disagree', 'the two methods each find one solution, but not the same one');
    }
    if (values !== null && sat.status === 'unique' && !sameValues(values, sat.solution!))
      fail('wrong-solution', 'the stored solution differs from the unique one');
  }

  // The guardrail's measure, taken on the class's board as the build took it: a variant's is its
  // base's cell for cell, so the count its base's check took (kept by the board's exact text) is its own.
  const key = ctx.memo === undefined ? null : representativeText(board);
  let nodes = key === null ? undefined : ctx.memo!.measured(key);
  if (nodes === undefined) {
    nodes = referenceNodes(board, ctx.solver, interrupt);
    if (outOfBudget('while measuring its reference nodes')) return;
    if (key !== null) ctx.memo!.keep(key, nodes);
  }
  if (nodes !== p.nodes) fail('nodes-mismatch', `stored ${p.nodes} reference nodes, the solver measures ${nodes}`);

  // Variants share their base's grade, so only bases are graded again.
  if (p.base_id === null) {
    const g = storedGrade(board, ctx.grader);
    if (outOfBudget('while grading it')) return;
    if (g.score !== p.score)
      fail('grade-mismatch', `stored score ${p.score}, the grader grades it ${g.levelName} with score ${g.score}`);
  }
}

/** The representative referenceNodes counts on, spelt exactly: its shape, dominoes and givens. */
function representativeText(board: Board): string {
  const c = canonicalBoard(board);
  return `${c.rows}x${c.cols}:${c.values}:${c.domino.join(',')}:${c.given.join(',')}`;
}

/** Why a variant is not its base under its transform, or null. */
function variantError(
  p: StoredPuzzle,
  board: Board,
  values: Uint8Array | null,
  base: StoredPuzzle | null,
  read: Reader,
): string | null {
  if (p.base_id === null || p.transform === null) return 'a variant needs both a base and a transform';
  // A missing base is sharedFieldFailures' to report; without it there is nothing to compare.
  if (base === null || base.id !== p.base_id) return null;
  if (base.base_id !== null) return `its base ${base.id} is itself a variant`;
  const b = read.board(base);
  if (!b.ok) return `its base ${base.id} has an invalid grid`;
  const t = parseTransform(p.transform, b.value.values);
  if (!t.ok) return `transform "${p.transform}": ${t.error}`;
  const why = transformProblem(t.transform, b.value.rows, b.value.cols, b.value.values);
  if (why !== null) return `transform "${p.transform}" does not apply to base ${base.id}: ${why}`;
  // Both boards written by the one formatter, so equal boards give equal text whatever form was stored.
  if (gridText(applyTransform(b.value, t.transform)) !== gridText(board))
    return `the grid is not base ${base.id} under "${p.transform}"`;
  const baseValues = read.values(base, b.value);
  if (values !== null && baseValues.ok) {
    const want = transformValues(baseValues.value, b.value.rows, b.value.cols, b.value.values, t.transform);
    if (!sameValues(want, values)) return `the solution is not base ${base.id}'s under "${p.transform}"`;
  }
  return null;
}

// --- the guardrail over a shape ---

/** Base puzzles of one Sudomino shape: each one's tier and reference nodes. */
export interface ShapeBases {
  shape: string;
  bases: readonly { tier: Tier; nodes: number }[];
}

/** The median (lower middle) of a list of numbers; NaN when empty. */
export function lowerMedian(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1];
}

/** Per tier present, in tier order, the median reference nodes of its bases. */
export function tierMedians(bases: ShapeBases['bases']): { tier: Tier; count: number; median: number }[] {
  return TIERS.map((tier) => {
    const nodes = bases.filter((b) => b.tier === tier).map((b) => b.nodes);
    return { tier, count: nodes.length, median: lowerMedian(nodes) };
  }).filter((t) => t.count > 0);
}

/** Bases a tier needs before its median is held to the guardrail: a median of a handful is noise. */
export const GUARDRAIL_MIN_BASES = 20;

/**
 * The guardrail: within a shape, a harder tier's median reference nodes is never below an
 * easier tier's. Medians, not ranges: a tier is the grader's level, and boards of neighbouring
 * levels overlap in nodes, so only the middle of each tier is held in order, and only of tiers
 * holding GUARDRAIL_MIN_BASES or more.
 */
export function checkTierOrder(shapes: readonly ShapeBases[]): Failure[] {
  const out: Failure[] = [];
  for (const { shape, bases } of shapes) {
    const medians = tierMedians(bases).filter((t) => t.count >= GUARDRAIL_MIN_BASES);
    for (let i = 0; i + 1 < medians.length; i++) {
      const lo = medians[i];
      for (const hi of medians.slice(i + 1)) {
        if (lo.median > hi.median) {
          out.push({
            kind: 'tier-order',
            puzzleId: null,
            detail: `sudomino ${shape}: median reference nodes of ${lo.tier} is ${lo.median} but of ${hi.tier} ${hi.median}`,
          });
        }
      }
    }
  }
  return out;
}
