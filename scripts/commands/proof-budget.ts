// The --time-limit of audit and export: each puzzle's proofs get this long, by default what solve
// gives a board of its kind and size (each kind says its default); a puzzle that runs out fails
// its checks.
import { allKinds } from '../../src/kinds.js';
import { timeLimit } from './options.js';

/** The kinds' default budgets in words, those that set one; else none. */
const defaults = allKinds().flatMap((k) => k.checks.defaultTimeLimit ?? []);

export const PROOF_TIME_LIMIT = timeLimit(
  'board',
  'give up proving a puzzle after this long, which then fails its checks',
  { shown: defaults.length === 0 ? 'no limit' : defaults.join('; ') },
);
