// `dominosa generate`: make slots 0..count-1 of each size and write each proven-unique puzzle
// to stdout or a file, as JSON lines or as text boards with the solution drawn in comments.
// No database: this is the quick way to look at what the build would store. With a grade
// target, each slot keeps only a puzzle whose human grade is in the target.
import type { Board } from '../../src/dominosa/board.js';
import { boardToGrid, formatBoardText } from '../../src/dominosa/board.js';
import { drawBoard } from '../../src/dominosa/formats/drawing.js';
import { Generator, type GeneratedPuzzle, type MethodChoice } from '../../src/dominosa/make/generator.js';
import type { GradeTarget } from '../../src/dominosa/rank/bands.js';
import { EXIT_BAD_INPUT, EXIT_FAILED_CHECK, EXIT_OK, UserError } from '../runtime/errors.js';
import { type CountProgress, countProgress } from '../runtime/count-progress.js';
import { BufferedWriter } from '../io/buffered-writer.js';
import { withOutput } from '../io/output.js';
import type { KindName } from '../../src/kinds.js';
import type { Shape } from '../../src/sudomino/shape.js';
import type { Tier } from '../../src/rank/tiers.js';
import { deadlineAt } from '../runtime/faults.js';

export interface GenerateCommand {
  /** Sizes M, in this order; each gets slots 0..count-1. */
  sizes: readonly number[];
  count: number;
  seed: number;
  format: 'jsonl' | 'text';
  /** A file to write (whole or not at all), or '-' / absent for stdout. */
  out?: string;
  force?: boolean;
  maxAttempts?: number;
  /** Default 'auto' (rejection up to M=12, repair above). */
  method?: MethodChoice;
  /** Wall-clock budget of the whole run in ms: puzzles made so far are printed, then exit 1. */
  timeoutMs?: number;
  /** Keep only puzzles whose grader level is in this target (grade/bands.ts). */
  grade?: GradeTarget;
  /** Default dominosa; sudomino makes `shapes` instead of `sizes`. */
  kind?: KindName;
  shapes?: readonly Shape[];
  /** Sudomino: only puzzles of this tier (made for it: givens kept until its techniques suffice). */
  tier?: Tier;
}

/**
 * A puzzle's id: size, seed, grade target and method (when given), and slot, which together
 * reproduce it; so one id never names two puzzles (m9-s1-0, m9-s1-expert-0, m9-s1-repair-0).
 */
export function puzzleId(
  m: number,
  seed: number,
  slot: number,
  grade?: GradeTarget,
  method: MethodChoice = 'auto',
): string {
  const parts = [
    `m${m}`,
    `s${seed}`,
    ...(grade === undefined ? [] : [grade.name]),
    ...(method === 'auto' ? [] : [method]),
    String(slot),
  ];
  return parts.join('-');
}

/** Generate and write; `wrote` hears how many puzzles a finished run wrote (the shell says so for a file). */
export async function runGenerate(
  cmd: GenerateCommand,
  stdout: NodeJS.WritableStream,
  progress: CountProgress = countProgress(0, ''),
  wrote?: (n: number) => void,
): Promise<number> {
  if (cmd.kind === 'sudomino')
    return (await import('./sudomino.js')).runSudominoGenerate(
      { ...cmd, shapes: cmd.shapes ?? [] },
      stdout,
      progress,
      wrote,
    );
  const gen = new Generator();
  let deadline = cmd.timeoutMs === undefined ? Infinity : Date.now() + cmd.timeoutMs;
  const interrupt = cmd.timeoutMs === undefined ? undefined : (): boolean => Date.now() > deadline;
  let written = 0;
  // Where the time limit ran out: what was made before it is still written out (exit 1).
  // Typed by `as`: it is set inside the callback, past what TypeScript's narrowing sees.
  let stoppedAt = null as string | null;
  await withOutput(cmd.out, { force: cmd.force ?? false }, stdout, async (stream) => {
    const out = new BufferedWriter(stream as never);
    try {
      for (const m of cmd.sizes) {
        for (let slot = 0; slot < cmd.count && stoppedAt === null; slot++) {
          if (deadlineAt(`slot:${m}:${slot}`)) deadline = 0;
          const res = gen.generateSlot(cmd.seed, m, slot, {
            maxAttempts: cmd.maxAttempts,
            method: cmd.method,
            interrupt,
            grade: cmd.grade,
          });
          const where = cmd.sizes.length > 1 ? `M=${m} slot ${slot}` : `slot ${slot}`;
          progress.tick(where);
          if (!res.ok && res.timedOut) stoppedAt = where;
          else if (!res.ok) {
            // No attempt made means the options themselves cannot work; otherwise the slot failed.
            throw new UserError(`${where}: ${res.reason}`, res.attempts === 0 ? EXIT_BAD_INPUT : EXIT_FAILED_CHECK);
          } else {
            const id = puzzleId(m, cmd.seed, slot, cmd.grade, cmd.method);
            await out.write(cmd.format === 'jsonl' ? jsonLine(id, res.puzzle) : textBlock(id, res.puzzle));
            written++;
          }
        }
      }
    } finally {
      progress.stop();
      await out.flush();
    }
  });
  if (stoppedAt !== null) {
    throw new UserError(
      `the --time-limit of ${(cmd.timeoutMs ?? 0) / 1000} s ran out at ${stoppedAt} (${written} puzzle${written === 1 ? '' : 's'} written)`,
      EXIT_FAILED_CHECK,
    );
  }
  wrote?.(written);
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
