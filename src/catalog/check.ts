// What `dominosa audit` proves about a catalog, as pure checks: per stored puzzle (checksum,
// valid grid, unique by two independent solvers, the stored solution is that one, nodes, grade,
// tier, hash, variant = base under its transform) and over the whole catalog (tier order,
// distinct bases, versions). checkStoredRow is the cheap part, for verbs that trust stored rows.
// A puzzle's proofs run within the budget its caller gives; one that runs out fails as 'gave-up'.
// The per-puzzle skeleton is shared with Sudomino's checks (sudomino-check.ts); the rest is Dominosa's.
import { boardFromGrid, formatBoardError, type Board } from '../dominosa/board.js';
import { proveIndependently } from '../dominosa/solve/independent.js';
import { LEVELS } from '../dominosa/grade/ladder.js';
import { bandOfLevel, TATHAM_NAMES } from '../dominosa/rank/bands.js';
import { formatMeasure, measureValue, type TierMeasure, type TierRule } from '../rank/rule.js';
import { tierFor } from '../dominosa/rank/tier-rule.js';
import { REFERENCE_VERSION, referenceNodes, sameCounts } from '../dominosa/rank/reference.js';
import { GRADER_VERSION, storedGrade } from '../dominosa/rank/stored.js';
import { TIERS } from '../rank/tiers.js';
import { checkSolution, solutionKey, type Solution } from '../dominosa/solve/solution.js';
import { Solver, RULES } from '../dominosa/solve/solver.js';
import { applyTransform, canonicalHash, parseTransform, transformSolution } from '../dominosa/transform.js';
import { rowChecksum, type ChecksummedRow } from './checksum.js';
import type { SchemaObject, StoredDigest } from './digest.js';
import { SCHEMA_VERSION } from './schema.js';
import type { Parsed } from '../parsed.js';

/** Every way a catalog can fail its audit. The first eleven concern one puzzle, the rest the catalog. */
export const FAILURE_KINDS = [
  'checksum-mismatch',
  'grid-invalid',
  'not-unique',
  'solvers-disagree',
  'wrong-solution',
  'nodes-mismatch',
  'grade-mismatch',
  'tier-mismatch',
  'hash-mismatch',
  'variant-mismatch',
  'gave-up',
  'solver-version-mismatch',
  'grader-version-mismatch',
  'tier-order',
  'duplicate-base',
  'missing-thresholds',
  'schema-version',
  'schema-mismatch',
  'digest-mismatch',
  'integrity',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface Failure {
  kind: FailureKind;
  /** The puzzle at fault; null for a catalog-wide failure. */
  puzzleId: number | null;
  /** One sentence for people. */
  detail: string;
  /** The puzzle's kind and size ("dominosa M=4", "sudomino 8x8:6"), named by audit for its report. */
  scope?: string;
}

/**
 * A puzzle row as the catalog stores it (the fields the checks read). grid: JSON rows of
 * numbers; solution: JSON [[r1, c1, r2, c2], ...]; score: the stored grade's (floor = level).
 */
export interface StoredPuzzle extends ChecksummedRow {
  id: number;
  base_id: number | null;
  checksum: string;
}

export interface PuzzleContext {
  /** The current tier rule of the puzzle's size; null skips the tier check (reported once per size instead). */
  rule: TierRule | null;
  /** The solver version the stored node count was measured with; nodes are re-measured only when it counts as REFERENCE_VERSION does (sameCounts). */
  solverVersion: string | null;
  /** The grader version of the stored score; re-graded only when it is GRADER_VERSION. */
  graderVersion: string | null;
  /** The propagation solver, reused across calls for its buffers (the caller owns it). */
  solver: Solver;
  /** The puzzle's budget: true once it has run out (the shell passes a clock), stopping its proofs. */
  interrupt?: () => boolean;
  /** The budget in words for the failure it causes, e.g. "time limit 10 s". */
  budget?: string;
}

function parseBoard(p: StoredPuzzle): Parsed<Board> {
  let grid: unknown;
  try {
    grid = JSON.parse(p.grid);
  } catch {
    return { ok: false, error: 'the stored grid is not JSON' };
  }
  const res = boardFromGrid(grid, 0);
  if (!res.ok) return { ok: false, error: formatBoardError(res.error).replace(/^board 1(: |, )/, '') };
  const b = res.board;
  if (b.m !== p.m) return { ok: false, error: `the grid is a double-${b.m} set but the row says M=${p.m}` };
  if (b.rows !== p.rows || b.cols !== p.cols) {
    return { ok: false, error: `the grid is ${b.rows}x${b.cols} but the row says ${p.rows}x${p.cols}` };
  }
  if (b.rows !== b.m + 1)
    return { ok: false, error: `the grid is ${b.rows}x${b.cols}, not the catalog's ${b.m + 1}x${b.m + 2}` };
  return { ok: true, value: b };
}

function parseSolution(text: string): Parsed<Solution> {
  let sol: unknown;
  try {
    sol = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the stored solution is not JSON' };
  }
  const isDomino = (d: unknown): boolean => Array.isArray(d) && d.length === 4 && d.every((x) => Number.isInteger(x));
  if (!Array.isArray(sol) || !sol.every(isDomino))
    return { ok: false, error: 'the stored solution is not a list of [r1, c1, r2, c2]' };
  return { ok: true, value: sol as Solution };
}

function sameCells(a: Board, b: Board): boolean {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/**
 * The checks that need no solving, for every verb that builds on stored rows: the row's
 * checksum, its tier under the size's rule, and a variant's agreement with its base on what
 * they share. A row failing them was changed behind the catalog's back.
 */
export function checkStoredRow(p: StoredPuzzle, base: SharedFields | null, rule: TierRule | null): Failure[] {
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

/** A row whose checksum is not its content's was changed behind the catalog's back (either kind). */
export function checksumFailures(p: StoredPuzzle): Failure[] {
  if (rowChecksum(p) === p.checksum) return [];
  return [
    {
      kind: 'checksum-mismatch',
      puzzleId: p.id,
      detail: 'the row does not match its checksum: it was changed outside dominosa',
    },
  ];
}

/** A variant's base must be in the catalog and agree with it on what they share (either kind). */
export function sharedFieldFailures(p: StoredPuzzle, base: SharedFields | null): Failure[] {
  const out: Failure[] = [];
  const fail = (detail: string): void => {
    out.push({ kind: 'variant-mismatch', puzzleId: p.id, detail });
  };
  if (p.base_id !== null && (base === null || base.id !== p.base_id))
    fail(`its base ${p.base_id} is not in the catalog`);
  else if (p.base_id !== null && base !== null) {
    for (const k of ['m', 'tier', 'nodes', 'score', 'canonical_hash'] as const) {
      if (p[k] !== base[k])
        fail(`${k} ${String(p[k]).slice(0, 16)} differs from base ${base.id}'s ${String(base[k]).slice(0, 16)}`);
    }
  }
  return out;
}

/** What a variant shares with its base, and all checkStoredRow reads of the base. */
export type SharedFields = Pick<StoredPuzzle, 'id' | 'm' | 'tier' | 'nodes' | 'score' | 'canonical_hash'>;

function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? `level ${level}`;
}

function measureName(measure: TierMeasure): string {
  return measure === 'score' ? 'grade score' : 'reference nodes';
}

/** What the per-puzzle audit needs of a kind: read its board and solution, prove, hash, compare with a base. */
export interface KindChecks<B, S> {
  readBoard(p: StoredPuzzle): Parsed<B>;
  readSolution(p: StoredPuzzle, board: B): Parsed<S>;
  /** Why the solution does not solve the board, or null. */
  solves(board: B, solution: S): string | null;
  /** The proofs within the budget, the stored solution null when it is unreadable or wrong. */
  prove(board: B, solution: S | null, fail: (kind: FailureKind, detail: string) => void): void;
  hash(board: B): string;
  /** Why a variant is not its base under its transform, or null (given the stored solution as read). */
  variantError(board: B, solution: S | null): string | null;
}

/**
 * Audit one stored puzzle of any kind after its cheap checks (`first`). An unreadable grid stops
 * the checks there: nothing else can be judged; a row that fails its checksum gets the cheap
 * checks only, not the proofs.
 */
export function checkStoredPuzzle<B, S>(p: StoredPuzzle, first: Failure[], k: KindChecks<B, S>): Failure[] {
  const out = first;
  const fail = (kind: FailureKind, detail: string): void => {
    out.push({ kind, puzzleId: p.id, detail });
  };
  const parsed = k.readBoard(p);
  if (!parsed.ok) {
    fail('grid-invalid', parsed.error);
    return out;
  }
  const board = parsed.value;
  const stored = k.readSolution(p, board);
  let solution: S | null = null;
  if (!stored.ok) fail('wrong-solution', stored.error);
  else {
    const why = k.solves(board, stored.value);
    if (why !== null) fail('wrong-solution', `the stored solution does not solve the grid: ${why}`);
    else solution = stored.value;
  }

  // A row changed outside dominosa is reported as such, not proved: a proof can cost without bound.
  if (!out.some((f) => f.kind === 'checksum-mismatch')) k.prove(board, solution, fail);

  const hash = k.hash(board);
  if (hash !== p.canonical_hash)
    fail(
      'hash-mismatch',
      `stored canonical hash ${p.canonical_hash.slice(0, 12)}…, the grid hashes to ${hash.slice(0, 12)}…`,
    );

  if (p.base_id !== null || p.transform !== null) {
    const why = k.variantError(board, stored.ok ? stored.value : null);
    if (why !== null) fail('variant-mismatch', why);
  }
  return out;
}

/**
 * A puzzle's budget as its proofs use it: the interrupt to pass on, sticky once spent so every
 * later step stops at once, and a test between steps (where a small board's proof can end before
 * its solver first asks) that records the one 'gave-up' failure, naming the step.
 */
export function budgetGuard(
  ctx: { interrupt?: () => boolean; budget?: string },
  fail: (kind: FailureKind, detail: string) => void,
): { interrupt: (() => boolean) | undefined; outOfBudget: (step: string) => boolean } {
  let spent = false;
  const own = ctx.interrupt;
  const interrupt = own === undefined ? undefined : (): boolean => (spent ||= own());
  return {
    interrupt,
    outOfBudget(step: string): boolean {
      if (!spent && interrupt?.() !== true) return false;
      fail('gave-up', `gave up within the budget${ctx.budget === undefined ? '' : ` (${ctx.budget})`} ${step}`);
      return true;
    },
  };
}

/** Audit one stored Dominosa puzzle (`base`: its base row when a variant); empty when it passes. */
export function checkPuzzle(p: StoredPuzzle, base: StoredPuzzle | null, ctx: PuzzleContext): Failure[] {
  return checkStoredPuzzle<Board, Solution>(p, checkStoredRow(p, base, ctx.rule), {
    readBoard: parseBoard,
    readSolution: (q) => parseSolution(q.solution),
    solves: checkSolution,
    prove: (board, solution, fail) => prove(p, board, solution, ctx, fail),
    hash: canonicalHash,
    variantError: (board, solution) => variantError(p, board, solution, base),
  });
}

/**
 * The proofs of one puzzle, within its budget: unique by two independent solvers, the stored
 * (valid) solution is the unique one, nodes and grade measured again. A budget that runs out
 * ends them with one 'gave-up' failure: what it stopped proves nothing either way.
 */
function prove(
  p: StoredPuzzle,
  board: Board,
  solution: Solution | null,
  ctx: PuzzleContext,
  fail: (kind: FailureKind, detail: string) => void,
): void {
  const { interrupt, outOfBudget } = budgetGuard(ctx, fail);
  const solver = ctx.solver;

  // Uniqueness, twice: the independent proof (dancing links or clause learning) shares no code
  // with the propagation solver.
  if (outOfBudget('before proving it unique')) return;
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
  if (solution !== null && dlx.status === 'unique' && solutionKey(solution) !== solutionKey(dlx.solution as Solution)) {
    fail('wrong-solution', 'the stored solution differs from the unique one');
  }

  // ref-1 and ref-2 count boards below M=10 alike, so older catalogs stay checkable there.
  if (ctx.solverVersion !== null && sameCounts(ctx.solverVersion, REFERENCE_VERSION, p.m)) {
    const nodes = referenceNodes(board, solver, interrupt);
    if (outOfBudget('while measuring its reference nodes')) return;
    if (nodes !== p.nodes)
      fail('nodes-mismatch', `stored ${p.nodes} reference nodes, ${REFERENCE_VERSION} measures ${nodes}`);
  }

  // Variants share their base's grade, so only bases are graded again.
  if (ctx.graderVersion === GRADER_VERSION && p.base_id === null) {
    const g = storedGrade(board, interrupt);
    if (outOfBudget('while grading it')) return;
    if (g.score !== p.score)
      fail('grade-mismatch', `stored score ${p.score}, ${GRADER_VERSION} grades it ${g.grade} with score ${g.score}`);
  }
}

/** Why a variant is not its base under its transform, or null. */
function variantError(
  p: StoredPuzzle,
  board: Board,
  solution: Solution | null,
  base: StoredPuzzle | null,
): string | null {
  if (p.base_id === null || p.transform === null) return 'a variant needs both a base and a transform';
  // A missing base is checkStoredRow's to report; without it there is nothing to compare.
  if (base === null || base.id !== p.base_id) return null;
  if (base.base_id !== null) return `its base ${base.id} is itself a variant`;
  const t = parseTransform(p.transform);
  if (!t.ok) return `transform "${p.transform}": ${t.error}`;
  const b = parseBoard(base);
  if (!b.ok) return `its base ${base.id} has an invalid grid`;
  let moved: Board;
  try {
    moved = applyTransform(b.value, t.transform);
  } catch (e) {
    return `transform "${p.transform}" does not apply to M=${base.m}: ${(e as Error).message}`;
  }
  if (!sameCells(moved, board)) return `the grid is not base ${base.id} under "${p.transform}"`;
  const baseSolution = parseSolution(base.solution);
  if (solution !== null && baseSolution.ok) {
    const want = transformSolution(baseSolution.value, b.value.rows, b.value.cols, t.transform);
    if (solutionKey(want) !== solutionKey(solution))
      return `the solution is not base ${base.id}'s under "${p.transform}"`;
  }
  return null;
}

// --- catalog-wide checks ---

/** Count of the base puzzles of one size and tier, and their range on the size's tier measure. */
export interface TierRange {
  m: number;
  tier: string;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

/** Within each size, every base of a tier must measure less than every base of any harder tier. */
export function checkTierOrder(ranges: readonly TierRange[]): Failure[] {
  const out: Failure[] = [];
  const sizes = [...new Set(ranges.map((r) => r.m))].sort((a, b) => a - b);
  for (const m of sizes) {
    const present = TIERS.map((t) => ranges.find((r) => r.m === m && r.tier === t && r.count > 0)).filter(
      (r) => r !== undefined,
    );
    for (let i = 0; i + 1 < present.length; i++) {
      const lo = present[i];
      for (const hi of present.slice(i + 1)) {
        if (lo.max >= hi.min) {
          const f = (v: number): string =>
            lo.measure === 'nodes' ? `${v} nodes` : `${measureName(lo.measure)} ${formatMeasure(lo.measure, v)}`;
          out.push({
            kind: 'tier-order',
            puzzleId: null,
            detail: `M=${m}: ${lo.tier} reaches ${f(lo.max)} but ${hi.tier} starts at ${f(hi.min)}`,
          });
        }
      }
    }
  }
  return out;
}

/** No two base puzzles of a kind may share a canonical hash (one base per symmetry class). */
export function checkDistinctBases(bases: readonly { id: number; kind?: string; canonical_hash: string }[]): Failure[] {
  // Keyed by kind and hash, as the catalog's index is: each kind hashes its own classes.
  const byHash = new Map<string, number[]>();
  for (const b of bases) {
    const key = `${b.kind ?? 'dominosa'}\0${b.canonical_hash}`;
    const ids = byHash.get(key);
    if (ids) ids.push(b.id);
    else byHash.set(key, [b.id]);
  }
  const out: Failure[] = [];
  for (const [key, ids] of byHash) {
    const hash = key.slice(key.indexOf('\0') + 1);
    if (ids.length < 2) continue;
    for (const id of ids.slice(1)) {
      out.push({
        kind: 'duplicate-base',
        puzzleId: id,
        detail: `same symmetry class (hash ${hash.slice(0, 12)}…) as base ${ids[0]}`,
      });
    }
  }
  return out;
}

/** The catalog's schema version must be the one this release reads. */
export function checkSchemaVersion(version: string | null): Failure[] {
  if (version === String(SCHEMA_VERSION)) return [];
  return [
    {
      kind: 'schema-version',
      puzzleId: null,
      detail:
        version !== null && Number(version) >= 1 && Number(version) < SCHEMA_VERSION
          ? `schema version ${version} is older than this release's ${SCHEMA_VERSION}: upgrade it with dominosa migrate`
          : `schema version ${version ?? '(none)'} is not the version ${SCHEMA_VERSION} this release knows`,
    },
  ];
}

/** `PRAGMA integrity_check` answers the single row "ok" for a sound database. */
export function checkIntegrity(rows: readonly string[]): Failure[] {
  if (rows.length === 1 && rows[0] === 'ok') return [];
  return rows.map((r) => ({ kind: 'integrity' as const, puzzleId: null, detail: r }));
}

/**
 * Stored nodes measured by another solver version cannot be reproduced: one failure for the whole
 * catalog, naming the versions and how many puzzles carry each (null: no version recorded).
 */
export function checkSolverVersions(counts: ReadonlyMap<string | null, number>): Failure[] {
  const other = [...counts].filter(([v, n]) => v !== REFERENCE_VERSION && n > 0);
  if (other.length === 0) return [];
  const what = other.map(([v, n]) => `${n} puzzle${n === 1 ? '' : 's'} by ${v ?? 'an unrecorded solver'}`).join(', ');
  return [
    {
      kind: 'solver-version-mismatch',
      puzzleId: null,
      detail: `node counts of ${what} cannot be reproduced by ${REFERENCE_VERSION}; rebuild or re-grade them`,
    },
  ];
}

/** Every size holding puzzles needs current thresholds, or its tiers mean nothing. */
export function checkThresholdsPresent<K extends number | string>(
  puzzlesPerSize: ReadonlyMap<K, number>,
  sizesWithThresholds: ReadonlySet<K>,
  name: (size: K) => string = (m) => `M=${m}`,
): Failure[] {
  const out: Failure[] = [];
  for (const [m, n] of puzzlesPerSize) {
    if (!sizesWithThresholds.has(m)) {
      out.push({
        kind: 'missing-thresholds',
        puzzleId: null,
        detail: `${name(m)}: no current thresholds for its ${n} puzzles, so their tiers cannot be checked`,
      });
    }
  }
  return out;
}

/**
 * Scores graded by another grader version cannot be checked: one failure for the whole catalog
 * (as for node counts), so editing a build's recorded version cannot quietly skip the check.
 */
export function checkGraderVersions(counts: ReadonlyMap<string | null, number>): Failure[] {
  const other = [...counts].filter(([v, n]) => v !== GRADER_VERSION && n > 0);
  if (other.length === 0) return [];
  const what = other.map(([v, n]) => `${n} puzzle${n === 1 ? '' : 's'} by ${v ?? 'an unrecorded grader'}`).join(', ');
  return [
    {
      kind: 'grader-version-mismatch',
      puzzleId: null,
      detail: `grades of ${what} cannot be checked by ${GRADER_VERSION}; migrate or rebuild them`,
    },
  ];
}

const describeObject = (o: SchemaObject): string =>
  o.type === 'table' || o.name === o.tbl_name ? `${o.type} ${o.name}` : `${o.type} ${o.name} on ${o.tbl_name}`;

/**
 * The catalog must hold exactly the objects this release's schema makes, SQL text and all: a
 * trigger, view, index or table added (or dropped, or changed) outside dominosa fails. An
 * `optional` object (a table only some verb makes) may be missing, but if there, must match too.
 */
export function checkSchemaObjects(
  actual: readonly SchemaObject[],
  expected: readonly SchemaObject[],
  optional: readonly SchemaObject[] = [],
): Failure[] {
  const key = (o: SchemaObject): string => `${o.type}\0${o.name}`;
  const have = new Map(actual.map((o) => [key(o), o]));
  const want = new Map([...expected, ...optional.filter((o) => have.has(key(o)))].map((o) => [key(o), o]));
  const out: Failure[] = [];
  const fail = (detail: string): void => {
    out.push({ kind: 'schema-mismatch', puzzleId: null, detail });
  };
  for (const [k, o] of have) {
    const w = want.get(k);
    if (w === undefined)
      fail(`unknown ${describeObject(o)}: this release's schema has no such object (added outside dominosa?)`);
    else if (w.sql !== o.sql || w.tbl_name !== o.tbl_name)
      fail(`${describeObject(o)} differs from this release's definition`);
  }
  for (const [k, o] of want) if (!have.has(k)) fail(`${describeObject(o)} is missing`);
  return out;
}

/**
 * The stored digest must equal the one recomputed from the rows and the schema: a row count
 * that differs means rows were deleted or inserted, an equal count with another sum that rows
 * were changed, swapped or replaced, all outside dominosa.
 */
export function checkDigests(
  stored: ReadonlyMap<string, StoredDigest>,
  actual: ReadonlyMap<string, StoredDigest>,
): Failure[] {
  const out: Failure[] = [];
  for (const [name, a] of actual) {
    const s = stored.get(name);
    const what = name === 'schema' ? 'the schema' : `table ${name}`;
    let detail: string | null = null;
    if (s === undefined) detail = `${what} has no digest recorded`;
    else if (s.rows !== a.rows)
      detail = `${what} holds ${a.rows} ${name === 'schema' ? 'objects' : 'rows'}, its digest records ${s.rows}: ${name === 'schema' ? 'objects' : 'rows'} were added or deleted outside dominosa`;
    else if (s.sum !== a.sum)
      detail = `${what} does not match its digest: ${name === 'schema' ? 'an object' : 'a row'} was changed, swapped or replaced outside dominosa`;
    if (detail !== null) out.push({ kind: 'digest-mismatch', puzzleId: null, detail });
  }
  for (const name of stored.keys()) {
    if (!actual.has(name))
      out.push({
        kind: 'digest-mismatch',
        puzzleId: null,
        detail: `the digest records a table ${name} this release does not digest`,
      });
  }
  return out;
}
