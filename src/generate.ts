// Rejection generation of one catalog slot: sample a uniform tiling, deal a shuffled set onto
// it, and keep the first deal the solver proves unique. Slot k of size M draws all its
// randomness from derive(seed, M, k), so a slot's puzzle does not depend on who makes it, or when.
import type { Board } from './board.js';
import { dealOnto } from './deal.js';
import { referenceNodes } from './grade/reference.js';
import { pairCount } from './pairs.js';
import { derive } from './rng.js';
import type { Solution } from './solution.js';
import { RULES, Solver, type SolveOptions } from './solver.js';
import { tilingFor, tilingToSolution } from './tiling.js';
import { canonicalHash } from './transform.js';

export interface GeneratedPuzzle {
  m: number;
  /** Wide: M+1 rows × M+2 columns. */
  board: Board;
  solution: Solution;
  /** Deals tried for this slot, the kept one included (≥ 1). */
  attempts: number;
  /** referenceNodes(board): the difficulty measure. */
  nodes: number;
  canonicalHash: string;
  method: 'rejection';
}

export type SlotResult = { ok: true; puzzle: GeneratedPuzzle } | { ok: false; attempts: number; reason: string };

export interface GenerateOptions {
  /** Deals to try before the slot is given up (default 100000). */
  maxAttempts?: number;
  /** Node budget of the uniqueness proof per deal; a deal that runs out is rejected (default 50000). */
  maxNodes?: number;
}

const DEFAULT_MAX_ATTEMPTS = 100_000;
const DEFAULT_MAX_NODES = 50_000;

/** Per-size buffers: the tiling, the dealt values and a board view over them. */
interface SizeState {
  m: number;
  rows: number;
  cols: number;
  mate: Int32Array;
  cells: Uint16Array;
  board: Board;
}

/**
 * Makes slots one after another with one solver and one set of buffers per size, so a stream of
 * attempts allocates little beyond what the deal itself needs. Not re-entrant.
 */
export class Generator {
  readonly solver: Solver;
  private state: SizeState | null = null;

  constructor(solver: Solver = new Solver()) {
    this.solver = solver;
  }

  generateSlot(seed: number, m: number, slot: number, options: GenerateOptions = {}): SlotResult {
    if (!Number.isSafeInteger(m) || m < 1) return { ok: false, attempts: 0, reason: `M=${m} is not a whole number ≥ 1` };
    if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(slot) || slot < 0) {
      return { ok: false, attempts: 0, reason: `seed ${seed} / slot ${slot} must be safe integers, slot ≥ 0` };
    }
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const rows = m + 1;
    const cols = m + 2;
    const source = tilingFor(rows, cols);
    // The flip chain is only approximately uniform; larger sizes wait for the repair method.
    if (!source.exact) {
      return { ok: false, attempts: 0, reason: `M=${m}: no exact tiling sampler for ${rows}x${cols} (rejection supports smaller sizes)` };
    }
    const st = this.sizeState(m);
    const prove: SolveOptions = {
      rules: RULES,
      cap: 2,
      maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
      squareSwap: true,
      solution: false,
    };
    const rng = derive(seed, m, slot);
    for (let attempts = 1; attempts <= maxAttempts; attempts++) {
      source.sample(rng, st.mate);
      dealOnto(st.mate, rows, cols, m, rng, { avoidSquares: true }, st.cells);
      // 'gave-up' counts as a rejection: it is not proven unique.
      if (this.solver.solve(st.board, prove).status !== 'unique') continue;
      // A unique board's only solution is the tiling it was dealt on, so no need to rebuild it.
      const board: Board = { rows, cols, m, cells: st.cells.slice() };
      const puzzle: GeneratedPuzzle = {
        m,
        board,
        solution: tilingToSolution(st.mate, rows, cols),
        attempts,
        nodes: referenceNodes(board, this.solver),
        canonicalHash: canonicalHash(board),
        method: 'rejection',
      };
      return { ok: true, puzzle };
    }
    return { ok: false, attempts: maxAttempts, reason: `no unique deal in ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}` };
  }

  private sizeState(m: number): SizeState {
    if (this.state?.m === m) return this.state;
    const rows = m + 1;
    const cols = m + 2;
    const n = 2 * pairCount(m);
    const mate = new Int32Array(n);
    const cells = new Uint16Array(n);
    this.state = { m, rows, cols, mate, cells, board: { rows, cols, m, cells } };
    return this.state;
  }
}
