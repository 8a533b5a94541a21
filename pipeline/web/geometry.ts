// The board's drawing units, alike for every kind: a cell's side in SVG user units and the margin
// around the grid, which the drawings lay out by and the pointers read a click's cell from.
import { SVG_PAD_CELLS } from '../../src/formats/svg.js';

/** Side of a cell in SVG user units; the drawing scales with its container. */
export const CELL = 40;
export const PAD = CELL * SVG_PAD_CELLS;
