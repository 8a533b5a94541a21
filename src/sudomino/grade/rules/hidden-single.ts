// Level 1, hidden single: a value looked for along a line. It holds only in a line of N
// entries, the one kind of line that must hold every value.
import type { GradeState } from '../state.js';
import { valueOf } from '../bits.js';

/** Hidden single: in a line of N entries every value appears, so a value only one of its dominoes can hold goes on that domino. */
export function hiddenSingle(g: GradeState): boolean {
  for (let l = 0; l < g.nLines; l++) {
    if (!g.lineFull(l)) continue;
    const u = g.openEntries(l);
    const hidden = hiddenValues(g, l, u);
    if (hidden === 0) continue;
    const bit = hidden & -hidden;
    for (let i = 0; i < u; i++) {
      const d = g.entries[i];
      if ((g.mask[d] & bit) === 0) continue;
      const v = valueOf(bit);
      if (g.logging) g.reason = { kind: 'hiddenSingle', line: l, value: v, domino: d };
      g.place(d, v);
      return true;
    }
  }
  return false;
}

/** The values full line l still needs that only one of its u open entries (in g.entries) can hold. */
export function hiddenValues(g: GradeState, l: number, u: number): number {
  let once = 0;
  let twice = 0;
  for (let i = 0; i < u; i++) {
    const m = g.mask[g.entries[i]];
    twice |= once & m;
    once |= m;
  }
  return once & ~twice & ((1 << g.nValues) - 1) & ~g.placedIn(l);
}
