// Level 4, contradiction chains: assume a value, follow the singles it forces, and watch for a
// dead end. No guessing: the chain is short enough to follow on paper, and it only removes the
// assumed value, never keeps a guess. Of all chains that fail the shortest is shown.
import type { SudominoGradeState } from '../state.js';
import { valueOf } from '../bits.js';
import { hiddenSingle } from './hidden-single.js';
import { nakedSingle } from './naked-single.js';

/**
 * Singles a chain may follow after its assumption unless the grader says otherwise: past six,
 * longer chains solved almost no more generated boards (scripts/eval/sudomino-grading.ts --chain).
 */
export const DEFAULT_CHAIN_LIMIT = 6;

/**
 * Contradiction chain: if putting a value on a domino forces, by naked and hidden singles
 * within a few moves, a domino with no value left or a line with fewer values than dominoes,
 * that value cannot go on that domino.
 */
export function contradictionChain(g: SudominoGradeState): boolean {
  return refuteShortest(g, g.chainLimit);
}

/**
 * The assumption (domino, value) whose singles, at most `limit` of them, break the position
 * soonest, first in domino and value order among equals; its value is removed. False if none.
 */
export function refuteShortest(g: SudominoGradeState, limit: number): boolean {
  const logging = g.logging;
  g.logging = false;
  let bestD = -1;
  let bestV = 0;
  let bestLen = Infinity;
  for (let d = 0; d < g.nDom && bestLen > 0; d++) {
    const m = g.mask[d];
    if (g.placed[d] === 1 || (m & (m - 1)) === 0) continue;
    for (let rest = m; rest !== 0 && bestLen > 0; rest &= rest - 1) {
      const v = valueOf(rest);
      const mark = g.trailLen;
      const n = refutes(g, d, v, Math.min(limit, bestLen - 1), false);
      g.undo(mark);
      if (n >= 0) {
        bestD = d;
        bestV = v;
        bestLen = n;
      }
    }
  }
  g.logging = logging;
  if (bestD < 0) return false;
  if (logging) {
    const mark = g.trailLen;
    g.logging = false;
    refutes(g, bestD, bestV, bestLen, true);
    g.logging = true;
    const chain: [number, number][] = [];
    for (let i = 0; i < g.chainLen; i++) chain.push([g.chainDomino[i], g.chainValue[i]]);
    const dead = g.chainDead;
    g.undo(mark);
    g.reason = {
      kind: 'contradictionChain',
      domino: bestD,
      value: bestV,
      chain,
      ...(dead < g.nDom ? { deadDomino: dead } : { deadLine: dead - g.nDom }),
    };
  }
  g.remove(bestD, 1 << (bestV - 1));
  return true;
}

/**
 * Put v on d and follow singles until the position breaks (returns the singles followed) or
 * `limit` singles pass or none is left (returns -1). The caller undoes the trial.
 */
function refutes(g: SudominoGradeState, d: number, v: number, limit: number, record: boolean): number {
  g.place(d, v);
  g.chainLen = 0;
  for (let n = 0; ; n++) {
    const dead = g.contradiction();
    if (dead >= 0) {
      g.chainDead = dead;
      return n;
    }
    if (n >= limit || !(nakedSingle(g) || hiddenSingle(g))) return -1;
    if (record) {
      g.chainDomino[g.chainLen] = g.lastPlaced;
      g.chainValue[g.chainLen++] = valueOf(g.mask[g.lastPlaced]);
    }
  }
}
