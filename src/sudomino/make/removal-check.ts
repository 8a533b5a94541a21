// Whether a given can go, at every step of one thinning (generator.ts, tiered.ts). Most steps
// are settled by a short search of solver.ts; the hard ones, near the end of a large board's
// thinning, by one Boolean formula of the layout (solve/cnf.ts) kept for the whole thinning with
// the givens assumed, so what the clause-learning solver learns at one step serves the next, as
// Simon Tatham's generators keep their solver's deductions while they take clues away.
import type { Board } from '../board.js';
import type { Cdcl } from '../../sat/cdcl.js';
import { holds, boardCnf } from '../solve/cnf.js';
import { Solver } from '../solve/solver.js';
import { checkInterrupt, Interrupted } from '../../interrupted.js';

/**
 * Search nodes a step may take before the formula decides it, while the thinning has no formula
 * yet: making one costs more than most searches, so it is made only for a step that a long
 * search cannot settle (scripts/bench/README.md measures both budgets).
 */
export const SEARCH_NODES_FIRST = 10_000;
/** The budget once the formula is made: it is there to be used, and answers a hard step sooner. */
export const SEARCH_NODES = 100;

export class RemovalCheck {
  /** The layout's formula, made at the first step the search cannot settle. */
  private sat: Cdcl | null = null;
  private readonly assumed: number[] = [];
  /** Steps the search settled, and steps the formula did. */
  searched = 0;
  formulaSteps = 0;

  /**
   * `board` is the one being thinned (its given array is read at every step), `filling` its
   * solution, every domino given at the start; `searchNodes` the search's budget per step once
   * the formula is made, `firstNodes` its budget before.
   */
  constructor(
    private readonly board: Board,
    private readonly filling: Uint8Array,
    private readonly solver = new Solver(),
    private readonly searchNodes = SEARCH_NODES,
    private readonly firstNodes = SEARCH_NODES_FIRST,
  ) {}

  /**
   * With domino d's given just taken from the board, which was unique with it: whether it is
   * still unique, that is whether no solution gives d another value (generator.ts staysUnique
   * says why). Either way of deciding answers that one question, so the puzzles made are the
   * same whichever decided a step. An interrupt throws Interrupted.
   */
  staysUnique(d: number, interrupt?: () => boolean): boolean {
    checkInterrupt(interrupt);
    const { board, filling } = this;
    const v = filling[d];
    const res = this.solver.solve(board, {
      cap: 1,
      solution: false,
      interrupt,
      without: [d, v],
      maxNodes: this.sat === null ? this.firstNodes : this.searchNodes,
    });
    if (res.limit === 'time') throw new Interrupted();
    if (res.limit !== 'nodes') {
      this.searched++;
      return res.solutions === 0;
    }
    this.formulaSteps++;
    const N = board.values;
    const sat = (this.sat ??= boardCnf(board, false));
    const assumed = this.assumed;
    assumed.length = 0;
    const given = board.given;
    for (let e = 0; e < given.length; e++) if (given[e] !== 0) assumed.push(2 * holds(N, e, given[e]));
    assumed.push(2 * holds(N, d, v) + 1);
    const answer = sat.solve({ interrupt }, assumed);
    if (answer === 'unknown') throw new Interrupted();
    return answer === 'unsat';
  }
}
