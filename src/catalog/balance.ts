// How many puzzles a pack takes from each (tier, size) of a selection: --count split evenly over
// the tiers, each tier's share spread as evenly as the catalog allows over the sizes, or an
// explicit count per tier or per size. Pure arithmetic; export.ts draws the puzzles themselves.

/** How the pack's size is given: in all, per tier, or per (tier, size). */
export type PackSplit = { by: 'count' | 'per-tier' | 'per-size'; count: number };

/** One (tier, size) of the selection and how many puzzles it holds. */
export interface PackCell<T extends string = string> {
  tier: T;
  /** The size's place in pack order (sizes of every kind taken, smallest first within a kind). */
  order: number;
  /** How a line names the size ("M=6", "8x8:6"). */
  label: string;
  available: number;
}

/** How many a cell gives (`take` ≤ `available`). */
export interface PackShare<T extends string = string> extends PackCell<T> {
  take: number;
}

/** A tier, or a tier's size under --per-size, that gave fewer than its share. */
export interface Shortfall<T extends string = string> {
  tier: T;
  /** The size's label, when the share was per size; null for the tier as a whole. */
  size: string | null;
  asked: number;
  got: number;
}

export interface PackPlan<T extends string = string> {
  /** Every cell, in pack order: tiers in the order given, sizes ascending within a tier. */
  shares: PackShare<T>[];
  short: Shortfall<T>[];
}

/** `total` over `n` parts: equal shares, the remainder one each to the first parts. */
function evenShares(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/**
 * Spread `quota` over cells holding `caps` as evenly as they allow: every cell gets a common
 * level or all it holds, and the odd ones left one more each, from the cell at `start` on (wrapping),
 * so successive tiers can favour different sizes. Meets the quota whenever the cells hold that many.
 */
function waterFill(quota: number, caps: readonly number[], start: number): number[] {
  const at = (level: number): number => caps.reduce((a, c) => a + Math.min(c, level), 0);
  // The highest level the quota pays for in full.
  let lo = 0;
  let hi = Math.max(0, ...caps);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (at(mid) <= quota) lo = mid;
    else hi = mid - 1;
  }
  const take = caps.map((c) => Math.min(c, lo));
  let left = quota - at(lo);
  for (let k = 0; k < caps.length && left > 0; k++) {
    const i = (start + k) % caps.length;
    if (take[i] < caps[i]) {
      take[i]++;
      left--;
    }
  }
  return take;
}

/**
 * The pack's shares. `tiers` are those in play (in pack order) and `cells` the (tier, size)
 * pairs with what each holds. With `count`, K goes evenly over the tiers (the remainder to the
 * easier ones); a short tier gives what it has and the others are not topped up. Within a tier
 * the share goes evenly over its sizes, a short size's part moving to the others, with the
 * odd puzzles rotating over the sizes from tier to tier so the pack as a whole stays even too.
 * `per-size` asks K of every cell and moves nothing.
 */
export function planPack<T extends string>(
  tiers: readonly T[],
  cells: readonly PackCell<T>[],
  split: PackSplit,
): PackPlan<T> {
  if (!Number.isSafeInteger(split.count) || split.count < 0)
    throw new RangeError(`a pack count must be a whole number ≥ 0 (got ${split.count})`);
  const quotas =
    split.by === 'count' ? evenShares(split.count, Math.max(tiers.length, 1)) : tiers.map(() => split.count);
  const shares: PackShare<T>[] = [];
  const short: Shortfall<T>[] = [];
  let rotate = 0;
  tiers.forEach((tier, t) => {
    const own = cells.filter((c) => c.tier === tier).sort((a, b) => a.order - b.order);
    if (split.by === 'per-size') {
      for (const c of own) {
        const take = Math.min(c.available, split.count);
        shares.push({ ...c, take });
        if (take < split.count) short.push({ tier, size: c.label, asked: split.count, got: take });
      }
      return;
    }
    const take = own.length
      ? waterFill(
          quotas[t],
          own.map((c) => c.available),
          rotate % own.length,
        )
      : [];
    own.forEach((c, i) => shares.push({ ...c, take: take[i] }));
    const got = take.reduce((a, b) => a + b, 0);
    if (got < quotas[t]) short.push({ tier, size: null, asked: quotas[t], got });
    if (own.length) rotate += quotas[t] % own.length;
  });
  return { shares, short };
}

/** The one line that names the shortfalls ("easy 4 of 6, hard M=9 1 of 3"), or null. */
export function shortfallLine<T extends string>(short: readonly Shortfall<T>[]): string | null {
  if (short.length === 0) return null;
  const parts = short.map((s) => `${s.tier}${s.size === null ? '' : ` ${s.size}`} ${s.got} of ${s.asked}`);
  return `the catalog runs short: ${parts.join(', ')}; the pack holds what there is, the others were not topped up`;
}
