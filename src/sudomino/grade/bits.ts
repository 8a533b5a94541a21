// Small helpers over candidate masks: bit v-1 of a mask stands for value v.

/** How many values a mask holds. */
export function countBits(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** The value of a one-value mask (its lowest value for a larger one). */
export function valueOf(m: number): number {
  return 31 - Math.clz32(m & -m) + 1;
}

/** The values of a mask, lowest first (for logs and messages, not hot loops). */
export function valuesOf(m: number): number[] {
  const out: number[] = [];
  for (let v = 1; m !== 0; v++, m >>>= 1) if ((m & 1) !== 0) out.push(v);
  return out;
}

/** The next larger mask with as many bits as s (Gosper's rule), to walk the k-subsets of a set. */
export function nextSubset(s: number): number {
  const c = s & -s;
  const r = s + c;
  return (((r ^ s) >>> 2) / c) | r;
}
