// The independent Sudomino proof for audits: the board as a Boolean formula (cnf.ts), decided
// by the clause-learning solver in src/sat/cdcl.ts, which knows no puzzle, and counted by
// src/sat/count.ts: each model is checked against the rules (check.ts) before it counts, so
// "unique" is a checked solution plus a refutation of every other.
// Shares no code with solver.ts.
import { cellValues, type Board } from '../board.js';
import type { SatBudget } from '../../sat/cdcl.js';
import { countModels } from '../../sat/count.js';
import { checkAnswer } from './check.js';
import { holds, boardCnf } from './cnf.js';

/** Names the independent proof (cnf.ts and src/sat/cdcl.ts): bump when either changes. */
export const PROOF_VERSION = 'sudomino-cnf-1';

export interface SatCountOptions extends SatBudget {
  /** Stop after this many solutions (default 2; values below 1 act as 1). */
  cap?: number;
}

export interface SatCountResult {
  status: 'unique' | 'multiple' | 'none' | 'gave-up';
  solutions: number;
  /** Conflicts over all the solver's calls: its measure of effort. */
  conflicts: number;
  /** The first solution, one value per cell (0 where blocked). */
  solution: Uint8Array | null;
}

/** Count a board's solutions up to the cap, by satisfiability. */
export function countBySat(board: Board, options: SatCountOptions = {}): SatCountResult {
  const cap = Math.max(1, Math.floor(options.cap ?? 2));
  const N = board.values;
  const D = board.given.length;
  const x = (d: number, v: number): number => holds(N, d, v);
  const sat = boardCnf(board, true);
  const perDomino = new Uint8Array(D);
  const counted = countModels(sat, options, cap, () => {
    const block: number[] = [];
    for (let d = 0; d < D; d++) {
      for (let v = 1; v <= N; v++) {
        if (!sat.modelValue(x(d, v))) continue;
        perDomino[d] = v;
        block.push(2 * x(d, v) + 1);
      }
    }
    const found = cellValues(board, perDomino);
    // A model that breaks a rule is a fault in the encoding, not an answer.
    const why = checkAnswer(board, found);
    if (why !== null) throw new Error(`sudomino satcount: a model that is no solution (${why})`);
    return { model: found, block };
  });
  return { status: counted.status, solutions: counted.solutions, conflicts: sat.conflicts, solution: counted.first };
}
