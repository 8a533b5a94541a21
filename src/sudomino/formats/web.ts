// Sudomino in the web pack: a puzzle's entry (its rows, its solution per domino and the grader's
// steps from the givens, indexed into the pack's Sudomino rules) and its order for numbers.
import type { KindWeb, KindWebPack } from '../../formats/kind.js';
import { cellName } from '../board.js';
import { LEVELS, Grader } from '../grade/ladder.js';
import { webBoard, type PackRules, type WebPuzzle } from '../play/pack.js';
import { packSteps, type RuleEntry } from '../play/steps.js';
import type { SudominoPackPuzzle } from './row.js';

function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? String(level);
}

/** A puzzle's entry: its rows, its solution per domino and the grader's steps from the givens. */
function entry(p: SudominoPackPuzzle, number: number, rules: RuleEntry[], grader: Grader): WebPuzzle {
  const board = webBoard({ board: p.board, values: p.values, id: p.id });
  const solution: number[] = [];
  for (let d = 0; d < board.given.length; d++) {
    const [a, b] = [board.cells[2 * d], board.cells[2 * d + 1]];
    const [va, vb] = [
      p.solution[Math.floor(a / board.cols)]?.[a % board.cols],
      p.solution[Math.floor(b / board.cols)]?.[b % board.cols],
    ];
    if (va !== vb || !(va >= 1 && va <= board.values))
      throw new RangeError(
        `puzzle ${p.id}: the solution does not give the domino at ${cellName(board.cols, a)} one value 1..${board.values}`,
      );
    solution.push(va);
  }
  const graded = grader.grade(board);
  const level = LEVELS.find((l) => l.name === p.grade);
  return {
    kind: 'sudomino',
    id: p.id,
    number,
    shape: p.shape,
    rows: p.rows,
    cols: p.cols,
    values: p.values,
    tier: p.tier,
    ...(p.grade === undefined
      ? {}
      : { grade: p.grade, technique: level === undefined ? p.grade : `Level ${level.level}: ${level.name}` }),
    board: p.board,
    solution,
    steps: packSteps(graded.steps, rules, levelName),
    ending: graded.status,
  };
}

export const web: KindWeb = {
  start(): KindWebPack {
    const rules: RuleEntry[] = [];
    let grader: Grader | undefined;
    return {
      entry: (p, number) => entry(p as SudominoPackPuzzle, number, rules, (grader ??= new Grader())),
      // Only a pack holding Sudomino puzzles has their rules.
      fields: (used) => (used ? ({ sudominoRules: rules } satisfies PackRules) : {}),
    };
  },
  // By N, then rows.
  compare: (a, b) => (a as SudominoPackPuzzle).values - (b as SudominoPackPuzzle).values || a.rows - b.rows,
};
