// Dominosa's part of `grade` (src/grade/grading.ts): each board proved unique as solve proves it,
// then graded as the catalog grades it (the grader on the board's canonical representative,
// rank/stored.ts), so a puzzle's score here is the score the catalog stores; the proof and the
// grading share the board's time limit. Worded as a line with the rules used (and, with
// --explain, the walkthrough's steps), or a JSON line with every rule of the ladder.
import { numberedSteps } from '../../grade/numbered-steps.js';
import type { BoardGrader, GradeRun, KindGrading } from '../../grade/grading.js';
import type { SolveStatus } from '../../proof.js';
import { formatMeasure } from '../../rank/rule.js';
import { boardName } from '../../solve/board-name.js';
import type { BoardClock } from '../../solve/solving.js';
import type { Board } from '../board.js';
import { canonicalGrade, STORED_GRADE_MAX_NODES } from '../rank/stored.js';
import { Solver } from '../solve/solver.js';
import { type GradeResult, LADDER } from './ladder.js';
import { walkthrough } from './walkthrough.js';

/** What grade says of one board: solve's verdict, and the grade when the board is a puzzle. */
export interface BoardGrade {
  status: SolveStatus;
  /** Solutions found (0, 1, or 2 when there are several). */
  solutions: number;
  /** Null unless the status is unique: a board without exactly one solution is no puzzle to grade. */
  grade: GradeResult | null;
  /** The budget that stopped the proof or the grading, if one did. */
  limit: 'nodes' | 'time' | null;
  /** With --explain: the steps a person takes, in words. */
  explain?: string[];
}

function grader(run: GradeRun): BoardGrader<Board> {
  const solver = new Solver();
  return {
    grade(index: number, board: Board, clock: BoardClock): string {
      const { interrupt } = clock;
      // One budget per board: the proof of uniqueness and the grading share the time limit.
      const proof = solver.solve(board, { cap: 2, interrupt, solution: false });
      const grade =
        proof.status === 'unique' ? canonicalGrade(board, { maxSearchNodes: run.maxSearchNodes, interrupt }) : null;
      const limit =
        grade !== null ? grade.limit : proof.limit === 'time' ? 'time' : proof.limit === 'nodes' ? 'nodes' : null;
      const g: BoardGrade = { status: proof.status, solutions: proof.solutions, grade, limit };
      if (grade !== null && run.explain) g.explain = walkthrough(board).lines;
      return run.format === 'jsonl' ? gradeJsonLine(index, board, g) : gradeTextLine(index, board, g);
    },
  };
}

export const grading: KindGrading<Board> = { grader, maxSearchNodes: STORED_GRADE_MAX_NODES };

function zeroSteps(): Record<string, number> {
  return Object.fromEntries(LADDER.map((r) => [r.name, 0]));
}

/**
 * One JSON line: index, id (only when the board has one), status (solve's), grade, level,
 * score (exact: tier cuts are scores of boards, so a rounded score could land across one),
 * nodes, steps (every rule of the ladder, zeros included, so columns line up) and solved
 * (true only for a puzzle the grader finished), then limit ('time' or 'nodes') only when a
 * budget stopped the proof or the grading. Grade, level and score are null for a board that is
 * not a puzzle (status multiple, none or gave-up).
 */
export function gradeJsonLine(index: number, board: Board, g: BoardGrade): string {
  const id = board.meta?.id;
  const head = id === undefined ? { index } : { index, id };
  const r = g.grade;
  const body =
    r === null
      ? { status: g.status, grade: null, level: null, score: null, nodes: 0, steps: zeroSteps(), solved: false }
      : {
          status: g.status,
          grade: r.grade,
          level: r.level,
          score: r.score,
          nodes: r.nodes,
          steps: r.steps,
          solved: r.solved,
        };
  const limit = g.limit === null ? {} : { limit: g.limit };
  const told = g.explain === undefined ? {} : { explain: g.explain };
  return `${JSON.stringify({ ...head, ...body, ...limit, ...told })}\n`;
}

const NOT_A_PUZZLE: Record<SolveStatus, string> = {
  unique: '',
  multiple: 'more than one solution',
  none: 'no solution',
  'gave-up': 'the proof of uniqueness ran out of budget (raise --max-nodes or --time-limit)',
};

/** Why a board was left unfinished, or why its proof gave up, in words. */
function whyStopped(g: BoardGrade): string {
  if (g.limit === 'time') return 'the time limit ran out';
  if (g.limit === 'nodes') return 'the search budget ran out';
  return 'the search budget or time ran out';
}

/** One line a board: "board 3 (id "p7"): sets (level 5), score 5.287; rules: cellSingleton 12, …". */
export function gradeTextLine(index: number, board: Board, g: BoardGrade): string {
  const name = boardName(index, board);
  const r = g.grade;
  if (r === null && g.status === 'gave-up' && g.limit === 'time') {
    return `${name}: gave-up, not graded (the time limit ran out before the proof of uniqueness; raise --time-limit)\n`;
  }
  if (r === null) return `${name}: ${g.status}, not a valid puzzle (${NOT_A_PUZZLE[g.status]}); not graded\n`;
  const used = LADDER.filter((rule) => r.steps[rule.name] > 0).map((rule) => `${rule.name} ${r.steps[rule.name]}`);
  const nodes = r.nodes > 0 ? `, ${r.nodes} search node${r.nodes === 1 ? '' : 's'}` : '';
  const unsolved = r.solved ? '' : ` (not finished: ${whyStopped(g)})`;
  const line = `${name}: ${r.grade} (level ${r.level}), score ${formatMeasure('score', r.score)}${nodes}; techniques: ${used.join(', ') || 'none'}${unsolved}\n`;
  return g.explain === undefined ? line : `${line}${numberedSteps(g.explain)}`;
}
