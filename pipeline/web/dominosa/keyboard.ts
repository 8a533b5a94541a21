// The keyboard on the board: arrows move a cursor; Space or Enter, then an arrow, lays or lifts
// (Shift+arrow at once); X, then an arrow, marks; Delete lifts; U/Y and Ctrl+Z/Y undo and redo;
// H a hint, C a check for mistakes; a number key finds that number (rings every cell holding it:
// numbers enter nothing on a Dominosa board), Escape clears.
import { placementOf } from '../../../src/dominosa/play/geometry.js';
import { pack } from '../state.js';
import { toggleFound } from '../find-bar.js';
import { askHint, check } from './help.js';
import { act, changed } from './moves.js';
import { render } from './render.js';
import { live } from './state.js';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export function onKey(e: KeyboardEvent): void {
  const c = live.current;
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
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(e.code)?.[1] ?? (/^\d$/.test(key) ? key : null);
  if (digit !== null) {
    // The value shown as that digit (pips count as their number; 0 stands for 10 on a board shown 1..10).
    const oneBased = pack.faces === 'one-based';
    const v = oneBased ? (digit === '0' ? 9 : Number(digit) - 1) : Number(digit);
    if (v >= 0 && v <= c.pp.board.m) c.found = toggleFound(c.found, v);
    e.preventDefault();
    render();
    return;
  }
  switch (key) {
    case ' ':
    case 'Enter':
      c.pending = c.pending === 'join' ? null : 'join';
      break;
    case 'x':
    case 'X':
      c.pending = c.pending === 'mark' ? null : 'mark';
      break;
    case 'c':
    case 'C':
      check(c);
      break;
    case 'Escape':
      c.found = -1;
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
      askHint(c);
      break;
    default:
      return;
  }
  e.preventDefault();
  render();
}
