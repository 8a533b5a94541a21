// Sudomino's part of `grade` (src/grade/grading.ts): each board proved unique as solve proves it,
// then graded as a person would solve it: level, tier, score, the techniques used and, with
// --explain, every step in words. Its grader never searches, so it takes no search budget.
import { Interrupted } from '../../interrupted.js';
import { numberedSteps } from '../../grade/numbered-steps.js';
import type { BoardGrader, GradeRun, KindGrading } from '../../grade/grading.js';
import { boardName } from '../../solve/board-name.js';
import type { BoardClock } from '../../solve/solving.js';
import type { Board } from '../board.js';
import { Solver, type SolveResult } from '../solve/solver.js';
import { explainSteps } from './explain.js';
import { LADDER, Grader, type GradeResult } from './ladder.js';

function grader(run: GradeRun): BoardGrader<Board> {
  const solver = new Solver();
  const grader = new Grader();
  return {
    grade(index: number, board: Board, clock: BoardClock): string {
      // Only a puzzle with exactly one solution is graded: the grader assumes one.
      let proof = solver.solve(board, { cap: 2, interrupt: clock.interrupt, solution: false });
      let graded: GradeResult | null = null;
      try {
        if (proof.status === 'unique') graded = grader.grade(board, { log: run.explain, interrupt: clock.interrupt });
      } catch (e) {
        if (!(e instanceof Interrupted)) throw e;
        // The clock ran out while grading: the board gave up on its time, as a proof cut short does.
        proof = { ...proof, status: 'gave-up', limit: 'time' };
      }
      return run.format === 'jsonl'
        ? jsonLine(index, board, proof, graded, run.explain)
        : textLines(index, board, proof, graded, run.explain);
    },
  };
}

export const grading: KindGrading<Board> = { grader };

function usedTechniques(r: GradeResult): string[] {
  return LADDER.filter((rule) => r.uses[rule.technique] > 0).map(
    (rule) => `${rule.technique} ${r.uses[rule.technique]}`,
  );
}

function jsonLine(index: number, board: Board, proof: SolveResult, r: GradeResult | null, explain: boolean): string {
  const id = board.meta?.id;
  const head = { index, ...(id === undefined ? {} : { id }), kind: 'sudomino', status: proof.status };
  const body =
    r === null
      ? { grade: null, level: null, tier: null, score: null, solved: false }
      : {
          grade: r.levelName,
          level: r.level,
          tier: r.tier,
          score: r.score,
          uses: r.uses,
          solved: r.status === 'solved',
        };
  const told = explain && r !== null ? { explain: explainSteps(board, r.steps) } : {};
  return `${JSON.stringify({ ...head, ...body, ...told })}\n`;
}

function textLines(index: number, board: Board, proof: SolveResult, r: GradeResult | null, explain: boolean): string {
  const name = boardName(index, board);
  if (r === null) {
    const why =
      proof.status === 'multiple'
        ? 'more than one solution'
        : proof.status === 'none'
          ? 'no solution'
          : 'the proof ran out of budget';
    return `${name}: ${proof.status}, not a valid puzzle (${why}); not graded\n`;
  }
  const stuck =
    r.status === 'solved' ? `, tier ${r.tier}` : ' (stuck: no technique of the ladder finishes it; no tier)';
  const line = `${name}: ${r.levelName} (level ${r.level})${stuck}, score ${r.score.toFixed(3)}; techniques: ${usedTechniques(r).join(', ') || 'none'}\n`;
  if (!explain) return line;
  return `${line}${numberedSteps(explainSteps(board, r.steps))}`;
}
