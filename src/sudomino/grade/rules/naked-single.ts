// Level 1, naked single: the first thing anyone sees on a Sudomino board.
import type { GradeState } from '../state.js';
import { valueOf } from '../bits.js';

/** Naked single: a domino with one value left holds that value. */
export function nakedSingle(g: GradeState): boolean {
  const { mask, placed } = g;
  for (let d = 0; d < g.nDom; d++) {
    const m = mask[d];
    if (placed[d] === 1 || m === 0 || (m & (m - 1)) !== 0) continue;
    const v = valueOf(m);
    if (g.logging) g.reason = { kind: 'nakedSingle', domino: d, value: v };
    g.place(d, v);
    return true;
  }
  return false;
}
