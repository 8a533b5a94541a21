// How many puzzles a pack takes from each (kind, tier, size) of a selection: --count split over
// the kinds first, then over each kind's tiers, then over each tier's sizes, the odd puzzles
// landing on sizes that rotate with the seed; or an explicit count per kind, tier or size.
// Pure arithmetic; export.ts draws the puzzles themselves.

/** How the pack's size is given: in all, per kind, per (kind, tier) or per (kind, tier, size). */
export type PackSplit = { by: 'count' | 'per-kind' | 'per-tier' | 'per-size'; count: number };

/** One (kind, tier, size) of the selection and how many puzzles it holds. */
export interface PackCell<T extends string = string> {
  kind: string;
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

/** A kind of the pack and how its share is spread. */
export interface PackKind<T extends string = string> {
  name: string;
  /** The kind's tiers in play, easiest first: its share goes over these, the remainder to the easier ones. */
  tiers: readonly T[];
  /** Tiers whose odd puzzles go to the largest sizes first instead of rotating with the seed. */
  largerFirst?: readonly T[];
}

export interface PackRequest<T extends string = string> {
  /** Every tier, in pack order: the order the shares are listed in. */
  tierOrder: readonly T[];
  /** The kinds taken, in pack order (the registry's). */
  kinds: readonly PackKind<T>[];
  cells: readonly PackCell<T>[];
  /** null: every puzzle the selection holds. */
  split: PackSplit | null;
  /** Which sizes a tier's odd puzzles land on turns with the seed: seed s starts at the s-th size. */
  seed: number;
}

/** A kind's tier, or one of its sizes under --per-size, that gave fewer than its share. */
export interface Shortfall<T extends string = string> {
  kind: string;
  tier: T;
  /** The size's label, when the share was per size; null for the tier as a whole. */
  size: string | null;
  asked: number;
  got: number;
}

/**
 * Why a kind taken gives nothing: the filters leave it nothing, --count has fewer puzzles than
 * there are kinds, or its share fell on tiers it holds none of.
 */
export type EmptyReason = 'nothing-selected' | 'no-share' | 'ran-short';

export interface PackPlan<T extends string = string> {
  /** Every cell, in pack order: tiers in tierOrder, sizes ascending within a tier. */
  shares: PackShare<T>[];
  short: Shortfall<T>[];
  /** The kinds taken that give no puzzle, in the kinds' order. */
  empty: { kind: string; why: EmptyReason }[];
}

/** `total` over `n` parts: equal shares, the remainder one each to the first parts. */
function evenShares(total: number, n: number): number[] {
  if (n === 0) return [];
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** x mod n, never negative. */
const mod = (x: number, n: number): number => ((x % n) + n) % n;

/**
 * Spread `quota` over cells holding `caps` as evenly as they allow: every cell gets a common
 * level or all it holds, and the odd ones left one more each, in the order `prefer` gives.
 * Meets the quota whenever the cells hold that many.
 */
function waterFill(quota: number, caps: readonly number[], prefer: readonly number[]): number[] {
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
  for (const i of prefer) {
    if (left === 0) break;
    if (take[i] < caps[i]) {
      take[i]++;
      left--;
    }
  }
  return take;
}

/**
 * The pack's shares. With `count`, K goes evenly over the kinds that hold anything selected (the
 * remainder to the first), each kind's part evenly over its tiers (the remainder to the easier
 * ones), each tier's over its sizes; `per-kind` asks K of every kind and `per-tier` K of every
 * kind's tier. A short tier gives what it has and nothing else is topped up. Within a tier a
 * short size's part moves to the others, and the odd puzzles go one each to the sizes from a
 * start that turns with the seed and moves on from tier to tier (so the pack as a whole stays
 * even over the sizes), or, for a largerFirst tier, to the largest sizes. `per-size` asks K of
 * every cell and moves nothing; no split takes every cell whole.
 */
export function planPack<T extends string>(req: PackRequest<T>): PackPlan<T> {
  const { split } = req;
  if (split !== null && (!Number.isSafeInteger(split.count) || split.count < 0))
    throw new RangeError(`a pack count must be a whole number ≥ 0 (got ${split.count})`);
  if (!Number.isSafeInteger(req.seed)) throw new RangeError(`a pack seed must be a whole number (got ${req.seed})`);
  const ownCells = (kind: string): PackCell<T>[] =>
    req.cells.filter((c) => c.kind === kind).sort((a, b) => a.order - b.order);
  const holds = (kind: string): boolean => req.cells.some((c) => c.kind === kind && c.available > 0);
  const inPlay = req.kinds.filter((k) => holds(k.name));
  const kindQuota = new Map<string, number>();
  if (split?.by === 'count') evenShares(split.count, inPlay.length).forEach((q, i) => kindQuota.set(inPlay[i].name, q));
  if (split?.by === 'per-kind') for (const k of inPlay) kindQuota.set(k.name, split.count);

  const taken = new Map<PackCell<T>, number>();
  const short: Shortfall<T>[] = [];
  const empty: PackPlan<T>['empty'] = [];
  for (const kind of req.kinds) {
    const own = ownCells(kind.name);
    if (!holds(kind.name)) {
      empty.push({ kind: kind.name, why: 'nothing-selected' });
      continue;
    }
    if (split === null) {
      for (const c of own) taken.set(c, c.available);
      continue;
    }
    let asked = 0;
    if (split.by === 'per-size') {
      for (const c of own) {
        if (!kind.tiers.includes(c.tier)) continue;
        const take = Math.min(c.available, split.count);
        asked += split.count;
        taken.set(c, take);
        if (take < split.count)
          short.push({ kind: kind.name, tier: c.tier, size: c.label, asked: split.count, got: take });
      }
    } else {
      const quotas =
        split.by === 'per-tier'
          ? kind.tiers.map(() => split.count)
          : evenShares(kindQuota.get(kind.name) ?? 0, kind.tiers.length);
      asked = quotas.reduce((a, b) => a + b, 0);
      let rotate = 0;
      kind.tiers.forEach((tier, t) => {
        const sizes = own.filter((c) => c.tier === tier);
        const n = sizes.length;
        const largest = kind.largerFirst?.includes(tier) ?? false;
        const start = n === 0 ? 0 : mod(req.seed - 1 + rotate, n);
        const prefer = Array.from({ length: n }, (_, i) => (largest ? n - 1 - i : (start + i) % n));
        const take = waterFill(
          quotas[t],
          sizes.map((c) => c.available),
          prefer,
        );
        sizes.forEach((c, i) => taken.set(c, take[i]));
        const got = take.reduce((a, b) => a + b, 0);
        if (got < quotas[t]) short.push({ kind: kind.name, tier, size: null, asked: quotas[t], got });
        if (n > 0 && !largest) rotate += quotas[t] % n;
      });
    }
    const total = own.reduce((a, c) => a + (taken.get(c) ?? 0), 0);
    if (total === 0) empty.push({ kind: kind.name, why: asked === 0 ? 'no-share' : 'ran-short' });
  }
  const place = (c: PackCell<T>): number => req.tierOrder.indexOf(c.tier);
  const shares = [...req.cells]
    .sort((a, b) => place(a) - place(b) || a.order - b.order)
    .map((c) => ({ ...c, take: taken.get(c) ?? 0 }));
  return { shares, short, empty };
}

/**
 * The one line that names the shortfalls ("easy 4 of 6, hard M=9 1 of 3"), or null. With
 * `title`, each names its kind first ("Sudomino expert 1 of 3"), for a pack of several.
 */
export function shortfallLine<T extends string>(
  short: readonly Shortfall<T>[],
  title?: (kind: string) => string,
): string | null {
  if (short.length === 0) return null;
  const parts = short.map(
    (s) =>
      `${title === undefined ? '' : `${title(s.kind)} `}${s.tier}${s.size === null ? '' : ` ${s.size}`} ${s.got} of ${s.asked}`,
  );
  return `the catalog runs short: ${parts.join(', ')}; the pack holds what there is, the others were not topped up`;
}
