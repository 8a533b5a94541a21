// A Sudomino puzzle's page: title bar, board, status, controls, number pad, hint panel and help,
// its saved position loaded, its inputs wired and its clock started.
import { Game } from '../../../src/sudomino/play/game.js';
import { playPuzzle, type PackRules, type WebPuzzle } from '../../../src/sudomino/play/pack.js';
import { finished } from '../../../src/play/record.js';
import { findBarHtml } from '../find-bar.js';
import { render } from './render.js';
import { onControl } from './controls.js';
import { onKey, onPointer } from './input.js';
import { freshPanel } from '../panel.js';
import { app, clockFrom, pack } from '../state.js';
import { load } from '../store.js';
import { barHtml, puzzleName } from '../text.js';
import { form } from './saved.js';
import { sizeText } from './size.js';
import { live } from './state.js';
import { startTimer, stopTimer } from '../timer.js';

let listening = false;

export function showPuzzle(p: WebPuzzle): void {
  stopTimer();
  const pp = playPuzzle((pack as typeof pack & PackRules).sudominoRules ?? [], p);
  const saved = load(form, pack.checksum, p.id);
  const clocked = clockFrom(saved);
  const game = new Game(pp.board, saved ?? undefined);
  game.locked = finished(clocked.record);
  live.show({
    pp,
    game,
    ...clocked,
    cursor: -1,
    typed: '',
    markMode: false,
    found: -1,
    ...freshPanel(),
  });
  const pad = Array.from(
    { length: p.values },
    (_, i) => `<button type="button" data-num="${i + 1}">${i + 1}</button>`,
  ).join('');
  const size = sizeText(p);
  document.title = `${puzzleName(p, size)} — ${pack.name}`;
  app.innerHTML =
    barHtml(p, size) +
    `<div class="play"><div class="board-wrap"><div id="board" class="board sudomino" tabindex="0" role="application" aria-label="Board: arrows move between dominoes, numbers enter, Shift+number marks, Delete clears"></div>` +
    `<p id="status" class="status" role="status" aria-live="polite"></p><p id="after" class="after"></p></div>` +
    `<aside class="side"><div class="pad" role="group" aria-label="Numbers">${pad}<button type="button" data-act="clear" title="Clear (Delete)">Clear</button></div>` +
    `<div class="controls">` +
    `<button type="button" data-act="undo" title="Undo (U or Ctrl+Z)">Undo</button>` +
    `<button type="button" data-act="redo" title="Redo (Y or Ctrl+Y)">Redo</button>` +
    `<button type="button" data-act="restart">Restart</button>` +
    `<button type="button" data-act="mark-mode" aria-pressed="false" title="Numbers are pencil marks (M)">✎ Marks</button>` +
    `<button type="button" data-act="hint" title="Hint (H)">Hint</button>` +
    `<button type="button" data-act="check" title="Check for mistakes (C)">Check</button>` +
    `<button type="button" data-act="reveal">Reveal…</button>` +
    `</div>` +
    findBarHtml(Array.from({ length: p.values }, (_, i) => ({ value: i + 1, label: String(i + 1) }))) +
    `<div id="panel" class="panel" aria-live="polite"></div>` +
    `<details class="help"><summary>How to play</summary><ul>` +
    `<li>Give every domino a number from 1 to ${p.values}, the same on both its cells; no two different dominoes of a row or a column may hold the same number. Bold numbers are given.</li>` +
    `<li>Click or tap a domino to select it, then type its number or use the number buttons. Arrows move to the next domino.</li>` +
    `<li>Pencil marks: hold Shift (or Alt) while typing, or turn on ✎ Marks (M). Backspace or Delete clears; U undo, Y redo, H hint, C check for mistakes.</li>` +
    `<li>Find a number: with no domino selected (Escape drops the selection), type a number, or click it under Find, to ring every cell holding it; the same number again clears the rings.</li>` +
    `<li>A hint enters its number and crosses out only your own pencil marks; it never writes marks for you. Once solved, the board is locked.</li>` +
    `<li>Cells of dominoes that clash in a row or column are hatched in red; a hint’s dominoes are dotted and its line shaded; a shown mistake is hatched.</li>` +
    `</ul></details></aside></div>`;
  const board = document.getElementById('board') as HTMLElement;
  board.addEventListener('pointerdown', onPointer);
  // Keys reach the board wherever the focus is on its page (after a button, too); on the index they do nothing.
  if (!listening) document.addEventListener('keydown', onKey);
  listening = true;
  app.querySelector('.side')?.addEventListener('click', onControl);
  render();
  startTimer();
  window.scrollTo(0, 0);
}
