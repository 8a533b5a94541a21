// `dominosa generate --kind sudomino`: make slots 0..count-1 of each shape and write each unique
// puzzle as JSON lines (the board's JSON form plus its solution) or as text (the letter form with
// the solution in a comment), both readable by `dominosa solve`.
import { formatAnswer, boardRows, formatSudominoText } from '../../src/sudomino/formats/text.js';
import { cellValues } from '../../src/sudomino/board.js';
import { makeSlot, type MadePuzzle } from '../../src/sudomino/make/generator.js';
import { formatShape, type Shape } from '../../src/sudomino/shape.js';
import { SudominoSolver } from '../../src/sudomino/solve/solver.js';
import { SudominoGrader } from '../../src/sudomino/grade/ladder.js';
import { makeTieredSlot } from '../../src/sudomino/make/tiered.js';
import type { Tier } from '../../src/rank/tiers.js';
import { EXIT_FAILED_CHECK, EXIT_OK, UserError } from '../runtime/errors.js';
import { type CountProgress, countProgress } from '../runtime/count-progress.js';
import { BufferedWriter } from '../io/buffered-writer.js';
import { withOutput } from '../io/output.js';

export interface SudominoGenerateCommand {
  shapes: readonly Shape[];
  count: number;
  seed: number;
  format: 'jsonl' | 'text';
  out?: string;
  force?: boolean;
  /** Wall-clock budget of the whole run in ms, checked between puzzles: what was made is written, then exit 1. */
  timeoutMs?: number;
  /** Only puzzles of this tier (see src/sudomino/make/tiered.ts); absent: no given to spare. */
  tier?: Tier;
}

/** Deals a tiered slot may draw before it gives up (exit 1, naming the slot). */
export const SUDOMINO_MAX_DEALS = 1000;

/** A puzzle's id, which with the release reproduces it: shape, seed and slot (8x8:6-s1-0). */
export function sudominoPuzzleId(shape: Shape, seed: number, slot: number, tier?: Tier): string {
  return `${formatShape(shape)}-s${seed}-${tier === undefined ? '' : `${tier}-`}${slot}`;
}

export async function runSudominoGenerate(
  cmd: SudominoGenerateCommand,
  stdout: NodeJS.WritableStream,
  progress: CountProgress = countProgress(0, ''),
  wrote?: (n: number) => void,
): Promise<number> {
  const solver = new SudominoSolver();
  const grader = new SudominoGrader();
  const deadline = cmd.timeoutMs === undefined ? Infinity : Date.now() + cmd.timeoutMs;
  let written = 0;
  // Typed by `as`: it is set inside the callback, past what TypeScript's narrowing sees.
  let stoppedAt = null as string | null;
  await withOutput(cmd.out, { force: cmd.force ?? false }, stdout, async (stream) => {
    const out = new BufferedWriter(stream as never);
    try {
      for (const shape of cmd.shapes) {
        for (let slot = 0; slot < cmd.count && stoppedAt === null; slot++) {
          const where = `${formatShape(shape)} slot ${slot}`;
          if (Date.now() > deadline) {
            stoppedAt = where;
            break;
          }
          const made =
            cmd.tier === undefined
              ? makeSlot(cmd.seed, shape, slot, solver)
              : makeTieredSlot(cmd.seed, shape, cmd.tier, slot, SUDOMINO_MAX_DEALS, solver, grader);
          if (made === null)
            throw new UserError(
              `${where}: no ${cmd.tier} puzzle in ${SUDOMINO_MAX_DEALS} deals (${written} puzzle${written === 1 ? '' : 's'} written)`,
              EXIT_FAILED_CHECK,
            );
          progress.tick(where);
          const id = sudominoPuzzleId(shape, cmd.seed, slot, cmd.tier);
          await out.write(cmd.format === 'jsonl' ? jsonLine(id, made) : textBlock(id, made));
          written++;
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

function solutionOf(p: MadePuzzle): string {
  return formatAnswer(p.board.cols, cellValues(p.board, p.filling));
}

function jsonLine(id: string, p: MadePuzzle): string {
  const { board } = p;
  return `${JSON.stringify({ id, kind: 'sudomino', values: board.values, rows: boardRows(board), solution: solutionOf(p) })}\n`;
}

function textBlock(id: string, p: MadePuzzle): string {
  return `${formatSudominoText({ ...p.board, meta: { id } })}# solution: ${solutionOf(p)}\n\n`;
}
