// A Sudomino board as a Boolean formula for the clause-learning solver (src/sat/cdcl.ts):
// variable d·N + v-1 says domino d holds v. The independent proof (satcount.ts) states the
// givens as clauses; the generator's removal check (make/removal-check.ts) assumes them instead,
// so one formula serves every step of a thinning.
import { Cdcl } from '../../sat/cdcl.js';
import type { Board } from '../board.js';

/** The variable for "domino d holds v" on a board of N values. */
export function holds(N: number, d: number, v: number): number {
  return d * N + (v - 1);
}

/** The board's rules as clauses, and each given as a unit clause when `givens` says so. */
export function boardCnf(board: Board, givens: boolean): Cdcl {
  const N = board.values;
  const D = board.given.length;
  const sat = new Cdcl(D * N);
  // Each domino holds exactly one value; a given one holds its own.
  for (let d = 0; d < D; d++) {
    const some: number[] = [];
    for (let v = 1; v <= N; v++) some.push(2 * holds(N, d, v));
    sat.addClause(some);
    for (let v = 1; v <= N; v++)
      for (let w = v + 1; w <= N; w++) sat.addBinary(2 * holds(N, d, v) + 1, 2 * holds(N, d, w) + 1);
    if (givens && board.given[d] !== 0) sat.addClause([2 * holds(N, d, board.given[d])]);
  }
  // Two different dominoes of one line never hold one value. A line of N entries holds every
  // value (implied by the first rule, stated so the solver need not find the pigeonhole).
  const { lineStart, lineDominoes } = board;
  for (let l = 0; l + 1 < lineStart.length; l++) {
    const s = lineStart[l];
    const t = lineStart[l + 1];
    for (let v = 1; v <= N; v++) {
      for (let i = s; i < t; i++)
        for (let j = i + 1; j < t; j++)
          sat.addBinary(2 * holds(N, lineDominoes[i], v) + 1, 2 * holds(N, lineDominoes[j], v) + 1);
      if (t - s === N) {
        const some: number[] = [];
        for (let i = s; i < t; i++) some.push(2 * holds(N, lineDominoes[i], v));
        sat.addClause(some);
      }
    }
  }
  return sat;
}
