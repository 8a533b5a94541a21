// A Sudomino puzzle's size for people: in words on its page and as the index heads a group of
// its size ("Sudomino 8×8 · 1–6"), with its shape in small print.
import type { SudominoWebPuzzle } from '../../../src/sudomino/play/pack.js';

export function sizeText(p: SudominoWebPuzzle): string {
  return `Sudomino ${p.rows}×${p.cols} · 1–${p.values}`;
}

export function groupHead(p: SudominoWebPuzzle): [string, string] {
  return [sizeText(p), p.shape];
}
