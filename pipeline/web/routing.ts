// Routing by the address's hash, so a reload (or a bookmark) returns to the same puzzle.
import { showIndex } from './index-view.js';
import { showPuzzle } from './dominosa/view.js';
import { isSudominoWeb } from '../../src/sudomino/play/pack.js';
import { pack } from './state.js';
import { showSudomino } from './sudomino/view.js';

export function route(): void {
  const m = /^#puzzle=(.*)$/.exec(location.hash);
  const id = m ? decodeURIComponent(m[1]) : null;
  const p = id === null ? undefined : pack.puzzles.find((q) => String(q.id) === id);
  if (p && isSudominoWeb(p)) showSudomino(p);
  else if (p) showPuzzle(p);
  else showIndex();
}
