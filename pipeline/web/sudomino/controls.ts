// The buttons of a Sudomino puzzle's page: undo, redo, restart, the marks mode, the number pad,
// hints (shown, followed, mistakes shown and taken away) and reveals after asking.
import { panelAct } from '../panel.js';
import { live } from './state.js';
import { askSudominoHint, followSudominoHint, removeMistakes, revealSudominoAll, revealSudominoOne } from './help.js';
import { clearSelected, enter, sudominoChanged } from './moves.js';
import { renderSudomino } from './render.js';

export function onSudominoControl(e: Event): void {
  const target = (e.target as HTMLElement).closest('[data-act], [data-num]');
  const c = live.current;
  if (!target || !c) return;
  const g = c.game;
  const num = target.getAttribute('data-num');
  if (num !== null) {
    enter(Number(num), false);
    return;
  }
  const act = target.getAttribute('data-act');
  if (panelAct(c, act)) {
    renderSudomino();
    return;
  }
  switch (act) {
    case 'undo':
      if (g.undo()) sudominoChanged();
      return;
    case 'redo':
      if (g.redo()) sudominoChanged();
      return;
    case 'restart':
      if (g.restart()) sudominoChanged();
      return;
    case 'clear':
      clearSelected();
      return;
    case 'mark-mode':
      c.markMode = !c.markMode;
      break;
    case 'hint':
      askSudominoHint(c);
      break;
    case 'apply-hint':
      followSudominoHint(c);
      return;
    case 'remove-mistakes':
      removeMistakes(c);
      return;
    case 'reveal-one':
      if (!revealSudominoOne(c)) c.confirm = false;
      break;
    case 'reveal-all':
      revealSudominoAll(c);
      return;
  }
  renderSudomino();
}
