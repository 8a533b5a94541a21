// The help a Dominosa player asks for, counted in the puzzle's record by the shell (../help.ts):
// a hint from the grader's steps, a check for mistakes, one domino revealed, the whole solution.
import { hintFor } from '../../../src/dominosa/play/hint.js';
import { afterRevealAll } from '../../../src/play/record.js';
import { changed } from './moves.js';
import { checkBoard, countReveal, showHint } from '../help.js';
import type { Current } from './state.js';

/** Show the hint for the board. */
export function askHint(c: Current): void {
  showHint(c, hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position()));
}

/** Check the board for mistakes. */
export function check(c: Current): void {
  checkBoard(c, hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position()));
}

/** Lay the first domino of the solution not on the board; false when there is none. */
export function revealOne(c: Current): boolean {
  const laid = new Set(c.game.position().laid);
  const next = c.pp.solution.find((p) => !laid.has(p));
  if (next === undefined || !c.game.lay(next)) return false;
  countReveal(c);
  changed();
  return true;
}

/** Lay the whole solution as one move, recorded as revealed (not solved). */
export function revealAll(c: Current): void {
  c.record = afterRevealAll(c.record);
  c.game.setPosition({ laid: [...c.pp.solution], marks: [] });
  changed();
}
