// The web pack's page: an index of the pack's puzzles and a board to play one on, with mouse,
// touch and keyboard, undo, a timer, hints from the grader's steps and reveals. The rules of
// play and of hints are pure (src/play/); this file is the shell: DOM, events, storage.
import { faceText } from '../../src/formats/faces.js';
import { explainSteps } from '../../src/dominosa/grade/explain.js';
import { Game } from '../../src/dominosa/play/game.js';
import { placementOf } from '../../src/dominosa/play/geometry.js';
import { hintFor, type Hint } from '../../src/dominosa/play/hint.js';
import { playPuzzle, type PlayPuzzle, type WebPack, type WebPuzzle } from '../../src/dominosa/play/pack.js';
import { stepCells, toGraderStep } from '../../src/dominosa/play/steps.js';
import { pairFromIndex } from '../../src/dominosa/pairs.js';
import { boardSvg, CELL, PAD } from './draw.js';
import { load, save, statusOf, type Saved } from './store.js';

const TIER_ORDER = ['easy', 'normal', 'hard', 'expert'];

const pack = JSON.parse(document.getElementById('dominosa-pack')?.textContent ?? '{}') as WebPack;
const app = document.getElementById('app') as HTMLElement;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

function puzzleName(p: WebPuzzle): string {
  return `#${p.id} · Double-${p.m}, ${p.rows} × ${p.cols} · ${p.tier}`;
}

/** A value as the pack shows it, in words and pair names (pips count their pips). */
function shown(v: number): string {
  return faceText(v, pack.faces === 'one-based' ? 'one-based' : 'digits');
}

function hashId(p: WebPuzzle): string {
  return `#puzzle=${encodeURIComponent(String(p.id))}`;
}

// ---------------------------------------------------------------------------------------
// The index: puzzles by tier, then size, each with its status.

function tierRank(t: string): number {
  const i = TIER_ORDER.indexOf(t);
  return i < 0 ? TIER_ORDER.length : i;
}

function showIndex(): void {
  stopTimer();
  current = null;
  document.title = pack.name;
  const tiers = [...new Set(pack.puzzles.map((p) => p.tier))].sort((a, b) => tierRank(a) - tierRank(b));
  const parts: string[] = [`<header class="top"><h1>${esc(pack.name)}</h1><p class="sub">Dominosa · ${pack.puzzles.length} puzzle${pack.puzzles.length === 1 ? '' : 's'}</p></header>`];
  parts.push(
    `<p class="rules">Each grid hides a complete set of dominoes, one of every pair from ${pack.faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : pack.faces === 'pips' ? 'blank-blank up' : '0-0 to M-M'}. ` +
      'Lay dominoes (two neighbouring cells each) so that every pair appears exactly once.</p>',
  );
  for (const tier of tiers) {
    const list = pack.puzzles.filter((p) => p.tier === tier);
    const solved = list.filter((p) => statusOf(load(pack.checksum, p.id)) === 'solved').length;
    parts.push(`<section class="tier"><h2>${esc(tier[0].toUpperCase() + tier.slice(1))} <span class="count">${solved} / ${list.length} solved</span></h2>`);
    for (const m of [...new Set(list.map((p) => p.m))].sort((a, b) => a - b)) {
      parts.push(`<h3>M = ${m} <span class="count">${m + 1} × ${m + 2}</span></h3><ul class="puzzles">`);
      for (const p of list.filter((q) => q.m === m)) {
        const status = statusOf(load(pack.checksum, p.id));
        parts.push(
          `<li><a class="pick ${status.replace(' ', '-')}" href="${hashId(p)}" data-puzzle="${esc(String(p.id))}">` +
            `<span class="id">#${esc(String(p.id))}</span><span class="status">${status}</span></a></li>`,
        );
      }
      parts.push('</ul>');
    }
    parts.push('</section>');
  }
  app.innerHTML = parts.join('');
  window.scrollTo(0, 0);
}

// ---------------------------------------------------------------------------------------
// Playing one puzzle.

interface Current {
  pp: PlayPuzzle;
  game: Game;
  /** Time played before the running stretch, and when that stretch started (null: stopped). */
  ms: number;
  since: number | null;
  solved: boolean;
  selected: number;
  cursor: number;
  /** After Space/Enter or X, the next arrow joins or marks. */
  pending: 'join' | 'mark' | null;
  markMode: boolean;
  hint: Hint | null;
  showMistakes: boolean;
  confirm: boolean;
  message: string;
}

let current: Current | null = null;
let ticker: number | undefined;

function elapsed(c: Current): number {
  return c.ms + (c.since === null ? 0 : performance.now() - c.since);
}

function startTimer(): void {
  const c = current;
  if (!c || c.solved || c.since !== null || document.hidden) return;
  c.since = performance.now();
  ticker = window.setInterval(() => {
    const t = document.getElementById('timer');
    if (t && current) t.textContent = clock(elapsed(current));
  }, 500);
}

function stopTimer(): void {
  const c = current;
  if (c && c.since !== null) {
    c.ms = elapsed(c);
    c.since = null;
    persist();
  }
  window.clearInterval(ticker);
  ticker = undefined;
}

function persist(): void {
  const c = current;
  if (!c) return;
  const saved: Saved = { ...c.game.position(), ms: elapsed(c), solved: c.solved };
  save(pack.checksum, c.pp.puzzle.id, saved);
}

function showPuzzle(p: WebPuzzle): void {
  stopTimer();
  const pp = playPuzzle(pack, p);
  const saved = load(pack.checksum, p.id);
  const game = new Game(pp.board, saved ?? undefined);
  current = {
    pp,
    game,
    ms: saved?.ms ?? 0,
    since: null,
    solved: saved?.solved ?? false,
    selected: -1,
    cursor: -1,
    pending: null,
    markMode: false,
    hint: null,
    showMistakes: false,
    confirm: false,
    message: '',
  };
  document.title = `${puzzleName(p)} — ${pack.name}`;
  app.innerHTML =
    `<header class="bar"><a class="back" href="#">← All puzzles</a><h1>${esc(puzzleName(p))}${p.technique ? ` <span class="tech">${esc(p.technique)}</span>` : ''}</h1><span id="timer" class="timer" aria-label="time played"></span></header>` +
    `<div class="play"><div class="board-wrap"><div id="board" class="board" tabindex="0" role="application" aria-label="Board: arrows move, Space then an arrow joins, X then an arrow marks"></div>` +
    `<p id="status" class="status" role="status" aria-live="polite"></p></div>` +
    `<aside class="side"><div class="controls">` +
    `<button type="button" data-act="undo" title="Undo (U or Ctrl+Z)">Undo</button>` +
    `<button type="button" data-act="redo" title="Redo (Y or Ctrl+Y)">Redo</button>` +
    `<button type="button" data-act="restart">Restart</button>` +
    `<button type="button" data-act="mark-mode" aria-pressed="false" title="Clicks mark boundaries instead of laying dominoes">✕ Marks</button>` +
    `<button type="button" data-act="hint" title="Hint (H)">Hint</button>` +
    `<button type="button" data-act="reveal">Reveal…</button>` +
    `</div><div id="panel" class="panel" aria-live="polite"></div>` +
    `<h2 class="tally-head">Pairs</h2><div id="tally" class="tally"></div>` +
    `<details class="help"><summary>How to play</summary><ul>` +
    `<li>Click two neighbouring cells, or drag from one to the other, to lay a domino; click a domino to lift it.</li>` +
    `<li>Mark a boundary “no domino here” with ✕ Marks on, or with the right mouse button.</li>` +
    `<li>Keyboard: arrows move; Space or Enter, then an arrow, lays or lifts a domino (Shift+arrow at once); X, then an arrow, marks a boundary; Delete lifts; U undo, Y redo, H hint.</li>` +
    `<li>A pair laid twice is marked on both dominoes; a cell nothing can cover any more is marked too.</li>` +
    `</ul></details></aside></div>`;
  const board = document.getElementById('board') as HTMLElement;
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', () => (gesture = null));
  board.addEventListener('contextmenu', (e) => e.preventDefault());
  board.addEventListener('keydown', onKey);
  board.addEventListener('focus', () => {
    if (current && current.cursor < 0) {
      current.cursor = 0;
      render();
    }
  });
  app.querySelector('.controls')?.addEventListener('click', onControl);
  app.querySelector('#panel')?.addEventListener('click', onControl);
  render();
  startTimer();
  window.scrollTo(0, 0);
}

/** After any move: drop a hint that may no longer follow, note a solve, save, redraw. */
function changed(): void {
  const c = current as Current;
  c.hint = null;
  c.showMistakes = false;
  c.confirm = false;
  c.message = '';
  if (c.game.solved && !c.solved) {
    c.solved = true;
    stopTimer();
  }
  persist();
  render();
}

function act(p: number, mark: boolean): void {
  const g = (current as Current).game;
  if (mark ? g.toggleMark(p) : g.isLaid(p) ? g.lift(p) : g.lay(p)) changed();
}

function render(): void {
  const c = current;
  if (!c) return;
  const { game, pp } = c;
  const hint = c.hint;
  const view = {
    game,
    selected: c.selected,
    cursor: c.cursor,
    hintCells: new Set(hint?.kind === 'step' ? stepCells(pp.board, hint.step) : []),
    ghosts: hint?.kind === 'step' ? hint.lay : [],
    hintMarks: hint?.kind === 'step' ? hint.marks : [],
    wrong: new Set(hint?.kind === 'mistake' && c.showMistakes ? [...hint.dominoes, ...hint.marks] : []),
    faces: pack.faces,
  };
  const board = document.getElementById('board') as HTMLElement;
  board.innerHTML = boardSvg(view, esc(puzzleName(pp.puzzle)));
  board.classList.toggle('marking', c.markMode);
  (document.getElementById('timer') as HTMLElement).textContent = clock(elapsed(c));
  const status = document.getElementById('status') as HTMLElement;
  const dups = game.duplicates().length;
  const stuck = game.uncoverable().length;
  if (game.solved) status.textContent = `Solved in ${clock(elapsed(c))}!`;
  else if (c.pending) status.textContent = c.pending === 'join' ? 'Press an arrow to join with that neighbour.' : 'Press an arrow to mark that boundary.';
  else if (dups > 0 || stuck > 0) status.textContent = [dups > 0 ? `${dups} dominoes spell a pair used twice` : '', stuck > 0 ? `${stuck} cell${stuck === 1 ? '' : 's'} can no longer be covered` : ''].filter(Boolean).join('; ') + '.';
  else status.textContent = c.message;
  status.classList.toggle('solved', game.solved);
  const btn = (name: string): HTMLButtonElement => app.querySelector(`[data-act="${name}"]`) as HTMLButtonElement;
  btn('undo').disabled = !game.canUndo;
  btn('redo').disabled = !game.canRedo;
  btn('mark-mode').setAttribute('aria-pressed', String(c.markMode));
  (document.getElementById('panel') as HTMLElement).innerHTML = panelHtml(c);
  renderTally(c);
}

function panelHtml(c: Current): string {
  if (c.confirm) {
    return (
      `<p>Reveal part of the solution?</p>` +
      `<div class="row"><button type="button" data-act="reveal-one">One domino</button><button type="button" data-act="reveal-all">The whole solution</button><button type="button" data-act="close">Cancel</button></div>`
    );
  }
  const h = c.hint;
  if (!h) return '';
  switch (h.kind) {
    case 'solved':
      return `<p class="hint">The board is solved.</p>`;
    case 'none':
      return `<p class="hint">No deduction is stored beyond this point for this puzzle; reveal a domino to go on.</p>`;
    case 'mistake': {
      const parts = [h.dominoes.length ? `${h.dominoes.length} domino${h.dominoes.length === 1 ? '' : 'es'}` : '', h.marks.length ? `${h.marks.length} mark${h.marks.length === 1 ? '' : 's'}` : ''].filter(Boolean);
      return c.showMistakes
        ? `<p class="hint mistake" data-hint="mistake">There is a mistake on the board: ${parts.join(' and ')} (outlined in red) disagree${h.dominoes.length + h.marks.length === 1 ? 's' : ''} with the solution.</p><div class="row"><button type="button" data-act="remove-mistakes">Take them away</button><button type="button" data-act="close">Close</button></div>`
        : `<p class="hint mistake" data-hint="mistake">There is a mistake on the board.</p><div class="row"><button type="button" data-act="show-mistakes">Show it</button><button type="button" data-act="close">Close</button></div>`;
    }
    case 'step': {
      const text = explainSteps({ rows: c.pp.board.rows, cols: c.pp.board.cols, m: c.pp.board.m, cells: Uint16Array.from(c.pp.board.values) }, [toGraderStep(c.pp.board, h.step)], pack.faces === 'one-based' ? 1 : 0)[0];
      const adds = [h.lay.length ? `lay the dashed domino${h.lay.length === 1 ? '' : 'es'}` : '', h.marks.length ? `add the dashed mark${h.marks.length === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
      return (
        `<p class="hint" data-hint="step" data-step="${h.index}"><span class="level">${esc(h.step.level)}</span> ${esc(text)}</p>` +
        `<p class="small">To follow it, ${adds}.</p><div class="row"><button type="button" data-act="apply-hint">Do it</button><button type="button" data-act="close">Close</button></div>`
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
    cells.push(`<span class="pair ${cls}" data-pair="${q}" style="grid-row:${v + 1};grid-column:${u + 1}" title="${shown(u)}-${shown(v)}: laid ${counts[q]} time${counts[q] === 1 ? '' : 's'}">${shown(u)}-${shown(v)}</span>`);
  }
  const t = document.getElementById('tally') as HTMLElement;
  t.style.gridTemplateColumns = `repeat(${m + 1}, minmax(0, 1fr))`;
  t.innerHTML = cells.join('');
}

function onControl(e: Event): void {
  const target = (e.target as HTMLElement).closest('[data-act]');
  const c = current;
  if (!target || !c) return;
  const g = c.game;
  switch (target.getAttribute('data-act')) {
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
      c.hint = hintFor(c.pp.board, c.pp.solution, c.pp.steps, g.position());
      c.showMistakes = false;
      c.confirm = false;
      break;
    case 'apply-hint':
      if (c.hint?.kind === 'step') {
        const h = c.hint;
        const pos = g.position();
        g.setPosition({ laid: [...pos.laid, ...h.lay], marks: [...pos.marks, ...h.marks] });
        changed();
      }
      return;
    case 'show-mistakes':
      c.showMistakes = true;
      break;
    case 'remove-mistakes':
      if (c.hint?.kind === 'mistake') {
        const h = c.hint;
        const pos = g.position();
        g.setPosition({ laid: pos.laid.filter((p) => !h.dominoes.includes(p)), marks: pos.marks.filter((p) => !h.marks.includes(p)) });
        changed();
      }
      return;
    case 'reveal':
      c.confirm = true;
      c.hint = null;
      break;
    case 'reveal-one': {
      const laid = new Set(g.position().laid);
      const next = c.pp.solution.find((p) => !laid.has(p));
      if (next !== undefined && g.lay(next)) changed();
      else c.confirm = false;
      break;
    }
    case 'reveal-all':
      g.setPosition({ laid: [...c.pp.solution], marks: [] });
      changed();
      return;
    case 'close':
      c.hint = null;
      c.confirm = false;
      c.showMistakes = false;
      break;
  }
  render();
}

// ---------------------------------------------------------------------------------------
// Pointer: click two neighbours or drag between them; a click on a domino lifts it; the right
// button, or ✕ Marks, marks boundaries instead.

interface Gesture {
  id: number;
  start: number;
  mark: boolean;
  done: boolean;
}

let gesture: Gesture | null = null;

function cellAt(e: PointerEvent): number {
  const c = current as Current;
  const svg = (document.getElementById('board') as HTMLElement).querySelector('svg');
  if (!svg) return -1;
  const r = svg.getBoundingClientRect();
  const { rows, cols } = c.pp.board;
  const w = cols * CELL + 2 * PAD;
  const h = rows * CELL + 2 * PAD;
  const x = ((e.clientX - r.left) / r.width) * w - PAD;
  const y = ((e.clientY - r.top) / r.height) * h - PAD;
  const col = Math.floor(x / CELL);
  const row = Math.floor(y / CELL);
  return row >= 0 && row < rows && col >= 0 && col < cols ? row * cols + col : -1;
}

function onPointerDown(e: PointerEvent): void {
  const c = current;
  if (!c || (e.button !== 0 && e.button !== 2)) return;
  const cell = cellAt(e);
  if (cell < 0) return;
  (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  gesture = { id: e.pointerId, start: cell, mark: c.markMode || e.button === 2, done: false };
  e.preventDefault();
  (document.getElementById('board') as HTMLElement).focus({ preventScroll: true });
}

function onPointerMove(e: PointerEvent): void {
  const gs = gesture;
  const c = current;
  if (!gs || !c || gs.done || gs.id !== e.pointerId) return;
  const cell = cellAt(e);
  if (cell < 0 || cell === gs.start) return;
  const p = placementOf(c.pp.board, gs.start, cell);
  gs.done = true;
  if (p < 0) return;
  c.selected = -1;
  // A drag lays (or marks); it never lifts the domino it is drawn along.
  if (gs.mark) act(p, true);
  else if (!c.game.isLaid(p)) act(p, false);
}

function onPointerUp(e: PointerEvent): void {
  const gs = gesture;
  const c = current;
  gesture = null;
  if (!gs || !c || gs.done || gs.id !== e.pointerId) return;
  const cell = cellAt(e);
  if (cell !== gs.start) return;
  clickCell(cell, gs.mark);
}

function clickCell(cell: number, mark: boolean): void {
  const c = current as Current;
  c.cursor = -1;
  if (c.selected >= 0) {
    const p = placementOf(c.pp.board, c.selected, cell);
    if (p >= 0) {
      c.selected = -1;
      act(p, mark);
      return;
    }
    if (c.selected === cell) {
      c.selected = -1;
      render();
      return;
    }
  }
  const laid = c.game.dominoAt(cell);
  if (!mark && laid >= 0) {
    c.selected = -1;
    act(laid, false);
    return;
  }
  c.selected = cell;
  render();
}

// ---------------------------------------------------------------------------------------
// Keyboard.

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(e: KeyboardEvent): void {
  const c = current;
  if (!c) return;
  const { rows, cols } = c.pp.board;
  if (c.cursor < 0) c.cursor = c.selected >= 0 ? c.selected : 0;
  const key = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  const arrow = ARROWS[key];
  if (arrow) {
    e.preventDefault();
    const r = Math.floor(c.cursor / cols) + arrow[0];
    const col = (c.cursor % cols) + arrow[1];
    if (r < 0 || r >= rows || col < 0 || col >= cols) {
      c.pending = null;
      render();
      return;
    }
    const next = r * cols + col;
    const doing = e.shiftKey ? 'join' : c.pending;
    c.pending = null;
    c.selected = -1;
    // Joining or marking works on the boundary toward the arrow; the cursor stays.
    if (doing) {
      act(placementOf(c.pp.board, c.cursor, next), doing === 'mark');
      render();
      return;
    }
    c.cursor = next;
    render();
    return;
  }
  if (ctrl && (key === 'z' || key === 'Z')) {
    e.preventDefault();
    if (e.shiftKey ? c.game.redo() : c.game.undo()) changed();
    return;
  }
  if (ctrl && (key === 'y' || key === 'Y')) {
    e.preventDefault();
    if (c.game.redo()) changed();
    return;
  }
  if (ctrl || e.altKey) return;
  switch (key) {
    case ' ':
    case 'Enter':
      c.pending = c.pending === 'join' ? null : 'join';
      break;
    case 'x':
    case 'X':
      c.pending = c.pending === 'mark' ? null : 'mark';
      break;
    case 'Escape':
      c.pending = null;
      c.selected = -1;
      c.hint = null;
      c.confirm = false;
      break;
    case 'Delete':
    case 'Backspace': {
      const p = c.game.dominoAt(c.cursor);
      if (p >= 0) act(p, false);
      break;
    }
    case 'u':
    case 'U':
      if (c.game.undo()) changed();
      break;
    case 'y':
    case 'Y':
      if (c.game.redo()) changed();
      break;
    case 'h':
    case 'H':
      c.hint = hintFor(c.pp.board, c.pp.solution, c.pp.steps, c.game.position());
      break;
    default:
      return;
  }
  e.preventDefault();
  render();
}

// ---------------------------------------------------------------------------------------
// Routing by the address's hash, so a reload (or a bookmark) returns to the same puzzle.

function route(): void {
  const m = /^#puzzle=(.*)$/.exec(location.hash);
  const id = m ? decodeURIComponent(m[1]) : null;
  const p = id === null ? undefined : pack.puzzles.find((q) => String(q.id) === id);
  if (p) showPuzzle(p);
  else showIndex();
}

window.addEventListener('hashchange', route);
document.addEventListener('visibilitychange', () => (document.hidden ? stopTimer() : startTimer()));
window.addEventListener('pagehide', () => stopTimer());
route();
