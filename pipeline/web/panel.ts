// The hint panel as every kind has it: its state (the hint shown, mistakes shown, a reveal asked,
// a message), its own buttons, and its wording where the kinds word it alike.

/** The side panel's state, alike for every kind: the hint shown, mistakes shown, a reveal asked, a message. */
export interface Panel<H> {
  hint: H | null;
  showMistakes: boolean;
  confirm: boolean;
  message: string;
}

/** The panel of a puzzle just opened: nothing shown. */
export function freshPanel<H>(): Panel<H> {
  return { hint: null, showMistakes: false, confirm: false, message: '' };
}

/** The panel's own buttons, alike for every kind: show the mistakes, ask to reveal, close. False for any other. */
export function panelAct(c: Panel<unknown>, act: string | null): boolean {
  if (act === 'show-mistakes') c.showMistakes = true;
  else if (act === 'reveal') {
    c.confirm = true;
    c.hint = null;
  } else if (act === 'close') {
    c.hint = null;
    c.confirm = false;
    c.showMistakes = false;
  } else return false;
  return true;
}

/**
 * The panel where every kind words it alike: a reveal asked for, no hint, a solved board, a log
 * at its end; null for a mistake or a step, which each kind words itself.
 */
export function sharedPanelHtml(c: Panel<{ kind: string }>): string | null {
  if (c.confirm) {
    return (
      `<p>Reveal part of the solution?</p>` +
      `<div class="row"><button type="button" data-act="reveal-one">One domino</button><button type="button" data-act="reveal-all">The whole solution</button><button type="button" data-act="close">Cancel</button></div>`
    );
  }
  if (!c.hint) return '';
  if (c.hint.kind === 'solved') return `<p class="hint">The board is solved.</p>`;
  if (c.hint.kind === 'none')
    return `<p class="hint">No deduction is stored beyond this point for this puzzle; reveal a domino to go on.</p>`;
  return null;
}

/**
 * The steps a hint stands on that the board does not show (they only ruled out what the player
 * never marked, and a hint writes no mark for the player), each already worded and escaped, as a
 * closed list under the hint; nothing when there are none.
 */
export function passedStepsHtml(items: readonly string[]): string {
  if (items.length === 0) return '';
  const n = items.length;
  return `<details class="before"><summary>It stands on ${n} step${n === 1 ? '' : 's'} your marks do not show</summary><ol>${items.map((t) => `<li>${t}</li>`).join('')}</ol></details>`;
}
