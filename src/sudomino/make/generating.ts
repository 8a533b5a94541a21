// Sudomino's part of `generate` (src/make/generating.ts): slots of each shape made as the catalog
// makes them (or, for a grade target, made for its tier), each written as JSON lines (the board's
// JSON form and its solution) or as the letter form with the solution in a comment, both
// readable by `dominosa solve`. The clock is read between slots.
import { Interrupted } from '../../interrupted.js';
import type { GenerateRun, KindGenerating, MadeSlot, SlotMaker } from '../../make/generating.js';
import { TIERS, type Tier } from '../../rank/tiers.js';
import { cellValues } from '../board.js';
import { boardRows, formatAnswer, formatBoardText } from '../formats/text.js';
import { Grader } from '../grade/ladder.js';
import { DEFAULT_SHAPE, formatShape, parseShape, type Shape } from '../shape.js';
import { Solver } from '../solve/solver.js';
import { makeSlot, type MadePuzzle } from './generator.js';
import { makeTieredSlot } from './tiered.js';

/** Deals a tiered slot may draw before it gives up (exit 1, naming the slot). */
export const MAX_DEALS = 1000;

/** A puzzle's id, which with the release reproduces it: shape, seed, tier (when given) and slot (8x8:6-s1-0). */
export function puzzleId(shape: Shape, seed: number, slot: number, tier?: Tier): string {
  return `${formatShape(shape)}-s${seed}-${tier === undefined ? '' : `${tier}-`}${slot}`;
}

function shapeOf(key: string): Shape {
  const res = parseShape(key);
  if (!res.ok) throw new Error(`not a Sudomino shape: ${key}`);
  return res.shape;
}

function maker(run: GenerateRun<Tier>): SlotMaker {
  const solver = new Solver();
  const grader = new Grader();
  const tier = run.target;
  let made = 0;
  return {
    where: (key, slot) => `${key} slot ${slot}`,
    make(key: string, slot: number, interrupt: (() => boolean) | undefined): MadeSlot {
      if (interrupt?.() === true) return { ok: false, timedOut: true };
      const shape = shapeOf(key);
      let p: MadePuzzle | null;
      try {
        p =
          tier === undefined
            ? makeSlot(run.seed, shape, slot, solver, interrupt)
            : makeTieredSlot(run.seed, shape, tier, slot, MAX_DEALS, solver, grader, undefined, interrupt);
      } catch (e) {
        // The run's clock ran out inside the slot (polled before every proof and grading step).
        if (e instanceof Interrupted) return { ok: false, timedOut: true };
        throw e;
      }
      if (p === null) {
        const error = `no ${tier} puzzle in ${MAX_DEALS} deals (${made} puzzle${made === 1 ? '' : 's'} written)`;
        return { ok: false, timedOut: false, error, badOptions: false };
      }
      made++;
      const id = puzzleId(shape, run.seed, slot, tier);
      return { ok: true, text: run.format === 'jsonl' ? jsonLine(id, p) : textBlock(id, p) };
    },
  };
}

export const generating: KindGenerating<Tier> = {
  defaultSizes: [formatShape(DEFAULT_SHAPE)],
  // Its grades are its tiers: a level name of another kind means nothing here.
  target(text, flag) {
    const key = text.trim().toLowerCase();
    return (TIERS as readonly string[]).includes(key)
      ? { ok: true, value: key as Tier }
      : { ok: false, error: `${flag} ${key}: Sudomino takes a tier, ${TIERS.join('|')}` };
  },
  maker,
};

function solutionOf(p: MadePuzzle): string {
  return formatAnswer(p.board.cols, cellValues(p.board, p.filling));
}

function jsonLine(id: string, p: MadePuzzle): string {
  const { board } = p;
  return `${JSON.stringify({ id, kind: 'sudomino', values: board.values, rows: boardRows(board), solution: solutionOf(p) })}\n`;
}

function textBlock(id: string, p: MadePuzzle): string {
  return `${formatBoardText({ ...p.board, meta: { id } })}# solution: ${solutionOf(p)}\n\n`;
}
