// Seeded samples of catalog rows, shared by `dominosa audit --sample` and `dominosa export
// --count`: the same seed and the same candidates always pick the same rows, in their input order.
import { derive } from '../rng.js';

// Keeps sample streams apart from the generator's derive(seed, M, slot) streams.
const SAMPLE_STREAM = -1;

/**
 * `k` of the `items`, chosen uniformly at random from derive(seed, ...keys) and returned in their
 * input order (so a sample of ids sorted by id stays sorted). k ≥ items.length returns a copy of
 * all. A larger k from the same stream picks a superset. `keys` keep the samples of a pack's
 * parts (a tier's size, say) apart.
 */
export function sampleOf<T>(items: readonly T[], k: number, seed: number, ...keys: number[]): T[] {
  const n = items.length;
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`sample size must be a whole number ≥ 0 (got ${k})`);
  if (k >= n) return items.slice();
  // A partial Fisher–Yates over positions: the first k positions of the shuffle are the sample.
  const rng = derive(seed, SAMPLE_STREAM, ...keys);
  const pos = new Uint32Array(n);
  for (let i = 0; i < n; i++) pos[i] = i;
  for (let i = 0; i < k; i++) {
    const j = rng.int(i, n - 1);
    const t = pos[i];
    pos[i] = pos[j];
    pos[j] = t;
  }
  const chosen = pos.subarray(0, k).sort();
  return Array.from(chosen, (i) => items[i]);
}
