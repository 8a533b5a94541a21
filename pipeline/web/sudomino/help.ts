// The help a Sudomino player asks for, counted in the puzzle's record by the shell (../help.ts):
// a hint (the grader's next step, or a mistake), a check for mistakes, one domino revealed, the
// whole solution.
import { afterRevealAll } from '../../../src/play/record.js';
import { followStep, hintFor } from '../../../src/sudomino/play/hint.js';
import { checkBoard, countReveal, showHint } from '../help.js';
import type { Current } from './state.js';
import { changed } from './moves.js';

/** Show the hint for the board. */
export function askHint(c: Current): void {
  showHint(c, hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position()));
}

/** Check the board for mistakes. */
export function check(c: Current): void {
  checkBoard(c, hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position()));
}

/** Do what the hint on screen says: enter its values and cross out what it removes among the player's marks. */
export function followHint(c: Current): void {
  const h = c.hint;
  if (h?.kind !== 'step') return;
  if (c.game.setPosition(followStep(c.pp.board, c.game.position(), h.place, h.remove))) changed();
}

/** Take the shown mistakes away: their values and marks. */
export function removeMistakes(c: Current): void {
  const h = c.hint;
  if (h?.kind !== 'mistake') return;
  const pos = c.game.position();
  for (const d of h.dominoes) pos.values[d] = pos.marks[d] = 0;
  if (c.game.setPosition(pos)) changed();
}

/** Enter the solution's value on the selected domino if it is open and not right, else on the first such; false when none is. */
export function revealOne(c: Current): boolean {
  const g = c.game;
  const right = (d: number): boolean => g.valueOf(d) === c.pp.solution[d];
  const at = c.cursor >= 0 ? g.dominoAt(c.cursor) : -1;
  const d = at >= 0 && !right(at) ? at : c.pp.solution.findIndex((_, k) => !right(k));
  if (d < 0 || !g.place(d, c.pp.solution[d])) return false;
  countReveal(c);
  changed();
  return true;
}

/** Enter the whole solution as one move, recorded as revealed (not solved). */
export function revealAll(c: Current): void {
  c.record = afterRevealAll(c.record);
  c.game.setPosition({ values: [...c.pp.solution], marks: [] });
  changed();
}
