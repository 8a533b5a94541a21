// Recorded audit verdicts (the optional verdicts table, written by `dominosa audit --record`): a
// row says a puzzle passed every per-puzzle check of audit. It holds while the row it judged is
// unchanged (its checksum, and for a variant its base's) and this release's judges of its kind are
// the ones that judged it (independent proof, node counter, grader: KindVersions); export then
// trusts it instead of proving the puzzle again, and proves again whatever it does not hold for.
import type { KindVersions, StoredSize } from './check.js';

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
  puzzle: StoredSize & { id: number; checksum: string; base_id: number | null };
  base: { checksum: string } | null;
  /** The solver version of the stored nodes (audit counts them again only when the kind's versions say so). */
  solverVersion: string | null;
  /** The grader version of the stored score (audit grades a base again only when the kind's versions say so). */
  graderVersion: string | null;
}

/** The verdict this release records for a puzzle that passed, under its kind's judges. */
export function passVerdict(p: JudgedPuzzle, auditedAt: string, judges: KindVersions): VerdictRow {
  return {
    puzzle_id: p.puzzle.id,
    checksum: p.puzzle.checksum,
    base_checksum: p.base?.checksum ?? null,
    proof_version: judges.proof,
    solver_version: judges.reference,
    grader_version: judges.grader,
    audited_at: auditedAt,
  };
}

/**
 * Why a recorded verdict cannot stand in for the full checks of this puzzle, or null when it can:
 * none recorded; the row or its base changed since; another release's judges of its kind; or
 * checks audit skips (nodes of another solver, a score of another grader), which only a full check
 * reports.
 */
export function staleVerdict(v: VerdictRow | undefined, p: JudgedPuzzle, judges: KindVersions): string | null {
  if (v === undefined) return 'no verdict recorded';
  if (v.puzzle_id !== p.puzzle.id) return 'the verdict is of another puzzle';
  if (v.checksum !== p.puzzle.checksum) return 'the puzzle changed since its verdict';
  if (v.base_checksum !== (p.puzzle.base_id === null ? null : (p.base?.checksum ?? null)))
    return 'its base changed since its verdict';
  if (v.proof_version !== judges.proof)
    return `the verdict is of proof ${v.proof_version}, this release's is ${judges.proof}`;
  if (v.solver_version !== judges.reference)
    return `the verdict is of solver ${v.solver_version}, this release's is ${judges.reference}`;
  if (v.grader_version !== judges.grader)
    return `the verdict is of grader ${v.grader_version}, this release's is ${judges.grader}`;
  if (!judges.remeasuresNodes(p.puzzle, p.solverVersion)) return 'its nodes are of another solver';
  if (p.puzzle.base_id === null && !judges.regrades(p.graderVersion)) return 'its score is of another grader';
  return null;
}
