// What follows any move on the board: a hint that may no longer follow is dropped, a solve is
// noted (unless the solution was revealed) and the clock stopped, the position saved and the
// view redrawn.
import { afterSolve, finished } from '../../../src/play/record.js';
import { live, persist, type Clocked, type Current, type Panel } from '../state.js';
import { render } from './render.js';
import { stopTimer } from '../timer.js';

/** What follows a move on a board of either kind, before it is redrawn. */
export function afterMove(c: Clocked & Panel<unknown>, solved: boolean): void {
  c.hint = null;
  c.showMistakes = false;
  c.confirm = false;
  c.message = '';
  if (solved) c.record = afterSolve(c.record);
  if (finished(c.record)) stopTimer();
  persist();
}

export function changed(): void {
  const c = live.current as Current;
  afterMove(c, c.game.solved);
  render();
}

/** Mark or unmark the boundary p, or lay or lift a domino on it. */
export function act(p: number, mark: boolean): void {
  const g = (live.current as Current).game;
  if (mark ? g.toggleMark(p) : g.isLaid(p) ? g.lift(p) : g.lay(p)) changed();
}
