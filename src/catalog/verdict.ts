// Recorded audit verdicts (the optional verdicts table, written by `dominosa audit --record`): a
// row says a puzzle passed every per-puzzle check of audit. It holds while the row it judged is
// unchanged (its checksum, and for a variant its base's) and this release's judges are the ones
// that judged it (independent proof, node counter, grader); export then trusts it instead of
// proving the puzzle again, and proves again whatever it does not hold for.
import { REFERENCE_VERSION, sameCounts } from '../dominosa/rank/reference.js';
import { GRADER_VERSION } from '../dominosa/rank/stored.js';
import { PROOF_VERSION } from '../dominosa/solve/independent.js';
import type { KindName } from '../kind-name.js';
import { SUDOMINO_GRADER_VERSION } from '../sudomino/grade/ladder.js';
import { SUDOMINO_REFERENCE_VERSION } from '../sudomino/rank/stored.js';
import { SUDOMINO_PROOF_VERSION } from '../sudomino/solve/satcount.js';

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
  puzzle: { id: number; m: number; checksum: string; base_id: number | null; kind?: KindName };
  base: { checksum: string } | null;
  /** The solver version of the stored nodes (audit re-measures them only when it counts as REFERENCE_VERSION does). */
  solverVersion: string | null;
  /** The grader version of the stored score (audit re-grades only under GRADER_VERSION). */
  graderVersion: string | null;
}

/** This release's judges of a kind's puzzles: independent proof, node counter, grader. */
function judges(kind: KindName | undefined): { proof: string; solver: string; grader: string } {
  return kind === 'sudomino'
    ? { proof: SUDOMINO_PROOF_VERSION, solver: SUDOMINO_REFERENCE_VERSION, grader: SUDOMINO_GRADER_VERSION }
    : { proof: PROOF_VERSION, solver: REFERENCE_VERSION, grader: GRADER_VERSION };
}

/** The verdict this release records for a puzzle that passed. */
export function passVerdict(p: JudgedPuzzle, auditedAt: string): VerdictRow {
  const j = judges(p.puzzle.kind);
  return {
    puzzle_id: p.puzzle.id,
    checksum: p.puzzle.checksum,
    base_checksum: p.base?.checksum ?? null,
    proof_version: j.proof,
    solver_version: j.solver,
    grader_version: j.grader,
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
  if (v.base_checksum !== (p.puzzle.base_id === null ? null : (p.base?.checksum ?? null)))
    return 'its base changed since its verdict';
  const j = judges(p.puzzle.kind);
  if (v.proof_version !== j.proof) return `the verdict is of proof ${v.proof_version}, this release's is ${j.proof}`;
  if (v.solver_version !== j.solver)
    return `the verdict is of solver ${v.solver_version}, this release's is ${j.solver}`;
  if (v.grader_version !== j.grader)
    return `the verdict is of grader ${v.grader_version}, this release's is ${j.grader}`;
  // Audit measures a Sudomino puzzle's nodes and grade again whatever version stored them.
  if (p.puzzle.kind === 'sudomino') return null;
  if (p.solverVersion === null || !sameCounts(p.solverVersion, REFERENCE_VERSION, p.puzzle.m))
    return 'its nodes are of another solver';
  if (p.puzzle.base_id === null && p.graderVersion !== GRADER_VERSION) return 'its score is of another grader';
  return null;
}
