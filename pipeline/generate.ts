// `dominosa generate`: make slots 0..count-1 of one size and write each proven-unique puzzle
// straight to stdout, as JSON lines or as text boards with the solution drawn in comments.
// No database: this is the quick way to look at what the build would store. With a grade
// target, each slot keeps only a puzzle whose human grade is in the target.
import type { Board } from '../src/board.js';
import { boardToGrid, formatBoardText } from '../src/board.js';
import { drawBoard } from '../src/formats/drawing.js';
import { Generator, type GeneratedPuzzle, type MethodChoice } from '../src/make/generator.js';
import type { GradeTarget } from '../src/rank/bands.js';
import { EXIT_BAD_INPUT, EXIT_FAILED_CHECK, EXIT_OK, UserError } from './errors.js';
import { BufferedWriter } from './io.js';

export interface GenerateCommand {
  m: number;
  count: number;
  seed: number;
  format: 'jsonl' | 'text';
  maxAttempts?: number;
  /** Default 'auto' (rejection up to M=12, repair above). */
  method?: MethodChoice;
  /** Wall-clock budget of the whole run in ms: puzzles made so far are printed, then exit 1. */
  timeoutMs?: number;
  /** Keep only puzzles whose grader level is in this target (grade/bands.ts). */
  grade?: GradeTarget;
}

/** A puzzle's id: size, seed and slot, which together reproduce it. */
export function puzzleId(m: number, seed: number, slot: number): string {
  return `m${m}-s${seed}-${slot}`;
}

export async function runGenerate(cmd: GenerateCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const out = new BufferedWriter(stdout as never);
  const gen = new Generator();
  const deadline = cmd.timeoutMs === undefined ? Infinity : Date.now() + cmd.timeoutMs;
  const interrupt = cmd.timeoutMs === undefined ? undefined : (): boolean => Date.now() > deadline;
  try {
    for (let slot = 0; slot < cmd.count; slot++) {
      const res = gen.generateSlot(cmd.seed, cmd.m, slot, {
        maxAttempts: cmd.maxAttempts,
        method: cmd.method,
        interrupt,
        grade: cmd.grade,
      });
      if (!res.ok && res.timedOut) {
        throw new UserError(
          `the --timeout budget of ${(cmd.timeoutMs ?? 0) / 1000} s ran out at slot ${slot} (${slot} puzzle${slot === 1 ? '' : 's'} written)`,
          EXIT_FAILED_CHECK,
        );
      }
      if (!res.ok) {
        // No attempt made means the options themselves cannot work; otherwise the slot failed.
        throw new UserError(`slot ${slot}: ${res.reason}`, res.attempts === 0 ? EXIT_BAD_INPUT : EXIT_FAILED_CHECK);
      }
      const id = puzzleId(cmd.m, cmd.seed, slot);
      await out.write(cmd.format === 'jsonl' ? jsonLine(id, res.puzzle) : textBlock(id, res.puzzle));
    }
  } finally {
    await out.flush();
  }
  return EXIT_OK;
}

function jsonLine(id: string, p: GeneratedPuzzle): string {
  const { rows, cols } = p.board;
  return (
    JSON.stringify({
      id,
      n: p.m,
      rows,
      cols,
      grid: boardToGrid(p.board),
      solution: p.solution,
      nodes: p.nodes,
      attempts: p.attempts,
      method: p.method,
      // Present only for graded generation, so ungraded lines stay as they were.
      ...(p.grade === undefined ? {} : { grade: p.grade, level: p.level, score: p.score }),
    }) + '\n'
  );
}

// The board in the text form (readable by `dominosa solve`), then the solution drawn as
// comment lines, which the text reader skips.
function textBlock(id: string, p: GeneratedPuzzle): string {
  const board: Board = { ...p.board, meta: { id } };
  const drawing = drawBoard(p.board, p.solution)
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n');
  const graded = p.grade === undefined ? '' : `, grade: ${p.grade} (level ${p.level}, score ${p.score!.toFixed(3)})`;
  return `${formatBoardText(board)}\n# nodes: ${p.nodes}, attempts: ${p.attempts}, method: ${p.method}${graded}\n# solution:\n${drawing}\n\n`;
}
