// What follows any move on a Sudomino board: the shell's bookkeeping (../moves.ts: the hint
// dropped, a solve noted, the position saved), then the view redrawn; and entering a number on
// the selected domino.
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

/** Enter v on the selected domino: its value, or a pencil mark in the marks mode or when asked. */
export function enter(v: number, mark: boolean): void {
  const c = live.current as Current;
  const d = c.cursor >= 0 ? c.game.dominoAt(c.cursor) : -1;
  if (c.game.locked) return;
  if (d < 0) {
    c.message = 'Select a domino first.';
    render();
    return;
  }
  if (c.game.isGiven(d)) {
    c.message = 'That domino is given.';
    render();
    return;
  }
  if (mark || c.markMode ? c.game.toggleMark(d, v) : c.game.place(d, v)) changed();
}

/** Clear the selected domino: its value, else its marks. */
export function clearSelected(): void {
  const c = live.current as Current;
  const d = c.cursor >= 0 ? c.game.dominoAt(c.cursor) : -1;
  if (d >= 0 && c.game.clear(d)) changed();
}
