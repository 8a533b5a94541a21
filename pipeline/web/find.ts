// Find a number, as every kind draws it: every cell holding the number the player picked
// (find-bar.ts) is ringed on the board. A ring is a shape, not a colour, so it reads in greyscale.
import { CELL, PAD } from './geometry.js';

/** The ring drawn on a found cell c of a grid `cols` wide, in the board's SVG units. */
export function foundRing(c: number, cols: number): string {
  const cx = PAD + ((c % cols) + 0.5) * CELL;
  const cy = PAD + (Math.floor(c / cols) + 0.5) * CELL;
  return `<circle class="found" data-found="${c}" cx="${cx}" cy="${cy}" r="${CELL * 0.4}" stroke-width="${CELL * 0.09}"/>`;
}
