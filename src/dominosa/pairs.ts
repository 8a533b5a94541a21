// Domino pairs and their indices. A pair [u, v] with u ≤ v has index v(v+1)/2 + u, so the
// pairs of a double-M set fill 0 .. pairCount(M)-1 with no gaps.

/** Number of tiles in a complete double-M set: (M+1)(M+2)/2. */
export function pairCount(m: number): number {
  return ((m + 1) * (m + 2)) / 2;
}

/** Index of the unordered pair {a, b}. */
export function pairIndex(a: number, b: number): number {
  return a <= b ? (b * (b + 1)) / 2 + a : (a * (a + 1)) / 2 + b;
}

/** The pair [u, v] (u ≤ v) with the given index. */
export function pairFromIndex(index: number): [number, number] {
  let v = Math.floor((Math.sqrt(8 * index + 1) - 1) / 2);
  while ((v * (v + 1)) / 2 > index) v--;
  while (((v + 1) * (v + 2)) / 2 <= index) v++;
  return [index - (v * (v + 1)) / 2, v];
}
