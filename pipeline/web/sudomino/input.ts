// Keyboard and pointer on a Sudomino board: a click or tap selects the domino under it, arrows
// move the selection to the next domino that way; a number enters it (Shift, Alt or the marks
// mode: a pencil mark), and with no domino selected finds it (rings every cell holding it);
// Backspace or Delete clears; U/Y and Ctrl+Z/Y undo and redo, M the marks mode, H a hint, C a
// check for mistakes, Escape drops the selection, the ringed number and the panel.
import { pointerAt } from '../pointer.js';
import { live, type Current } from './state.js';
import { toggleFound } from '../find-bar.js';
import { askHint, check } from './help.js';
import { clearSelected, enter, changed } from './moves.js';
import { render } from './render.js';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The next open cell from `from` that way belonging to another domino, or `from` when there is none. */
function stepFrom(c: Current, from: number, dr: number, dc: number): number {
  const { rows, cols, domino } = c.pp.board;
  let r = Math.floor(from / cols);
  let col = from % cols;
  for (;;) {
    r += dr;
    col += dc;
    if (r < 0 || r >= rows || col < 0 || col >= cols) return from;
    const cell = r * cols + col;
    if (domino[cell] >= 0 && domino[cell] !== domino[from]) return cell;
  }
}

function firstOpenCell(c: Current): number {
  return c.pp.board.domino.findIndex((d) => d >= 0);
}

/** The digit a key stands for, Shift held or not (Shift+3 is "#" on many keyboards). */
function digitOf(e: KeyboardEvent): number {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
  if (m) return Number(m[1]);
  return /^\d$/.test(e.key) ? Number(e.key) : -1;
}

/** A digit typed: values above 9 take two digits, the first held while a second may follow. */
function typeDigit(c: Current, digit: number, mark: boolean): void {
  const N = c.pp.board.values;
  const both = Number(c.typed + String(digit));
  if (c.typed !== '' && both <= N) {
    // The first digit went in alone; the pair replaces it (a mark is taken back first).
    const first = Number(c.typed);
    c.typed = '';
    if (mark || c.markMode) enter(first, true);
    enter(both, mark);
    return;
  }
  c.typed = digit >= 1 && digit * 10 <= N ? String(digit) : '';
  if (digit >= 1 && digit <= N) enter(digit, mark);
}

export function onKey(e: KeyboardEvent): void {
  const c = live.current;
  if (!c) return;
  const key = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  const arrow = ARROWS[key];
  if (arrow) {
    e.preventDefault();
    // With nothing selected, the first arrow selects the first domino.
    c.cursor = c.cursor < 0 ? firstOpenCell(c) : stepFrom(c, c.cursor, arrow[0], arrow[1]);
    c.typed = '';
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
  if (ctrl) return;
  const digit = digitOf(e);
  if (digit >= 0 && c.cursor < 0) {
    // Nothing selected to enter into: the number is found (0 stands for 10 where N reaches it).
    e.preventDefault();
    const v = digit === 0 ? 10 : digit;
    if (v <= c.pp.board.values) c.found = toggleFound(c.found, v);
    render();
    return;
  }
  if (digit >= 0) {
    e.preventDefault();
    typeDigit(c, digit, e.shiftKey || e.altKey);
    return;
  }
  if (e.altKey) return;
  switch (key) {
    case 'Delete':
    case 'Backspace':
      e.preventDefault();
      c.typed = '';
      clearSelected();
      return;
    case 'u':
    case 'U':
      if (c.game.undo()) changed();
      return;
    case 'y':
    case 'Y':
      if (c.game.redo()) changed();
      return;
    case 'm':
    case 'M':
      c.markMode = !c.markMode;
      break;
    case 'h':
    case 'H':
      askHint(c);
      break;
    case 'c':
    case 'C':
      check(c);
      break;
    case 'Escape':
      c.found = -1;
      c.cursor = -1;
      c.hint = null;
      c.confirm = false;
      break;
    default:
      return;
  }
  e.preventDefault();
  render();
}

/** A click or tap on the board selects the domino under it (a blocked cell or the margin: nothing). */
export function onPointer(e: PointerEvent): void {
  const c = live.current;
  if (!c || e.button !== 0) return;
  const { rows, cols, domino } = c.pp.board;
  const at = pointerAt(e, rows, cols);
  if (!at) return;
  const [row, col] = [Math.floor(at.y), Math.floor(at.x)];
  e.preventDefault();
  (document.getElementById('board') as HTMLElement).focus({ preventScroll: true });
  if (row < 0 || row >= rows || col < 0 || col >= cols || domino[row * cols + col] < 0) return;
  c.cursor = row * cols + col;
  c.typed = '';
  render();
}
