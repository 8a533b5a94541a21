// Replaying a grader's log on its board, independently of the grader's own state: the check
// that the logged steps, taken in order, lay a complete and legal solution.
import type { Board } from '../board.js';
import { pairCount, pairIndex } from '../pairs.js';
import { type Solution, solutionFromCellPairs } from '../solve/solution.js';
import type { Step } from './step.js';

/**
 * Apply the logged eliminations and placements in order. Returns the solution they lay, or
 * null if a step lays a domino off the grid, on a covered cell, on a ruled-out placement or a
 * pair a second time, or if the log ends before the board is full.
 */
export function replaySteps(board: Board, steps: Step[]): Solution | null {
  const { rows, cols, m, cells } = board;
  const n = rows * cols;
  const ruledOut = new Set<number>();
  const covered = new Uint8Array(n);
  const used = new Uint8Array(pairCount(m));
  const laid: number[] = [];
  const key = (r1: number, c1: number, r2: number, c2: number): number => {
    const a = r1 * cols + c1;
    const b = r2 * cols + c2;
    return a < b ? a * n + b : b * n + a;
  };
  for (const step of steps) {
    for (const [r1, c1, r2, c2] of step.eliminated) ruledOut.add(key(r1, c1, r2, c2));
    for (const [r1, c1, r2, c2] of step.placed) {
      if (![r1, r2].every((r) => r >= 0 && r < rows) || ![c1, c2].every((c) => c >= 0 && c < cols)) return null;
      if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return null;
      const a = r1 * cols + c1;
      const b = r2 * cols + c2;
      const q = pairIndex(cells[a], cells[b]);
      if (covered[a] || covered[b] || used[q] || ruledOut.has(key(r1, c1, r2, c2))) return null;
      covered[a] = covered[b] = 1;
      used[q] = 1;
      laid.push(a, b);
    }
  }
  if (laid.length !== n) return null;
  return solutionFromCellPairs(cols, laid, n / 2);
}
