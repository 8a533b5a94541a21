// Rules keep their scratch in the GradeState they work on, never in their module: two states
// stepped in turn, one deduction each, make exactly the deductions each makes alone.
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/dominosa/board.js';
import { gradeBoard, Grader, LADDER } from '../../../src/dominosa/grade/ladder.js';
import { GradeState } from '../../../src/dominosa/grade/state.js';
import { uniqueBoards } from './helpers.js';

/** One deduction as the ladder makes it (the easiest rule that fires), told as a string. */
function step(g: GradeState): string | null {
  if (g.solved || g.broken) return null;
  for (const rule of LADDER) {
    g.eliminatedNow.length = 0;
    g.reason = null;
    const placed = g.placedLen;
    if (!rule.apply(g)) continue;
    const laid = Array.from(g.placed.subarray(placed, g.placedLen));
    return JSON.stringify([rule.name, g.eliminatedNow, laid, g.reason]);
  }
  return null;
}

function load(board: Board): GradeState {
  const g = new GradeState().load(board);
  g.logging = true;
  return g;
}

/** Every step of the board's solve, on a state of its own. */
function alone(board: Board): string[] {
  const g = load(board);
  const out: string[] = [];
  for (let s = step(g); s !== null; s = step(g)) out.push(s);
  return out;
}

describe('GradeState owns its rules’ scratch', () => {
  // Boards that need the hard rules (sets, parity, chains), of different sizes, paired off.
  const hard = [7, 8, 9]
    .flatMap((m) => uniqueBoards(m, 12, 61).map((u) => u.board))
    .filter((b) => gradeBoard(b).level >= 5);

  it('two states stepped in turn make the same deductions as each alone', () => {
    expect(hard.length).toBeGreaterThanOrEqual(8);
    const rulesSeen = new Set<string>();
    for (let i = 0; i + 1 < hard.length; i += 2) {
      const [a, b] = [hard[i], hard[hard.length - 1 - i]];
      const expectA = alone(a);
      const expectB = alone(b);
      const ga = load(a);
      const gb = load(b);
      const gotA: string[] = [];
      const gotB: string[] = [];
      for (;;) {
        const sa = step(ga);
        const sb = step(gb);
        if (sa !== null) gotA.push(sa);
        if (sb !== null) gotB.push(sb);
        if (sa === null && sb === null) break;
      }
      expect(gotA).toEqual(expectA);
      expect(gotB).toEqual(expectB);
      for (const s of gotA) rulesSeen.add(JSON.parse(s)[0]);
    }
    // The interleaving reached the rules that keep scratch.
    for (const name of ['duplicateOfOwnPair', 'cellsClaimPairs', 'lookaheadRefutes'])
      expect(rulesSeen.has(name), name).toBe(true);
  });

  it('graders of their own give what the shared gradeBoard gives, whatever was graded between', () => {
    const one = new Grader();
    const two = new Grader();
    for (let i = 0; i < hard.length; i++) {
      const board = hard[i];
      const other = hard[hard.length - 1 - i];
      two.grade(other, { log: true });
      expect(one.grade(board, { log: true })).toEqual(gradeBoard(board, { log: true }));
    }
  });
});
