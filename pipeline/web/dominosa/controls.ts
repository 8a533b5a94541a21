// The buttons beside the board and in the hint panel: undo, redo, restart, the marks mode, the
// Find row, hints (shown, followed, mistakes shown and taken away), a check for mistakes and
// reveals after asking.
import { toggleFound } from '../find-bar.js';
import { followStep } from '../../../src/dominosa/play/hint.js';
import { askHint, check, revealAll, revealOne } from './help.js';
import { changed } from './moves.js';
import { render } from './render.js';
import { panelAct } from '../panel.js';
import { live } from './state.js';

export function onControl(e: Event): void {
  const target = (e.target as HTMLElement).closest('[data-act], [data-find]');
  const c = live.current;
  if (!target || !c) return;
  const g = c.game;
  const find = target.getAttribute('data-find');
  if (find !== null) {
    c.found = toggleFound(c.found, Number(find));
    render();
    return;
  }
  const act = target.getAttribute('data-act');
  if (panelAct(c, act)) {
    render();
    return;
  }
  switch (act) {
    case 'undo':
      if (g.undo()) changed();
      return;
    case 'redo':
      if (g.redo()) changed();
      return;
    case 'restart':
      if (g.restart()) changed();
      return;
    case 'mark-mode':
      c.markMode = !c.markMode;
      c.selected = -1;
      break;
    case 'hint':
      askHint(c);
      break;
    case 'check':
      check(c);
      break;
    case 'apply-hint':
      if (c.hint?.kind === 'step' && g.setPosition(followStep(g.position(), c.hint.lay))) changed();
      return;
    case 'remove-mistakes':
      if (c.hint?.kind === 'mistake') {
        const h = c.hint;
        const pos = g.position();
        if (
          g.setPosition({
            laid: pos.laid.filter((p) => !h.dominoes.includes(p)),
            marks: pos.marks.filter((p) => !h.marks.includes(p)),
          })
        )
          changed();
      }
      return;
    case 'reveal-one':
      if (!revealOne(c)) c.confirm = false;
      break;
    case 'reveal-all':
      revealAll(c);
      return;
  }
  render();
}
