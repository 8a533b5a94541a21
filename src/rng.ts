// Seeded randomness for the generator. Every random choice in a build comes from an Rng made by
// derive(seed, ...keys): puzzle slot k of size M uses derive(seed, M, k), so a slot's puzzle does
// not depend on which worker made it or in what order. The generator itself is pure-rand's.
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** Anything indexable and writable by position: plain arrays and typed arrays. */
export interface MutableArrayLike<T> {
  readonly length: number;
  [index: number]: T;
}

/** A mutable random stream. Methods advance the stream; the same stream replays identically. */
export class Rng {
  private readonly gen: RandomGenerator;

  constructor(gen: RandomGenerator) {
    this.gen = gen;
  }

  /** Uniform integer in [lo, hi], both inclusive. Requires integers lo ≤ hi (not checked: hot path). */
  int(lo: number, hi: number): number {
    return uniformInt(this.gen, lo, hi);
  }

  /** Uniform float in [0, 1), a multiple of 2^-53. */
  float(): number {
    return uniformFloat64(this.gen);
  }

  /** Fisher–Yates shuffle in place; every permutation equally likely. Returns its argument. */
  shuffle<A extends MutableArrayLike<unknown>>(arr: A): A {
    const a: MutableArrayLike<unknown> = arr;
    for (let i = a.length - 1; i > 0; i--) {
      const j = uniformInt(this.gen, 0, i);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return arr;
  }
}

const MASK64 = (1n << 64n) - 1n;
const GOLDEN64 = 0x9e3779b97f4a7c15n;

// The splitmix64 output finalizer: a bijection on 64-bit words whose every output bit depends on
// every input bit, so keys that differ in one bit give unrelated words.
function fmix64(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/**
 * A stream determined by `seed` and `keys` alone. All must be safe integers (may be negative).
 * BigInt hashing is slow, but paid once per stream, not per draw.
 */
export function derive(seed: number, ...keys: number[]): Rng {
  const words = [seed, ...keys];
  for (const w of words) {
    if (!Number.isSafeInteger(w)) throw new RangeError(`derive: ${w} is not a safe integer`);
  }
  // Absorb each word through the bijective finalizer; for a fixed prefix, distinct words give
  // distinct states. The count goes in first so (s) and (s, 0) differ.
  let h = fmix64(BigInt(words.length) + GOLDEN64);
  for (const w of words) h = fmix64(((h + GOLDEN64) & MASK64) ^ BigInt.asUintN(64, BigInt(w)));
  // Two more finalizer rounds give the 128-bit generator state: with 64 bits of hash behind the
  // streams, two slots sharing a stream is a ~2^-64 event, not the ~2^-32 of a 32-bit seed.
  let s0 = fmix64((h + GOLDEN64) & MASK64);
  const s1 = fmix64((h + 2n * GOLDEN64) & MASK64);
  if (s0 === 0n && s1 === 0n) s0 = 1n; // the all-zero state is the generator's one fixed point
  const word = (x: bigint): number => Number(BigInt.asIntN(32, x));
  // pure-rand keeps each 64-bit lane as (high, low) 32-bit halves: [s0hi, s0lo, s1hi, s1lo].
  const gen = xoroshiro128plusFromState([word(s0 >> 32n), word(s0), word(s1 >> 32n), word(s1)]);
  return new Rng(gen);
}
