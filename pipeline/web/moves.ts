// What follows a move on a board of any kind, before the kind redraws it: a hint that may no
// longer follow is dropped, a solve is noted (unless the solution was revealed) and the clock
// stopped, and the position saved.
import { afterSolve, finished } from '../../src/play/record.js';
import type { Panel } from './panel.js';
import { persist, type Clocked } from './state.js';
import { stopTimer } from './timer.js';

export function afterMove(c: Clocked & Panel<unknown>, solved: boolean): void {
  c.hint = null;
  c.showMistakes = false;
  c.confirm = false;
  c.message = '';
  if (solved) c.record = afterSolve(c.record);
  if (finished(c.record)) stopTimer();
  persist();
}
