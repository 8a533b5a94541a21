// The board view: one puzzle's page (title bar, board, status, controls, hint panel, tally and
// help), its saved position loaded, its inputs wired and its clock started.
import { Game } from '../../../src/dominosa/play/game.js';
import { playPuzzle, type PackRules, type WebPuzzle } from '../../../src/dominosa/play/pack.js';
import { finished } from '../../../src/play/record.js';
import { findBarHtml } from '../find-bar.js';
import { onControl } from './controls.js';
import { onKey } from './keyboard.js';
import { onPointerCancel, onPointerDown, onPointerMove, onPointerUp } from './pointer.js';
import { render } from './render.js';
import { freshPanel } from '../panel.js';
import { app, clockFrom, pack } from '../state.js';
import { load } from '../store.js';
import { barHtml, puzzleName, shown } from '../text.js';
import { form } from './saved.js';
import { sizeText } from './size.js';
import { live } from './state.js';
import { startTimer, stopTimer } from '../timer.js';

export function showPuzzle(p: WebPuzzle): void {
  stopTimer();
  // The pack's Dominosa fields (its rules, its faces), which a pack holding Dominosa has.
  const pp = playPuzzle(pack as typeof pack & PackRules, p);
  const saved = load(form, pack.checksum, p.id);
  const game = new Game(pp.board, saved ?? undefined);
  const clocked = clockFrom(saved);
  game.locked = finished(clocked.record);
  live.show({
    pp,
    game,
    ...clocked,
    found: -1,
    selected: -1,
    cursor: -1,
    pending: null,
    markMode: false,
    ...freshPanel(),
  });
  const size = sizeText(p);
  document.title = `${puzzleName(p, size)} — ${pack.name}`;
  app.innerHTML =
    barHtml(p, size) +
    `<div class="play"><div class="board-wrap"><div id="board" class="board" tabindex="0" role="application" aria-label="Board: arrows move, Space then an arrow joins, X then an arrow marks"></div>` +
    `<p id="status" class="status" role="status" aria-live="polite"></p><p id="after" class="after"></p></div>` +
    `<aside class="side"><div class="controls">` +
    `<button type="button" data-act="undo" title="Undo (U or Ctrl+Z)">Undo</button>` +
    `<button type="button" data-act="redo" title="Redo (Y or Ctrl+Y)">Redo</button>` +
    `<button type="button" data-act="restart">Restart</button>` +
    `<button type="button" data-act="mark-mode" aria-pressed="false" title="Clicks mark boundaries instead of laying dominoes">✕ Marks</button>` +
    `<button type="button" data-act="hint" title="Hint (H)">Hint</button>` +
    `<button type="button" data-act="check" title="Check for mistakes (C)">Check</button>` +
    `<button type="button" data-act="reveal">Reveal…</button>` +
    `</div>` +
    findBarHtml(
      Array.from({ length: p.m + 1 }, (_, v) => ({ value: v, label: pack.faces === 'pips' ? String(v) : shown(v) })),
    ) +
    `<div id="panel" class="panel" aria-live="polite"></div>` +
    `<h2 class="tally-head">Pairs</h2><div id="tally" class="tally"></div>` +
    `<details class="help"><summary>How to play</summary><ul>` +
    `<li>Click two neighbouring cells, or drag from one to the other, to lay a domino; click a domino to lift it.</li>` +
    `<li>Click or tap the line between two cells to mark it “no domino here”, and again to clear it; or use ✕ Marks, or the right mouse button.</li>` +
    `<li>Keyboard: arrows move; Space or Enter, then an arrow, lays or lifts a domino (Shift+arrow at once); X, then an arrow, marks a boundary; Delete lifts; U undo, Y redo, H hint, C check for mistakes.</li>` +
    `<li>Find a number: type it, or click it under Find, to ring every cell holding it; the same number again, or Escape, clears the rings. Once solved, the board is locked.</li>` +
    `<li>A pair laid twice gets a dashed outline and “2×” on both dominoes; a cell nothing can cover any more is cross-hatched; a shown mistake is hatched and marked ✗; a hint’s cells are dotted.</li>` +
    `<li>A hint lays its domino and never marks a boundary for you; the steps it stands on that your marks do not show are listed under it.</li>` +
    `</ul></details></aside></div>`;
  const board = document.getElementById('board') as HTMLElement;
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', onPointerCancel);
  board.addEventListener('contextmenu', (e) => e.preventDefault());
  board.addEventListener('keydown', onKey);
  board.addEventListener('focus', () => {
    const c = live.current;
    if (c && c.cursor < 0) {
      c.cursor = 0;
      render();
    }
  });
  app.querySelector('.controls')?.addEventListener('click', onControl);
  app.querySelector('#panel')?.addEventListener('click', onControl);
  app.querySelector('.find')?.addEventListener('click', onControl);
  render();
  startTimer();
  window.scrollTo(0, 0);
}
