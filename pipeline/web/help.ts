// The help a player asks for, counted in the puzzle's record alike for every kind, so the index
// can tell a solve from a helped one and from a reveal: a hint that tells something, a domino
// revealed. Each kind finds its own hint and reveals on its own board.
import type { Panel } from './panel.js';
import { persist, type Clocked } from './state.js';

/** A hint of any kind, as far as counting it goes. */
export type Told = { kind: string; index?: number };

/** Show a hint; one that tells something new (a step not shown just before, a mistake) counts once. */
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

/** Count one domino revealed (the kind has put it on the board). */
export function countReveal(c: Clocked): void {
  c.record = { ...c.record, reveals: c.record.reveals + 1 };
}
