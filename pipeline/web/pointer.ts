// Where a mouse or a finger is on the board on screen, alike for every kind: in cells from the
// grid's top-left corner, read back through the drawing's own units (geometry.ts).
import { CELL, PAD } from './geometry.js';

/** Where the pointer is on the board drawn in #board, in cells; null before it is drawn. */
export function pointerAt(e: PointerEvent, rows: number, cols: number): { x: number; y: number } | null {
  const svg = (document.getElementById('board') as HTMLElement).querySelector('svg');
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  return {
    x: (((e.clientX - r.left) / r.width) * (cols * CELL + 2 * PAD) - PAD) / CELL,
    y: (((e.clientY - r.top) / r.height) * (rows * CELL + 2 * PAD) - PAD) / CELL,
  };
}
