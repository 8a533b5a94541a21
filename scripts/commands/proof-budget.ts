// The --time-limit of audit and export: each puzzle's proofs get this long, by default what
// solve gives a board of its size; a puzzle that runs out fails its checks.
import { DEFAULT_LARGE_TIME_MS, LARGE_M } from '../../src/dominosa/solve/limits.js';
import { timeLimit } from './options.js';

export const PROOF_TIME_LIMIT = timeLimit(
  'board',
  'give up proving a puzzle after this long, which then fails its checks',
  {
    shown: `no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS / 1000} s above`,
  },
);
