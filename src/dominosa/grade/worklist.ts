// A set of things (cells, pairs, placements: small integers) waiting to be looked at again,
// kept as a stack with a membership flag so each waits at most once.

export class WorkList {
  private items = new Int32Array(0);
  private flag = new Uint8Array(0);
  private len = 0;

  /** Empty the list and make room for items 0 .. n-1. */
  reset(n: number): void {
    if (this.flag.length < n) {
      this.items = new Int32Array(n);
      this.flag = new Uint8Array(n);
    } else {
      while (this.len > 0) this.flag[this.items[--this.len]] = 0;
    }
    this.len = 0;
  }

  /** Empty the list and fill it with items[0 .. n-1], all different, pushed in that order. */
  fill(items: Int32Array, n: number): void {
    this.reset(n);
    for (let i = 0; i < n; i++) {
      const x = items[i];
      this.flag[x] = 1;
      this.items[i] = x;
    }
    this.len = n;
  }

  push(x: number): void {
    if (this.flag[x] === 1) return;
    this.flag[x] = 1;
    this.items[this.len++] = x;
  }

  /** The most recently pushed item, or -1 when empty. */
  pop(): number {
    if (this.len === 0) return -1;
    const x = this.items[--this.len];
    this.flag[x] = 0;
    return x;
  }

  get size(): number {
    return this.len;
  }
}
