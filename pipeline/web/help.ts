// The help a player asks for, counted in the puzzle's record alike for every kind, so the index
// can tell a solve from a helped one and from a reveal: a hint that tells a step, a check for
// mistakes (a hint that finds one counts as a check), a domino revealed. Each kind finds its own
// hint and reveals on its own board.
import type { Panel } from './panel.js';
import { persist, type Clocked } from './state.js';

/** A hint of any kind, as far as counting it goes. */
export type Told = { kind: string; index?: number };

/**
 * Show a hint; one that tells something new counts once: a step not shown just before as a hint,
 * a mistake as a check (it told what a check tells).
 */
export function showHint<H extends Told>(c: Clocked & Panel<H>, h: H): void {
  const before = c.hint;
  c.hint = h;
  c.showMistakes = false;
  c.confirm = false;
  c.message = '';
  const same = before !== null && before.kind === h.kind && before.index === h.index;
  if (h.kind === 'step' && !same) c.record = { ...c.record, hints: c.record.hints + 1 };
  else if (h.kind === 'mistake' && !same) c.record = { ...c.record, checks: c.record.checks + 1 };
  else return;
  persist();
}

/**
 * Check the board for mistakes, counted as a check: `h` is the kind's hint for the board; a
 * mistake is shown at once, anything else says the board holds none.
 */
export function checkBoard<H extends Told>(c: Clocked & Panel<H>, h: H): void {
  c.record = { ...c.record, checks: c.record.checks + 1 };
  c.confirm = false;
  if (h.kind === 'mistake') {
    c.hint = h;
    c.showMistakes = true;
    c.message = '';
  } else {
    c.hint = null;
    c.showMistakes = false;
    c.message = 'No mistakes so far.';
  }
  persist();
}

/** Count one domino revealed (the kind has put it on the board). */
export function countReveal(c: Clocked): void {
  c.record = { ...c.record, reveals: c.record.reveals + 1 };
}
