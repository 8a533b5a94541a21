// The checks of a recorded build key's fields that every kind's keys share: a merge reads a
// shard's key from someone else's file, and a row can be resealed with its digest, so each field
// is checked before it is trusted. A kind's check (KindKeys.check) runs these in its own order.
import type { Parsed } from '../parsed.js';
import { TIER_MEASURES, type TierMeasure } from '../rank/rule.js';

/** What is wrong with a recorded key: the clause a merge's refusal gives. */
class KeyFault extends Error {}

export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The checks, each throwing the clause of the first fault; readKey turns it into the error. */
export const keyChecks = {
  bad(what: string): never {
    throw new KeyFault(what);
  },
  whole(x: unknown, name: string, min = 0): void {
    if (!Number.isSafeInteger(x) || (x as number) < min)
      keyChecks.bad(`${name} is not a whole number of at least ${min}`);
  },
  text(x: unknown, name: string): void {
    if (typeof x !== 'string') keyChecks.bad(`${name} is not text`);
  },
  /** perTier, variants, maxAttempts and the versions. */
  counts(k: Readonly<Record<string, unknown>>): void {
    keyChecks.whole(k.perTier, 'perTier', 1);
    keyChecks.whole(k.variants, 'variants');
    keyChecks.whole(k.maxAttempts, 'maxAttempts', 1);
    keyChecks.text(k.solverVersion, 'solverVersion');
    keyChecks.text(k.graderVersion, 'graderVersion');
  },
  /** A size's cuts: three increasing numbers (and, when `measured`, the measure they cut). */
  cuts(th: unknown, label: string, measured: boolean): void {
    if (measured && isObject(th) && !TIER_MEASURES.includes(th.measure as TierMeasure))
      keyChecks.bad(`the measure of ${label}'s thresholds is not a tier measure`);
    if (
      !isObject(th) ||
      ![th.t1, th.t2, th.t3].every((t) => typeof t === 'number' && Number.isFinite(t)) ||
      !((th.t1 as number) < (th.t2 as number) && (th.t2 as number) < (th.t3 as number))
    ) {
      keyChecks.bad(`thresholds of ${label} are not three increasing numbers`);
    }
  },
  /** A shard's slice and its slot budget. */
  slice(k: Readonly<Record<string, unknown>>): void {
    if (k.shard !== undefined) {
      if (!isObject(k.shard)) keyChecks.bad('shard is not an object');
      const sh = k.shard as Record<string, unknown>;
      keyChecks.whole(sh.count, 'the shard count', 1);
      keyChecks.whole(sh.index, 'the shard index');
      if ((sh.index as number) >= (sh.count as number)) keyChecks.bad('the shard index is not below the shard count');
    }
    if (k.maxSlots !== undefined) keyChecks.whole(k.maxSlots, 'maxSlots', 1);
  },
};

/** `read`'s value, or the clause of the first check that failed in it. */
export function readKey<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    if (e instanceof KeyFault) return { ok: false, error: e.message };
    throw e;
  }
}
