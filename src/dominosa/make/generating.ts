// Dominosa's part of `generate` (src/make/generating.ts): slots made by the Generator, rejection
// or repair, kept when proven unique (and, with a grade target, when the grader's level is in
// it), each written as a JSON line or as the text form with the solution drawn in comments.
import type { GenerateRun, KindGenerating, MadeSlot, SlotMaker } from '../../make/generating.js';
import { boardToGrid, formatBoardText, type Board } from '../board.js';
import { drawBoard } from '../formats/drawing.js';
import { parseGradeTarget, type GradeTarget } from '../rank/bands.js';
import { Generator, METHOD_CHOICES, type GeneratedPuzzle, type MethodChoice } from './generator.js';

/** Largest size generate makes: a 201×202 board, repair takes tens of seconds a puzzle there. */
export const MAX_GENERATE_M = 200;

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

function maker(run: GenerateRun<GradeTarget>): SlotMaker {
  const gen = new Generator();
  // --method's choices are METHOD_CHOICES (the command line checks them).
  const method = run.method as MethodChoice | undefined;
  return {
    where: (key, slot, several) => (several ? `M=${key} slot ${slot}` : `slot ${slot}`),
    make(key: string, slot: number, interrupt: (() => boolean) | undefined): MadeSlot {
      const m = Number(key);
      const res = gen.generateSlot(run.seed, m, slot, {
        maxAttempts: run.maxAttempts,
        method,
        interrupt,
        grade: run.target,
      });
      if (!res.ok && res.timedOut === true) return { ok: false, timedOut: true };
      // No attempt made means the options themselves cannot work; otherwise the slot failed.
      if (!res.ok) return { ok: false, timedOut: false, error: res.reason, badOptions: res.attempts === 0 };
      const id = puzzleId(m, run.seed, slot, run.target, method);
      return { ok: true, text: run.format === 'jsonl' ? jsonLine(id, res.puzzle) : textBlock(id, res.puzzle) };
    },
  };
}

export const generating: KindGenerating<GradeTarget> = {
  defaultSizes: null,
  refuseSizes(keys) {
    const over = keys.filter((k) => Number(k) > MAX_GENERATE_M);
    return over.length === 0 ? null : `sizes go up to ${MAX_GENERATE_M} here (got ${over.join(', ')})`;
  },
  methods: METHOD_CHOICES,
  target(text, flag) {
    const g = parseGradeTarget(text);
    return g.ok ? { ok: true, value: g.target } : { ok: false, error: `${flag}: ${g.error}` };
  },
  maker,
};

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
