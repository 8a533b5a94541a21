// The help a player asks for, counted in the puzzle's record so the index can tell a solve
// from a helped one and from a reveal: a hint, one domino revealed, the whole solution.
import { hintFor } from '../../../src/dominosa/play/hint.js';
import { afterRevealAll } from '../../../src/play/record.js';
import { changed } from './moves.js';
import { persist, type Clocked, type Current, type Panel } from '../state.js';

/** A hint of either kind, as far as counting it goes. */
type Told = { kind: string; index?: number };

/** Show a hint (of either kind); one that tells something new (a step not shown just before, a mistake) counts once. */
export function showHint<H extends Told>(c: Clocked & Panel<H>, h: H): void {
  const before = c.hint;
  c.hint = h;
  c.showMistakes = false;
  c.confirm = false;
  const same = before !== null && before.kind === h.kind && before.index === h.index;
  if ((h.kind === 'step' || h.kind === 'mistake') && !same) {
    c.record = { ...c.record, hints: c.record.hints + 1 };
    persist();
  }
}

/** Show the hint for the board. */
export function askHint(c: Current): void {
  showHint(c, hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position()));
}

/** Lay the first domino of the solution not on the board; false when there is none. */
export function revealOne(c: Current): boolean {
  const laid = new Set(c.game.position().laid);
  const next = c.pp.solution.find((p) => !laid.has(p));
  if (next === undefined || !c.game.lay(next)) return false;
  c.record = { ...c.record, reveals: c.record.reveals + 1 };
  changed();
  return true;
}

/** Lay the whole solution as one move, recorded as revealed (not solved). */
export function revealAll(c: Current): void {
  c.record = afterRevealAll(c.record);
  c.game.setPosition({ laid: [...c.pp.solution], marks: [] });
  changed();
}
