// Levels 2 and 3, naked subsets: k dominoes of a line that share k values between them. Any
// line will do, full or not, since no two dominoes of a line hold one value.
import type { GradeState } from '../state.js';
import { countBits, nextSubset, valuesOf } from '../bits.js';

/** Naked subset: if k dominoes of a line have only k values between them, those values are theirs, so no other domino of the line can hold one. */
export function nakedSubset(g: GradeState, k: number): boolean {
  for (let l = 0; l < g.nLines; l++) {
    const u = g.openEntries(l);
    // A subset needs another open domino to take its values from.
    if (u <= k) continue;
    for (let sel = (1 << k) - 1; sel < 1 << u; sel = nextSubset(sel)) {
      let union = 0;
      for (let i = 0; i < u; i++) if ((sel & (1 << i)) !== 0) union |= g.mask[g.entries[i]];
      if (countBits(union) !== k) continue;
      let fired = false;
      for (let i = 0; i < u; i++) if ((sel & (1 << i)) === 0 && g.remove(g.entries[i], union)) fired = true;
      if (fired) {
        if (g.logging) g.reason = { kind: 'nakedSubset', line: l, dominoes: g.picked(sel), values: valuesOf(union) };
        return true;
      }
    }
  }
  return false;
}

/** Naked pair: two dominoes of a line with the same two values left. */
export const nakedPair = (g: GradeState): boolean => nakedSubset(g, 2);
/** Naked triple: three dominoes of a line with three values left between them. */
export const nakedTriple = (g: GradeState): boolean => nakedSubset(g, 3);
