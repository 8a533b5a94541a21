// The web pack's page, its entry point: an index of the pack's puzzles and a board to play one
// on. The rules of play and of hints are pure (src/<kind>/play/); the modules beside this one are
// the shell, one concept each (state, index, routing, storage, timer, panel), which knows no kind:
// each kind's views and inputs sit in a folder of their own, listed in kinds.ts.
import { route } from './routing.js';
import { showTechnique } from './text.js';
import { startTimer, stopTimer } from './timer.js';

window.addEventListener('hashchange', route);
// The title bar's "Technique?" button, on any kind's page.
document.addEventListener('click', (e) => {
  if ((e.target as HTMLElement).closest('[data-act="show-technique"]')) showTechnique();
});
document.addEventListener('visibilitychange', () => (document.hidden ? stopTimer() : startTimer()));
window.addEventListener('pagehide', () => stopTimer());
route();
