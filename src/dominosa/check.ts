// What `dominosa audit` proves about a stored Dominosa puzzle, through the per-puzzle skeleton of
// src/catalog/check.ts: a valid grid, unique by two independent solvers, the stored solution is
// that one, nodes and grade measured again (under the versions that count alike), tier, hash, and
// a variant is its base under its transform; over a size, tiers in strict order of the measure.
import {
  budgetGuard,
  checkStoredPuzzle,
  checkThresholdsPresent,
  checkTierOrder as checkTierOrderOf,
  checksumFailures,
  measureName,
  sharedFieldFailures,
  type Failure,
  type CheckContext,
  type FailureKind,
  type KindChecks,
  type KindVersions,
  type SharedFields,
  type StoredPuzzle,
  type TierRange,
} from '../catalog/check.js';
import type { Parsed } from '../parsed.js';
import { formatMeasure, measureValue, type TierRule } from '../rank/rule.js';
import type { Board } from './board.js';
import { LEVELS } from './grade/ladder.js';
import { bandOfLevel, TATHAM_NAMES } from './rank/bands.js';
import { REFERENCE_VERSION, referenceNodes, sameCounts } from './rank/reference.js';
import { GRADER_VERSION, storedGrade } from './rank/stored.js';
import { tierFor } from './rank/tier-rule.js';
import { sizeLabel } from './sizes.js';
import { PROOF_VERSION, proveIndependently } from './solve/independent.js';
import { DEFAULT_LARGE_TIME_MS, defaultTimeLimitMs, LARGE_M } from './solve/limits.js';
import { checkSolution, sameSolution, type Solution } from './solve/solution.js';
import { RULES, Solver } from './solve/solver.js';
import { boardFromStored, isSolutionImage, solutionFromStored } from './stored.js';
import { canonicalForm, formHash, isImage, parseTransform } from './transform.js';
import { ClassMemo } from '../catalog/class-memo.js';

/** Dominosa's judges: its stored nodes are counted again when their solver counts as this one does at their M. */
const versions: KindVersions = {
  proof: PROOF_VERSION,
  reference: REFERENCE_VERSION,
  grader: GRADER_VERSION,
  // ref-1 and ref-2 count boards below M=10 alike, so older catalogs stay checkable there.
  remeasuresNodes: (p, v) => v !== null && sameCounts(v, REFERENCE_VERSION, p.m),
  regrades: (v) => v === GRADER_VERSION,
};

/** Dominosa's check group (PuzzleKind.checks). */
export const checks: KindChecks = {
  checker() {
    const solver = new Solver();
    const memo = new ClassMemo();
    return { check: (p, base, ctx) => checkPuzzle(p, base, { ...ctx, solver, memo }) };
  },
  versions,
  defaultTimeLimitMs,
  defaultTimeLimit: `no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS / 1000} s above`,
  catalog(facts) {
    return {
      failures: [
        ...checkTierOrder(facts.tierRanges()),
        ...checkThresholdsPresent(facts.sizeCounts(), facts.sizesWithThresholds(), sizeLabel),
      ],
      guardrails: [],
    };
  },
  grade(p) {
    const board = parseBoard(p);
    return board.ok ? { ok: true, value: storedGrade(board.value).score } : board;
  },
};

/**
 * A Dominosa puzzle's check context: with the propagation solver, reused across calls for its
 * buffers, and what is kept from one puzzle of a class to the next (the caller owns both).
 */
export interface PuzzleContext extends CheckContext {
  solver: Solver;
  memo?: ClassMemo;
}

/** A row's readings, a base's once when the context keeps them (its variants read it again). */
function reader(ctx: PuzzleContext): Reader {
  const memo = ctx.memo;
  if (memo === undefined) return { board: parseBoard, solution: (q) => parseSolution(q) };
  return {
    board: (q) => (q.base_id !== null ? parseBoard(q) : memo.reading(q, 'board', () => parseBoard(q))),
    solution: (q) => (q.base_id !== null ? parseSolution(q) : memo.reading(q, 'solution', () => parseSolution(q))),
  };
}

interface Reader {
  board: (q: StoredPuzzle) => Parsed<Board>;
  solution: (q: StoredPuzzle) => Parsed<Solution>;
}

/** The board of a stored row (src/dominosa/stored.ts's grid column), of the catalog's (M+1)×(M+2) size. */
function parseBoard(p: Pick<StoredPuzzle, 'grid' | 'm' | 'rows' | 'cols'>): Parsed<Board> {
  if (!Number.isSafeInteger(p.m) || p.m < 1 || p.rows !== p.m + 1 || p.cols !== p.m + 2)
    return {
      ok: false,
      error: `the row says ${p.rows}x${p.cols} for M=${p.m}, not the catalog's ${p.m + 1}x${p.m + 2}`,
    };
  return boardFromStored(p.grid, p);
}

/** The dominoes of a stored row's solution column. */
function parseSolution(p: Pick<StoredPuzzle, 'solution' | 'rows' | 'cols'>): Parsed<Solution> {
  return solutionFromStored(p.solution, p.rows, p.cols);
}

/**
 * The checks of a Dominosa row that need no solving, for every verb that builds on stored rows:
 * the row's checksum, its tier under the size's rule (none: not checked), and a variant's
 * agreement with its base on what they share. A row failing them was changed behind the catalog's back.
 */
export function checkRow(p: StoredPuzzle, base: SharedFields | null, rule: TierRule | null): Failure[] {
  const out: Failure[] = checksumFailures(p);
  const fail = (kind: FailureKind, detail: string): void => {
    out.push({ kind, puzzleId: p.id, detail });
  };
  if (rule !== null) {
    const want = tierFor(p, rule);
    if (want !== p.tier) {
      const { measure, th } = rule;
      const f = (v: number): string => formatMeasure(measure, v);
      const v = measureValue(measure, p);
      const cuts = `M=${p.m} thresholds ${f(th.t1)}/${f(th.t2)}/${f(th.t3)}`;
      if (measure === 'grade') {
        // A tier of the grade rule is a band: name the puzzle's level and the band it is.
        const level = Math.floor(p.score);
        const band = bandOfLevel(level);
        const what = `grade ${levelName(level)} (${band === null ? 'beyond Extreme' : TATHAM_NAMES[band]}) with ${measureName(measure)} ${f(v)}`;
        fail(
          'tier-mismatch',
          `stored tier ${p.tier}, but ${what} ${want === null ? 'fits no tier' : `is ${want}`} under ${cuts}`,
        );
      } else
        fail('tier-mismatch', `stored tier ${p.tier}, but ${measureName(measure)} ${f(v)} is ${want} under ${cuts}`);
    }
  }
  out.push(...sharedFieldFailures(p, base));
  return out;
}

function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? `level ${level}`;
}

/** Audit one stored Dominosa puzzle (`base`: its base row when a variant); empty when it passes. */
export function checkPuzzle(p: StoredPuzzle, base: StoredPuzzle | null, ctx: PuzzleContext): Failure[] {
  const read = reader(ctx);
  // The row whose canonical form the board has: a base's own; a variant's base, once the variant
  // is found to be exactly its image (a transform keeps the class, so the form is the base's).
  let formRow: StoredPuzzle | null = p.base_id === null ? p : null;
  const form = (board: Board): string => formOf(board, ctx, formRow);
  return checkStoredPuzzle<Board, Solution>(
    p,
    checkRow(p, base, ctx.rule),
    {
      readBoard: read.board,
      readSolution: read.solution,
      solves: checkSolution,
      prove: (board, solution, fail) => prove(p, board, solution, ctx, fail, false, form),
      proveImage: (board, solution, fail) => prove(p, board, solution, ctx, fail, true, form),
      hash: (board) => formHash(form(board)),
      variantError: (board, solution) =>
        variantError(p, board, solution, base, read, (b) => {
          formRow = b;
        }),
    },
    ctx.baseProven === true ? base : null,
  );
}

/**
 * The proofs of one puzzle, within its budget: unique by two independent solvers, the stored
 * (valid) solution is the unique one, nodes and grade measured again. A budget that runs out
 * ends them with one 'gave-up' failure: what it stopped proves nothing either way. `image`: the
 * puzzle is a variant that is exactly the image of a base proven unique in this audit, so it is
 * unique too and a valid stored solution is its one (CheckSteps.proveImage); its nodes are measured.
 */
function prove(
  p: StoredPuzzle,
  board: Board,
  solution: Solution | null,
  ctx: PuzzleContext,
  fail: (kind: FailureKind, detail: string) => void,
  image: boolean,
  /** The board's canonical form (formOf), as this puzzle's steps share it. */
  form: (board: Board) => string,
): void {
  const { interrupt, outOfBudget } = budgetGuard(ctx, fail);
  const solver = ctx.solver;

  if (outOfBudget('before proving it unique')) return;
  if (!image) {
    // Uniqueness, twice: the independent proof (dancing links or clause learning) shares no code
    // with the propagation solver.
    const dlx = proveIndependently(board, { interrupt });
    const prop = solver.solve(board, { rules: RULES, cap: 2, solution: false, interrupt });
    if (outOfBudget('while proving it unique')) return;
    if (dlx.status !== prop.status) {
      fail(
        'solvers-disagree',
        `the independent proof (${dlx.method}) says ${dlx.status}, the propagation solver says ${prop.status}`,
      );
    } else if (dlx.status !== 'unique') {
      fail('not-unique', dlx.status === 'none' ? 'the grid has no solution' : `the grid is ${dlx.status}, not unique`);
    }
    if (
      solution !== null &&
      dlx.status === 'unique' &&
      !sameSolution(solution, dlx.solution as Solution, board.rows, board.cols)
    ) {
      fail('wrong-solution', 'the stored solution differs from the unique one');
    }
  }

  if (versions.remeasuresNodes(p, ctx.solverVersion)) {
    // Counted on the board's representative: a variant's is its base's cell for cell, so the
    // count its base's check took (kept by the representative's exact text) is its own.
    const key = ctx.memo === undefined ? null : form(board);
    let nodes = key === null ? undefined : ctx.memo!.measured(key);
    if (nodes === undefined) {
      nodes = referenceNodes(board, solver, interrupt);
      if (outOfBudget('while measuring its reference nodes')) return;
      if (key !== null) ctx.memo!.keep(key, nodes);
    }
    if (nodes !== p.nodes)
      fail('nodes-mismatch', `stored ${p.nodes} reference nodes, ${REFERENCE_VERSION} measures ${nodes}`);
  }

  // Variants share their base's grade, so only bases are graded again.
  if (versions.regrades(ctx.graderVersion) && p.base_id === null) {
    const g = storedGrade(board, interrupt);
    if (outOfBudget('while grading it')) return;
    if (g.score !== p.score)
      fail('grade-mismatch', `stored score ${p.score}, ${GRADER_VERSION} grades it ${g.grade} with score ${g.score}`);
  }
}

/**
 * The board's canonicalForm, which spells its representative exactly (the board referenceNodes
 * counts on, and canonicalHash hashes): made once for a puzzle's steps when the context keeps it,
 * and once for a base and its variants when `row` is the base (the board is the base's or its image).
 */
function formOf(board: Board, ctx: PuzzleContext, row: StoredPuzzle | null): string {
  const memo = ctx.memo;
  if (memo === undefined) return canonicalForm(board);
  if (row === null) return memo.latest(board, () => canonicalForm(board));
  return memo.reading(row, 'form', () => canonicalForm(board));
}

/** Why a variant is not its base under its transform, or null (also when its base is missing: checkRow's to report). */
function variantError(
  p: StoredPuzzle,
  board: Board,
  solution: Solution | null,
  base: StoredPuzzle | null,
  read: Reader,
  /** Told the base when the grid (and a solution that reads) is exactly the base's image. */
  image?: (base: StoredPuzzle) => void,
): string | null {
  if (p.base_id === null || p.transform === null) return 'a variant needs both a base and a transform';
  // A missing base is checkRow's to report; without it there is nothing to compare.
  if (base === null || base.id !== p.base_id) return null;
  if (base.base_id !== null) return `its base ${base.id} is itself a variant`;
  const t = parseTransform(p.transform);
  if (!t.ok) return `transform "${p.transform}": ${t.error}`;
  const b = read.board(base);
  if (!b.ok) return `its base ${base.id} has an invalid grid`;
  let same: boolean;
  try {
    same = isImage(b.value, t.transform, board);
  } catch (e) {
    return `transform "${p.transform}" does not apply to M=${base.m}: ${(e as Error).message}`;
  }
  if (!same) return `the grid is not base ${base.id} under "${p.transform}"`;
  // Both columns read as dominoes, so the letters compare as the dominoes would.
  const baseSolution = read.solution(base);
  if (
    solution !== null &&
    baseSolution.ok &&
    !isSolutionImage(base.solution, base.rows, base.cols, t.transform.geometry, p.solution)
  )
    return `the solution is not base ${base.id}'s under "${p.transform}"`;
  image?.(base);
  return null;
}

/** Within each M, every base of a tier must measure less than every base of any harder tier (sizes by M). */
export function checkTierOrder(ranges: readonly TierRange[]): Failure[] {
  return checkTierOrderOf(
    [...ranges].sort((a, b) => Number(a.size) - Number(b.size)),
    sizeLabel,
  );
}
