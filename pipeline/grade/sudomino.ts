// `dominosa grade --kind sudomino`: stream Sudomino boards, prove each one unique as solve does,
// and grade the puzzles among them as a person would solve them: level, tier, score, the
// techniques used and, with --explain, every step in words.
import type { SudominoBoard } from '../../src/sudomino/board.js';
import { explainSudominoSteps } from '../../src/sudomino/grade/explain.js';
import { LADDER, SudominoGrader, type SudominoGradeResult } from '../../src/sudomino/grade/ladder.js';
import { SudominoSolver, type SudominoSolveResult } from '../../src/sudomino/solve/solver.js';
import { EXIT_OK } from '../runtime/errors.js';
import { numberedSteps, type GradeCommand } from './command.js';
import { inputsOf } from '../io/input.js';
import { withOutput } from '../io/output.js';
import { forEachSudominoBoard, sudominoBoardName } from '../io/sudomino-input.js';

export async function runSudominoGrade(
  cmd: GradeCommand,
  blocks: AsyncIterable<string>,
  stdout: NodeJS.WritableStream,
): Promise<number> {
  const solver = new SudominoSolver();
  const grader = new SudominoGrader();
  const limitMs = cmd.timeoutMs ?? Infinity;
  let deadline = Infinity;
  const interrupt = Number.isFinite(limitMs) ? (): boolean => performance.now() > deadline : undefined;
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachSudominoBoard(blocks, cmd.values, stream, (index, board) => {
      deadline = performance.now() + limitMs;
      // Only a puzzle with exactly one solution is graded: the grader assumes one.
      const proof = solver.solve(board, { cap: 2, interrupt, solution: false });
      const graded = proof.status === 'unique' ? grader.grade(board, { log: cmd.explain === true }) : null;
      return cmd.format === 'jsonl'
        ? jsonLine(index, board, proof, graded, cmd.explain === true)
        : textLines(index, board, proof, graded, cmd.explain === true);
    }),
  );
  return EXIT_OK;
}

function usedTechniques(r: SudominoGradeResult): string[] {
  return LADDER.filter((rule) => r.uses[rule.technique] > 0).map(
    (rule) => `${rule.technique} ${r.uses[rule.technique]}`,
  );
}

function jsonLine(
  index: number,
  board: SudominoBoard,
  proof: SudominoSolveResult,
  r: SudominoGradeResult | null,
  explain: boolean,
): string {
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
  const told = explain && r !== null ? { explain: explainSudominoSteps(board, r.steps) } : {};
  return `${JSON.stringify({ ...head, ...body, ...told })}\n`;
}

function textLines(
  index: number,
  board: SudominoBoard,
  proof: SudominoSolveResult,
  r: SudominoGradeResult | null,
  explain: boolean,
): string {
  const name = sudominoBoardName(index, board);
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
  return `${line}${numberedSteps(explainSudominoSteps(board, r.steps))}`;
}
