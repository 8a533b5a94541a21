// A Dominosa puzzle's size for people: in words on its page ("Double-6, 7 × 8"), and as the
// index names it on a card ("Dominosa M = 6", the grid in small print).
import type { WebPuzzle } from '../../../src/dominosa/play/pack.js';

export function sizeText(p: WebPuzzle): string {
  return `Double-${p.m}, ${p.rows} × ${p.cols}`;
}

export function groupHead(p: WebPuzzle): [string, string] {
  return [`Dominosa M = ${p.m}`, `${p.rows} × ${p.cols}`];
}
