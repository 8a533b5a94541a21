// Level 4, contradiction chains: assume a value, follow the singles it forces, and watch for a
// dead end. No guessing: the chain is short enough to follow on paper, and it only removes the
// assumed value, never keeps a guess. Singles are followed in rounds, every single of a position
// at once, so what a chain reaches does not depend on how the board's dominoes are numbered, and
// a chain that breaks a position also breaks any position with fewer candidates.
import type { GradeState } from '../state.js';
import { valueOf } from '../bits.js';
import { hiddenValues } from './hidden-single.js';

/**
 * Rounds of singles a chain may follow after its assumption unless the grader says otherwise:
 * past this, more rounds solved almost no more generated boards (scripts/eval/sudomino/grading.ts
 * --chain; figures in scripts/bench/README.md).
 */
export const DEFAULT_CHAIN_LIMIT = 6;

/**
 * Contradiction chain: if putting a value on a domino forces, by naked and hidden singles
 * within a few rounds, a domino with no value left or a line with fewer values than dominoes,
 * that value cannot go on that domino.
 */
export function contradictionChain(g: GradeState): boolean {
  return refuteShortest(g, g.chainLimit);
}

/**
 * The assumption (domino, value) whose rounds of singles, at most `limit` of them, break the
 * position soonest; among equals the one placing fewest singles, then the first in domino and
 * value order. Its value is removed. False if none.
 */
export function refuteShortest(g: GradeState, limit: number): boolean {
  const logging = g.logging;
  g.logging = false;
  let bestD = -1;
  let bestV = 0;
  let bestRounds = Infinity;
  let bestSingles = Infinity;
  for (let d = 0; d < g.nDom && bestRounds > 0; d++) {
    const m = g.mask[d];
    if (g.placed[d] === 1 || (m & (m - 1)) === 0) continue;
    for (let rest = m; rest !== 0 && bestRounds > 0; rest &= rest - 1) {
      const v = valueOf(rest);
      const mark = g.trailLen;
      const n = refutes(g, d, v, Math.min(limit, bestRounds));
      g.undo(mark);
      if (n >= 0 && (n < bestRounds || g.chainLen < bestSingles)) {
        bestD = d;
        bestV = v;
        bestRounds = n;
        bestSingles = g.chainLen;
      }
    }
  }
  g.logging = logging;
  if (bestD < 0) return false;
  if (logging) {
    const mark = g.trailLen;
    g.logging = false;
    refutes(g, bestD, bestV, bestRounds);
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
 * Put v on d and follow rounds of singles until the position breaks (returns the rounds
 * followed) or `limit` rounds pass or no single is left (returns -1). The singles placed go to
 * chainDomino/chainValue, round by round. The caller undoes the trial.
 */
function refutes(g: GradeState, d: number, v: number, limit: number): number {
  g.place(d, v);
  g.chainLen = 0;
  for (let n = 0; ; n++) {
    const dead = g.contradiction();
    if (dead >= 0) {
      g.chainDead = dead;
      return n;
    }
    if (n >= limit || !askSingles(g)) return -1;
    placeDemands(g);
  }
}

/** Every naked and hidden single of the position, as values asked of dominoes in `demand`; false if none. */
function askSingles(g: GradeState): boolean {
  const { mask, placed, demand } = g;
  let any = false;
  for (let d = 0; d < g.nDom; d++) {
    const m = mask[d];
    if (placed[d] === 1 || (m & (m - 1)) !== 0) continue;
    demand[d] |= m;
    any = true;
  }
  // A value that a full line still needs and only one of its open dominoes can hold goes there.
  for (let l = 0; l < g.nLines; l++) {
    if (!g.lineFull(l)) continue;
    const u = g.openEntries(l);
    const hidden = hiddenValues(g, l, u);
    if (hidden === 0) continue;
    for (let i = 0; i < u; i++) {
      const e = g.entries[i];
      if ((mask[e] & hidden) === 0) continue;
      demand[e] |= mask[e] & hidden;
      any = true;
    }
  }
  return any;
}

/**
 * Place what the round asked, all as of the round's start. Two values asked of one domino empty
 * it; one value asked of two dominoes of a line empties the one placed second, since the first
 * took the value out of it. Either way contradiction() sees the empty domino, whatever the order.
 */
function placeDemands(g: GradeState): void {
  const demand = g.demand;
  for (let d = 0; d < g.nDom; d++) {
    const want = demand[d];
    if (want === 0) continue;
    demand[d] = 0;
    for (let rest = want; rest !== 0; rest &= rest - 1) {
      g.chainDomino[g.chainLen] = d;
      g.chainValue[g.chainLen++] = valueOf(rest);
    }
    if ((want & (want - 1)) !== 0) g.remove(d, want | g.mask[d]);
    else g.place(d, valueOf(want));
  }
}
