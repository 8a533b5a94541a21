// The second proof audit and export rely on: the dancing-links counter (exactcover.ts) on small
// boards, where it is quickest, and the clause-learning proof (satproof.ts) above, or where
// dancing links runs past its node budget; neither shares code with solver.ts. The measured
// switch is measured by npm run bench (scripts/bench/README.md, "Solver").
import type { Board } from '../board.js';
import { countExactCover } from './exactcover.js';
import { countBySat } from './satproof.js';
import type { Solution } from './solution.js';

/**
 * The second proof's version, which a recorded audit verdict names: bump it with any change to
 * exactcover.ts, cdcl.ts, satproof.ts or the switch below that can change a verdict, so export
 * proves again what it judged (reusing exactcover.ts's buffers, which changes no count, kept it).
 */
export const PROOF_VERSION = 'dlx-cdcl-1';

/** Largest M the dancing-links counter is tried on first. */
export const EXACT_COVER_UP_TO = 12;
/** Search nodes dancing links may spend before the clause-learning proof takes over. */
export const EXACT_COVER_NODES = 20_000;

export interface IndependentProof {
  status: 'unique' | 'multiple' | 'none' | 'gave-up';
  solutions: number;
  solution: Solution | null;
  /** Which method gave the verdict. */
  method: 'exact-cover' | 'sat';
}

/** Count a board's solutions up to two by a method independent of the propagation solver. */
export function proveIndependently(board: Board, options: { interrupt?: () => boolean } = {}): IndependentProof {
  if (board.m <= EXACT_COVER_UP_TO) {
    const dlx = countExactCover(board, { maxNodes: EXACT_COVER_NODES });
    if (dlx.status !== 'gave-up')
      return { status: dlx.status, solutions: dlx.solutions, solution: dlx.solution, method: 'exact-cover' };
  }
  const sat = countBySat(board, { interrupt: options.interrupt });
  return { status: sat.status, solutions: sat.solutions, solution: sat.solution, method: 'sat' };
}
