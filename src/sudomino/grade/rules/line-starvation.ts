// Level 3, line starvation: counting along lines. A line of k dominoes needs k different
// values, so a value whose loss its other dominoes cannot spare is not the domino's to take.
// It is a contradiction chain of no singles at all, so it shares the chain's search.
import type { GradeState } from '../state.js';
import { refuteShortest } from './contradiction-chain.js';

/**
 * Line starvation: a domino cannot hold a value if taking that value from the other dominoes
 * of its lines would leave some line with fewer values between its dominoes than dominoes.
 */
export function lineStarvation(g: GradeState): boolean {
  return refuteShortest(g, 0);
}
