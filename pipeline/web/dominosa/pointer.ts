// Mouse and touch on the board: click two neighbours or drag between them; a click on a domino
// lifts it; a click on the line between two cells marks it; the right button, or ✕ Marks,
// marks boundaries instead of laying.
import { boundaryAt, placementOf } from '../../../src/dominosa/play/geometry.js';
import { pointerAt } from '../pointer.js';
import { act } from './moves.js';
import { render } from './render.js';
import { live, type Current } from './state.js';

/** How near a line, in cells, a click counts as on it: a fifth of a cell each side. */
const EDGE_BAND = 0.2;

interface Gesture {
  id: number;
  start: number;
  /** The boundary the gesture began on, or -1. */
  edge: number;
  mark: boolean;
  done: boolean;
}

let gesture: Gesture | null = null;

/** The cell under the pointer (-1: none) and the boundary it is on (-1: none). */
function locate(e: PointerEvent): { cell: number; edge: number } {
  const c = live.current as Current;
  const { rows, cols } = c.pp.board;
  const at = pointerAt(e, rows, cols);
  if (!at) return { cell: -1, edge: -1 };
  const { x, y } = at;
  const col = Math.floor(x);
  const row = Math.floor(y);
  const inside = row >= 0 && row < rows && col >= 0 && col < cols;
  return { cell: inside ? row * cols + col : -1, edge: boundaryAt(c.pp.board, x, y, EDGE_BAND) };
}

export function onPointerDown(e: PointerEvent): void {
  const c = live.current;
  if (!c || (e.button !== 0 && e.button !== 2)) return;
  const { cell, edge } = locate(e);
  if (cell < 0) return;
  (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  gesture = { id: e.pointerId, start: cell, edge, mark: c.markMode || e.button === 2, done: false };
  e.preventDefault();
  (document.getElementById('board') as HTMLElement).focus({ preventScroll: true });
}

export function onPointerMove(e: PointerEvent): void {
  const gs = gesture;
  const c = live.current;
  if (!gs || !c || gs.done || gs.id !== e.pointerId) return;
  const { cell, edge } = locate(e);
  // A finger wobbling on the line it tapped is still a tap on that line, not a drag.
  if (cell < 0 || cell === gs.start || (gs.edge >= 0 && edge === gs.edge)) return;
  const p = placementOf(c.pp.board, gs.start, cell);
  gs.done = true;
  if (p < 0) return;
  c.selected = -1;
  // A drag lays (or marks); it never lifts the domino it is drawn along.
  if (gs.mark) act(p, true);
  else if (!c.game.isLaid(p)) act(p, false);
}

export function onPointerUp(e: PointerEvent): void {
  const gs = gesture;
  const c = live.current;
  gesture = null;
  if (!gs || !c || gs.done || gs.id !== e.pointerId) return;
  const { cell, edge } = locate(e);
  if (gs.edge >= 0 && edge === gs.edge) clickEdge(edge);
  else if (cell === gs.start) clickCell(cell, gs.mark);
}

/** A click on a line: lifts the domino lying across it, else marks or unmarks it. */
function clickEdge(p: number): void {
  const c = live.current as Current;
  c.cursor = -1;
  c.selected = -1;
  act(p, !c.game.isLaid(p));
}

export function onPointerCancel(): void {
  gesture = null;
}

function clickCell(cell: number, mark: boolean): void {
  const c = live.current as Current;
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
