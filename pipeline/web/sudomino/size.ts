// A Sudomino puzzle's size for people: in words on its page ("Sudomino 8×8 · 1–6"), and as the
// index names it on a card ("Sudomino 8×8", its numbers in small print).
import type { WebPuzzle } from '../../../src/sudomino/play/pack.js';

export function sizeText(p: WebPuzzle): string {
  return `Sudomino ${p.rows}×${p.cols} · 1–${p.values}`;
}

export function groupHead(p: WebPuzzle): [string, string] {
  return [`Sudomino ${p.rows}×${p.cols}`, `1–${p.values}`];
}
