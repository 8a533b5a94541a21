// The words for a cell and a domino that both kinds' hints and grade --explain use: a domino is
// named by its line and its two places along it, whichever way round its cells are given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellWords, dominoWords } from '../../src/grade/cell-words.js';

describe('cell and domino words', () => {
  it('names a cell by its row and column counted from 1', () => {
    expect(cellWords(0, 4)).toBe('row 1, column 5');
  });

  it('names a domino by its line and the two places along it, in either order of its cells', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.boolean(), fc.boolean(), (r, c, across, flip) => {
        const [r2, c2] = across ? [r, c + 1] : [r + 1, c];
        const w = flip ? dominoWords(r2, c2, r, c) : dominoWords(r, c, r2, c2);
        expect(w).toBe(across ? `row ${r + 1}, columns ${c + 1}–${c + 2}` : `column ${c + 1}, rows ${r + 1}–${r + 2}`);
      }),
    );
  });
});
