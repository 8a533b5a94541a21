// The buttons of a Sudomino puzzle's page: undo, redo, restart, the marks mode, the number pad,
// the Find row, hints (shown, followed, mistakes shown and taken away), a check for mistakes and
// reveals after asking.
import { panelAct } from '../panel.js';
import { live } from './state.js';
import { toggleFound } from '../find-bar.js';
import { askHint, check, followHint, removeMistakes, revealAll, revealOne } from './help.js';
import { clearSelected, enter, changed } from './moves.js';
import { render } from './render.js';

export function onControl(e: Event): void {
  const target = (e.target as HTMLElement).closest('[data-act], [data-num], [data-find]');
  const c = live.current;
  if (!target || !c) return;
  const g = c.game;
  const find = target.getAttribute('data-find');
  if (find !== null) {
    c.found = toggleFound(c.found, Number(find));
    render();
    return;
  }
  const num = target.getAttribute('data-num');
  if (num !== null) {
    enter(Number(num), false);
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
    case 'clear':
      clearSelected();
      return;
    case 'mark-mode':
      c.markMode = !c.markMode;
      break;
    case 'hint':
      askHint(c);
      break;
    case 'check':
      check(c);
      break;
    case 'apply-hint':
      followHint(c);
      return;
    case 'remove-mistakes':
      removeMistakes(c);
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
