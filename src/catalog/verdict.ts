// Recorded audit verdicts (the optional verdicts table, written by `dominosa audit --record`): a
// row says a puzzle passed every per-puzzle check of audit. It holds while the row it judged is
// unchanged (its checksum, and for a variant its base's) and this release's judges are the ones
// that judged it (independent proof, node counter, grader); export then trusts it instead of
// proving the puzzle again, and proves again whatever it does not hold for.
import { REFERENCE_VERSION, sameCounts } from '../dominosa/rank/reference.js';
import { GRADER_VERSION } from '../dominosa/rank/stored.js';
import { PROOF_VERSION } from '../dominosa/solve/independent.js';

/** A row of the verdicts table. */
export interface VerdictRow {
  puzzle_id: number;
  checksum: string;
  /** The base's checksum for a variant (the variant was checked against that base), else null. */
  base_checksum: string | null;
  proof_version: string;
  solver_version: string;
  grader_version: string;
  audited_at: string;
}

/** What a verdict is checked against: the stored row, its base, and the versions its checks ran under. */
export interface JudgedPuzzle {
  puzzle: { id: number; m: number; checksum: string; base_id: number | null };
  base: { checksum: string } | null;
  /** The solver version of the stored nodes (audit re-measures them only when it counts as REFERENCE_VERSION does). */
  solverVersion: string | null;
  /** The grader version of the stored score (audit re-grades only under GRADER_VERSION). */
  graderVersion: string | null;
}

/** The verdict this release records for a puzzle that passed. */
export function passVerdict(p: JudgedPuzzle, auditedAt: string): VerdictRow {
  return {
    puzzle_id: p.puzzle.id,
    checksum: p.puzzle.checksum,
    base_checksum: p.base?.checksum ?? null,
    proof_version: PROOF_VERSION,
    solver_version: REFERENCE_VERSION,
    grader_version: GRADER_VERSION,
    audited_at: auditedAt,
  };
}

/**
 * Why a recorded verdict cannot stand in for the full checks of this puzzle, or null when it can:
 * none recorded; the row or its base changed since; another release's judges; or checks audit
 * skips (nodes of another solver, a score of another grader), which only a full check reports.
 */
export function staleVerdict(v: VerdictRow | undefined, p: JudgedPuzzle): string | null {
  if (v === undefined) return 'no verdict recorded';
  if (v.puzzle_id !== p.puzzle.id) return 'the verdict is of another puzzle';
  if (v.checksum !== p.puzzle.checksum) return 'the puzzle changed since its verdict';
  if (v.base_checksum !== (p.puzzle.base_id === null ? null : (p.base?.checksum ?? null))) return 'its base changed since its verdict';
  if (v.proof_version !== PROOF_VERSION) return `the verdict is of proof ${v.proof_version}, this release's is ${PROOF_VERSION}`;
  if (v.solver_version !== REFERENCE_VERSION) return `the verdict is of solver ${v.solver_version}, this release's is ${REFERENCE_VERSION}`;
  if (v.grader_version !== GRADER_VERSION) return `the verdict is of grader ${v.grader_version}, this release's is ${GRADER_VERSION}`;
  if (p.solverVersion === null || !sameCounts(p.solverVersion, REFERENCE_VERSION, p.puzzle.m)) return 'its nodes are of another solver';
  if (p.puzzle.base_id === null && p.graderVersion !== GRADER_VERSION) return 'its score is of another grader';
  return null;
}
