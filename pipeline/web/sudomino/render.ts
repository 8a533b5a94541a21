// Redraws a Sudomino puzzle's page after any change: the board, the status line, the buttons'
// state, the number pad and the hint panel. It reads the state and writes the DOM, nothing else.
import { finished, helpNote } from '../../../src/play/record.js';
import { explainStep } from '../../../src/sudomino/grade/explain.js';
import { stepDominoes, stepLines } from '../../../src/sudomino/play/steps.js';
import { app, elapsed } from '../state.js';
import { sizeText } from './size.js';
import { live, type Current } from './state.js';
import { boardSvg } from './draw.js';
import { passedStepsHtml, sharedPanelHtml } from '../panel.js';
import { pressFound } from '../find-bar.js';
import { clock, esc, nextLinkHtml, puzzleName, showTechnique, solvedText } from '../text.js';

export function render(): void {
  const c = live.current;
  if (!c) return;
  const { game } = c;
  const hint = c.hint;
  const clashes = game.conflicts();
  const board = document.getElementById('board') as HTMLElement;
  board.innerHTML = boardSvg(
    {
      game,
      cursor: c.cursor,
      clashes: new Set(clashes),
      hintDominoes: new Set(hint?.kind === 'step' ? stepDominoes(hint.step) : []),
      hintLines: hint?.kind === 'step' ? stepLines(hint.step) : [],
      ghosts: hint?.kind === 'step' ? hint.place : [],
      wrong: new Set(hint?.kind === 'mistake' && c.showMistakes ? hint.dominoes : []),
      found: c.found,
    },
    esc(puzzleName(c.pp.puzzle, sizeText(c.pp.puzzle))),
  );
  board.classList.toggle('marking', c.markMode);
  (document.getElementById('timer') as HTMLElement).textContent = clock(elapsed(c));
  const status = document.getElementById('status') as HTMLElement;
  const solved = game.solved;
  const note = helpNote(c.record);
  if (solved && c.record.revealed && !c.record.solved) status.textContent = 'Solution revealed.';
  else if (solved) status.textContent = solvedText(elapsed(c), note);
  else if (clashes.length > 0)
    status.textContent = `${clashes.length} cells clash: two dominoes of a row or column hold the same number.`;
  else status.textContent = c.message;
  status.classList.toggle('solved', solved);
  (document.getElementById('after') as HTMLElement).innerHTML = solved ? nextLinkHtml(c.pp.puzzle) : '';
  const btn = (name: string): HTMLButtonElement => app.querySelector(`[data-act="${name}"]`) as HTMLButtonElement;
  btn('undo').disabled = !game.canUndo;
  btn('redo').disabled = !game.canRedo;
  btn('mark-mode').setAttribute('aria-pressed', String(c.markMode));
  // A solved or revealed board is locked: its editing buttons are off, its technique shown.
  const done = finished(c.record);
  for (const name of ['restart', 'mark-mode', 'hint', 'check', 'reveal', 'clear']) btn(name).disabled = done;
  if (done) showTechnique();
  pressFound(c.found);
  // The pad shows the selected domino's marks as pressed keys in the marks mode.
  const d = c.cursor >= 0 ? game.dominoAt(c.cursor) : -1;
  for (const key of app.querySelectorAll<HTMLButtonElement>('[data-num]')) {
    const v = Number(key.getAttribute('data-num'));
    key.setAttribute(
      'aria-pressed',
      String(d >= 0 && (c.markMode ? (game.marksOf(d) & (1 << (v - 1))) !== 0 : game.valueOf(d) === v)),
    );
    key.disabled = done || d < 0 || game.isGiven(d);
  }
  (document.getElementById('panel') as HTMLElement).innerHTML = panelHtml(c);
}

function panelHtml(c: Current): string {
  const shared = sharedPanelHtml(c);
  const h = c.hint;
  if (shared !== null || !h) return shared ?? '';
  switch (h.kind) {
    case 'solved':
    case 'none':
      return '';
    case 'mistake': {
      const k = h.dominoes.length;
      return c.showMistakes
        ? `<p class="hint mistake" data-hint="mistake">There is a mistake on the board: ${k} domino${k === 1 ? '' : 'es'} (hatched) disagree${k === 1 ? 's' : ''} with the solution, by its number or by marks that leave the right number out.</p><div class="row"><button type="button" data-act="remove-mistakes">Take them away</button><button type="button" data-act="close">Close</button></div>`
        : `<p class="hint mistake" data-hint="mistake">There is a mistake on the board.</p><div class="row"><button type="button" data-act="show-mistakes">Show it</button><button type="button" data-act="close">Close</button></div>`;
    }
    case 'step': {
      const text = explainStep(c.pp.board, h.step);
      // Steps passed over, which only ruled values out of dominoes the player has not marked.
      const before = h.before.map((i) => esc(explainStep(c.pp.board, c.pp.steps[i])));
      const adds = [
        h.place.length ? `enter the dashed number${h.place.length === 1 ? '' : 's'}` : '',
        h.remove.length ? `cross out ${h.remove.length} pencil mark${h.remove.length === 1 ? '' : 's'}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return (
        `<p class="hint" data-hint="step" data-step="${h.index}"><span class="level">${esc(h.step.levelName)}</span> ${esc(text)}</p>` +
        passedStepsHtml(before) +
        `<p class="small">To follow it, ${adds}.</p><div class="row"><button type="button" data-act="apply-hint">Do it</button><button type="button" data-act="close">Close</button></div>`
      );
    }
  }
}
