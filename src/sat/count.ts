// Counting a formula's models up to a cap, as both kinds' independent proofs do: each model is
// read (and checked) by the caller, then forbidden by the clause it hands back, and the solver
// asked again, so "unique" is one checked model plus a refutation of every other.
import type { Cdcl, SatBudget } from './cdcl.js';

export type CountStatus = 'unique' | 'multiple' | 'none' | 'gave-up';

export interface ModelCount<T> {
  status: CountStatus;
  /** Models found (never more than the cap). */
  solutions: number;
  /** The first model, as `take` read it. */
  first: T | null;
}

/**
 * Count models up to `cap` (at least 1). `take` reads the current model and returns it with the
 * literals that forbid it; an empty clause means no variable tells models apart, so it is the only one.
 */
export function countModels<T>(
  sat: Cdcl,
  budget: SatBudget,
  cap: number,
  take: () => { model: T; block: number[] },
): ModelCount<T> {
  let solutions = 0;
  let first: T | null = null;
  for (;;) {
    const answer = sat.solve(budget);
    if (answer === 'unknown') return { status: 'gave-up', solutions, first };
    if (answer === 'unsat')
      return { status: solutions === 0 ? 'none' : solutions === 1 ? 'unique' : 'multiple', solutions, first };
    const { model, block } = take();
    solutions++;
    first ??= model;
    // Stopped by the cap at one model, uniqueness is not proved.
    if (solutions >= cap) return { status: solutions >= 2 ? 'multiple' : 'gave-up', solutions, first };
    if (block.length === 0) return { status: 'unique', solutions, first };
    sat.addClause(block);
  }
}
