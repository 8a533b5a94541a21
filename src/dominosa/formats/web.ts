// Dominosa in the web pack: a puzzle's entry (its numbers, its solution as placements and the
// grader's deductions as steps, indexed into the pack's table of rules) and its order for numbers.
import type { KindWeb, KindWebPack } from '../../formats/kind.js';
import { boardFromGrid, formatBoardError } from '../board.js';
import { LEVELS } from '../grade/ladder.js';
import { walkthrough } from '../grade/walkthrough.js';
import { placementOfDomino } from '../play/geometry.js';
import type { PackRules, WebPuzzle } from '../play/pack.js';
import { packSteps, type RuleEntry } from '../play/steps.js';
import { techniqueOf } from '../rank/bands.js';
import type { DominosaPackPuzzle } from './pack.js';

function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? String(level);
}

/** A puzzle's entry: its numbers, its solution and the grader's deductions, as steps. */
function entry(p: DominosaPackPuzzle, number: number, rules: RuleEntry[]): WebPuzzle {
  const parsed = boardFromGrid(p.grid, 0, { id: p.id });
  if (!parsed.ok) throw new RangeError(`puzzle ${p.id}: ${formatBoardError(parsed.error)}`);
  const board = parsed.board;
  const told = walkthrough(board);
  return {
    id: p.id,
    number,
    m: p.m,
    rows: p.rows,
    cols: p.cols,
    tier: p.tier,
    ...(p.grade === undefined ? {} : { grade: p.grade, technique: techniqueOf(p.grade) ?? p.grade }),
    values: Array.from(board.cells),
    solution: p.solution.map((d) => placementOfDomino(board, d)).sort((a, b) => a - b),
    steps: packSteps(board, told.steps, rules, levelName),
    ending: told.ending,
  };
}

export const web: KindWeb = {
  start(): KindWebPack {
    const rules: RuleEntry[] = [];
    return {
      entry: (p, number) => entry(p as DominosaPackPuzzle, number, rules),
      // Every pack has its rules, even one of no Dominosa puzzle: the first packs always did.
      fields: () => ({ rules }) satisfies PackRules,
    };
  },
  compare: (a, b) => (a as DominosaPackPuzzle).m - (b as DominosaPackPuzzle).m || a.rows - b.rows,
};
