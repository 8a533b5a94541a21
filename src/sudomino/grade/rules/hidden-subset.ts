// Levels 2 and 3, hidden subsets: k values a full line still needs, with only k dominoes of
// the line able to hold any of them. Only a line of N entries must hold every value.
import type { GradeState } from '../state.js';
import { countBits, nextSubset, valuesOf } from '../bits.js';

/** Hidden subset: if only k dominoes of a full line can hold any of k values it still needs, those dominoes hold those values and nothing else. */
export function hiddenSubset(g: GradeState, k: number): boolean {
  const N = g.nValues;
  const full = (1 << N) - 1;
  for (let l = 0; l < g.nLines; l++) {
    if (!g.lineFull(l)) continue;
    const u = g.openEntries(l, true);
    if (u <= k) continue;
    const need = full & ~g.placedIn(l);
    for (let vals = (1 << k) - 1; vals <= full; vals = nextSubset(vals)) {
      if ((vals & ~need) !== 0) continue;
      let sel = 0;
      for (let v = 0; v < N; v++) if ((vals & (1 << v)) !== 0) sel |= g.valuePos[v];
      if (countBits(sel) !== k) continue;
      let fired = false;
      for (let i = 0; i < u; i++) if ((sel & (1 << i)) !== 0 && g.remove(g.entries[i], ~vals)) fired = true;
      if (fired) {
        if (g.logging) g.reason = { kind: 'hiddenSubset', line: l, dominoes: g.picked(sel), values: valuesOf(vals) };
        return true;
      }
    }
  }
  return false;
}

/** Hidden pair: two values of a full line that only the same two dominoes can hold. */
export const hiddenPair = (g: GradeState): boolean => hiddenSubset(g, 2);
/** Hidden triple: three values of a full line that only three dominoes can hold. */
export const hiddenTriple = (g: GradeState): boolean => hiddenSubset(g, 3);
