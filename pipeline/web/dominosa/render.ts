// Redrawing the board view after any change: the board, the status line, the buttons' state,
// the hint panel and the tally of pairs. It reads the state and writes the DOM, nothing else.
import { explainSteps } from '../../../src/dominosa/grade/explain.js';
import { stepCells, toGraderStep } from '../../../src/dominosa/play/steps.js';
import { pairFromIndex } from '../../../src/dominosa/pairs.js';
import { finished, helpNote } from '../../../src/play/record.js';
import { pressFound } from '../find-bar.js';
import { boardSvg } from './draw.js';
import { app, elapsed, pack } from '../state.js';
import { sizeText } from './size.js';
import { live, type Current } from './state.js';
import { passedStepsHtml, sharedPanelHtml } from '../panel.js';
import { clock, esc, nextLinkHtml, puzzleName, showTechnique, shown, solvedText } from '../text.js';

export function render(): void {
  const c = live.current;
  if (!c) return;
  const { game, pp } = c;
  const hint = c.hint;
  const view = {
    game,
    selected: c.selected,
    cursor: c.cursor,
    hintCells: new Set(hint?.kind === 'step' ? stepCells(pp.board, hint.step) : []),
    ghosts: hint?.kind === 'step' ? hint.lay : [],
    wrong: new Set(hint?.kind === 'mistake' && c.showMistakes ? [...hint.dominoes, ...hint.marks] : []),
    faces: pack.faces,
    found: c.found,
  };
  const board = document.getElementById('board') as HTMLElement;
  board.innerHTML = boardSvg(view, esc(puzzleName(pp.puzzle, sizeText(pp.puzzle))));
  board.classList.toggle('marking', c.markMode);
  (document.getElementById('timer') as HTMLElement).textContent = clock(elapsed(c));
  const status = document.getElementById('status') as HTMLElement;
  const dups = game.duplicates().length;
  const stuck = game.uncoverable().length;
  const note = helpNote(c.record);
  if (game.solved && c.record.revealed && !c.record.solved) status.textContent = 'Solution revealed.';
  else if (game.solved) status.textContent = solvedText(elapsed(c), note);
  else if (c.pending)
    status.textContent =
      c.pending === 'join' ? 'Press an arrow to join with that neighbour.' : 'Press an arrow to mark that boundary.';
  else if (dups > 0 || stuck > 0)
    status.textContent =
      [
        dups > 0 ? `${dups} dominoes spell a pair used twice` : '',
        stuck > 0 ? `${stuck} cell${stuck === 1 ? '' : 's'} can no longer be covered` : '',
      ]
        .filter(Boolean)
        .join('; ') + '.';
  else status.textContent = c.message;
  status.classList.toggle('solved', game.solved);
  (document.getElementById('after') as HTMLElement).innerHTML = game.solved ? nextLinkHtml(c.pp.puzzle) : '';
  const btn = (name: string): HTMLButtonElement => app.querySelector(`[data-act="${name}"]`) as HTMLButtonElement;
  btn('undo').disabled = !game.canUndo;
  btn('redo').disabled = !game.canRedo;
  btn('mark-mode').setAttribute('aria-pressed', String(c.markMode));
  // A solved or revealed board is locked: its editing buttons are off, its technique shown.
  const done = finished(c.record);
  for (const name of ['restart', 'mark-mode', 'hint', 'check', 'reveal']) btn(name).disabled = done;
  if (done) showTechnique();
  pressFound(c.found);
  (document.getElementById('panel') as HTMLElement).innerHTML = panelHtml(c);
  renderTally(c);
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
      const parts = [
        h.dominoes.length ? `${h.dominoes.length} domino${h.dominoes.length === 1 ? '' : 'es'}` : '',
        h.marks.length ? `${h.marks.length} mark${h.marks.length === 1 ? '' : 's'}` : '',
      ].filter(Boolean);
      return c.showMistakes
        ? `<p class="hint mistake" data-hint="mistake">There is a mistake on the board: ${parts.join(' and ')} (hatched and marked ✗) disagree${h.dominoes.length + h.marks.length === 1 ? 's' : ''} with the solution.</p><div class="row"><button type="button" data-act="remove-mistakes">Take them away</button><button type="button" data-act="close">Close</button></div>`
        : `<p class="hint mistake" data-hint="mistake">There is a mistake on the board.</p><div class="row"><button type="button" data-act="show-mistakes">Show it</button><button type="button" data-act="close">Close</button></div>`;
    }
    case 'step': {
      const shape = {
        rows: c.pp.board.rows,
        cols: c.pp.board.cols,
        m: c.pp.board.m,
        cells: Uint16Array.from(c.pp.board.values),
      };
      const word = (i: number): string =>
        esc(explainSteps(shape, [toGraderStep(c.pp.board, c.pp.steps[i])], pack.faces === 'one-based' ? 1 : 0)[0]);
      const n = h.lay.length;
      return (
        `<p class="hint" data-hint="step" data-step="${h.index}"><span class="level">${esc(h.step.level)}</span> ${word(h.index)}</p>` +
        // Steps passed over, which only ruled out placements the player has not marked.
        passedStepsHtml(h.before.map(word)) +
        `<p class="small">To follow it, lay the dashed domino${n === 1 ? '' : 'es'}.</p><div class="row"><button type="button" data-act="apply-hint">Do it</button><button type="button" data-act="close">Close</button></div>`
      );
    }
  }
}

function renderTally(c: Current): void {
  const counts = c.game.tally();
  const m = c.pp.board.m;
  const cells: string[] = [];
  for (let q = 0; q < counts.length; q++) {
    const [u, v] = pairFromIndex(q);
    const cls = counts[q] === 0 ? 'free' : counts[q] === 1 ? 'used' : 'dup';
    const n = counts[q] > 1 ? ` data-count="${counts[q]}"` : '';
    cells.push(
      `<span class="pair ${cls}" data-pair="${q}"${n} style="grid-row:${v + 1};grid-column:${u + 1}" title="${shown(u)}-${shown(v)}: laid ${counts[q]} time${counts[q] === 1 ? '' : 's'}">${shown(u)}-${shown(v)}</span>`,
    );
  }
  const t = document.getElementById('tally') as HTMLElement;
  t.style.gridTemplateColumns = `repeat(${m + 1}, minmax(0, 1fr))`;
  t.innerHTML = cells.join('');
}
