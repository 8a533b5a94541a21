// What `solve` asks of a kind (src/kind.ts, `solving`): its boards' budgets, and a prover that
// proves each board under them and words the result as solve prints it, the verb keeping the
// clock, the input and the output.
import type { BoardBudgets } from './budget.js';

/** What one solve run asks of every board: the budgets, the output format and --explain. */
export interface SolveRun {
  /** Stop counting at this many solutions. */
  cap: number;
  /** Search nodes per board. */
  maxNodes: number;
  format: 'text' | 'jsonl';
  /** Follow each result with the deductions in words (only a kind with `explain`). */
  explain: boolean;
}

/** One board's time: its limit in milliseconds (Infinity: none), and the clock a solve polls (absent: none). */
export interface BoardClock {
  limitMs: number;
  interrupt: (() => boolean) | undefined;
}

/** A prover for one run, reused from board to board (its scratch space kept between them). */
export interface BoardProver<B = unknown> {
  /** Prove one board: its result in the run's format, a text block or a JSON line, ending in a newline. */
  prove(index: number, board: B, clock: BoardClock): string;
}

export interface KindSolving<B = unknown> extends BoardBudgets<B> {
  prover(run: SolveRun): BoardProver<B>;
  /**
   * The deductions that solve a board, in words, one a step (solve --explain); absent: the kind
   * has none to tell, and solve refuses --explain in one line.
   */
  explain?(board: B): string[];
}
