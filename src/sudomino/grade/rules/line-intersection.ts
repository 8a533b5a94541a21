// Level 2, line intersection: a domino lies in three lines (a vertical one in two rows and a
// column), so the places a full line has for a value can all lie in a second line too, the
// two rows a run of vertical dominoes spans, or the two columns of horizontal ones.
import type { GradeState } from '../state.js';
import { valueOf } from '../bits.js';

/**
 * Line intersection: if every domino of a full line that can hold a value the line still needs
 * also lies in one other line, that other line's value is on one of them, so no other domino of
 * it can hold the value.
 */
export function lineIntersection(g: GradeState): boolean {
  const full = (1 << g.nValues) - 1;
  for (let l = 0; l < g.nLines; l++) {
    if (!g.lineFull(l)) continue;
    const u = g.openEntries(l, true);
    for (let need = full & ~g.placedIn(l); need !== 0; need &= need - 1) {
      const bit = need & -need;
      const sel = g.valuePos[31 - Math.clz32(bit)];
      // One place is a hidden single, none a contradiction: neither is this rule's.
      if ((sel & (sel - 1)) === 0) continue;
      const first = g.entries[31 - Math.clz32(sel & -sel)];
      for (let k = 3 * first; k < 3 * first + 3; k++) {
        const other = g.lines[k];
        if (other === l || !allOn(g, sel, u, other)) continue;
        let fired = false;
        for (let e = g.lineStart[other]; e < g.lineStart[other + 1]; e++) {
          const d = g.lineDominoes[e];
          if (g.placed[d] === 1 || g.onLine(d, l)) continue;
          if (g.remove(d, bit)) fired = true;
        }
        if (fired) {
          if (g.logging)
            g.reason = { kind: 'lineIntersection', line: l, value: valueOf(bit), dominoes: g.picked(sel), other };
          return true;
        }
      }
    }
  }
  return false;
}

/** Do the dominoes at the positions of sel (of u) all lie in line l? */
function allOn(g: GradeState, sel: number, u: number, l: number): boolean {
  for (let i = 0; i < u; i++) if ((sel & (1 << i)) !== 0 && !g.onLine(g.entries[i], l)) return false;
  return true;
}
