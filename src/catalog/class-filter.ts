// Which symmetry classes a catalog may already hold, in fixed memory: one bit per bucket of
// canonical hashes, set for every base. A clear bit proves a class new without asking the
// database; a set bit (a base of the class, or of another in its bucket) is confirmed there.
// A build asks this for every candidate, so most of its questions never reach SQLite.

/** 2^23 bits (1 MiB): a bucket is shared by under 1% of the classes of a 64,000-base catalog. */
const DEFAULT_LOG2_BITS = 23;

export class ClassFilter {
  private readonly bits: Uint32Array;
  private readonly shift: number;

  constructor(log2Bits = DEFAULT_LOG2_BITS) {
    if (!Number.isInteger(log2Bits) || log2Bits < 5 || log2Bits > 31)
      throw new RangeError(`log2Bits must be 5..31 (got ${log2Bits})`);
    this.bits = new Uint32Array(1 << (log2Bits - 5));
    this.shift = 32 - log2Bits;
  }

  /** FNV-1a of the hash text, its top bits: any text, hex or not, has a bucket. */
  private bucket(hash: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < hash.length; i++) h = Math.imul(h ^ hash.charCodeAt(i), 0x01000193);
    return (h >>> 0) >>> this.shift;
  }

  add(hash: string): void {
    const b = this.bucket(hash);
    this.bits[b >>> 5] |= 1 << (b & 31);
  }

  /** False only for a class never added. */
  mayHold(hash: string): boolean {
    const b = this.bucket(hash);
    return (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
  }
}
