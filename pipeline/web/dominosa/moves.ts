// What follows any move on a Dominosa board: the shell's bookkeeping (../moves.ts: the hint
// dropped, a solve noted, the position saved), then the view redrawn; and one move by its boundary.
import { finished } from '../../../src/play/record.js';
import { afterMove } from '../moves.js';
import { live, type Current } from './state.js';
import { render } from './render.js';

export function changed(): void {
  const c = live.current as Current;
  afterMove(c, c.game.solved);
  // Once solved or revealed, the board takes no more edits.
  c.game.locked = finished(c.record);
  render();
}

/** Mark or unmark the boundary p, or lay or lift a domino on it. */
export function act(p: number, mark: boolean): void {
  const g = (live.current as Current).game;
  if (mark ? g.toggleMark(p) : g.isLaid(p) ? g.lift(p) : g.lay(p)) changed();
}
