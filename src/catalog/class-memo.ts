// What a thread's checker keeps from one puzzle to the next while a base and then its variants are
// checked in one task (pipeline/audit/worker.ts): a base row's readings, kept by the row object (a
// reading is a pure function of the row, and rows are never changed in place), and a measure taken
// on a class's representative, kept by a text that spells the representative exactly, so a
// variant reuses only a computation made on the very same input.

// A task holds a class at a time, so a few suffice; what is kept longer is promoted to the old
// generation, and a worker's collector then spends more than the memo saves.
/** Rows whose readings are kept at most: a class's base, read again by each of its variants. */
const ROWS = 2;
/** Measures kept at most. */
const MEASURES = 16;

export class ClassMemo {
  // Plain maps, cleared when full: weak ones cost the collector more than the readings save.
  private readonly readings = new Map<object, Map<string, unknown>>();
  private readonly measures = new Map<string, number>();

  /** `read()`, the reading `what` of the row, made once per row object while it is kept. */
  reading<T>(row: object, what: string, read: () => T): T {
    let own = this.readings.get(row);
    if (own === undefined) {
      if (this.readings.size >= ROWS) this.readings.clear();
      own = new Map();
      this.readings.set(row, own);
    }
    if (own.has(what)) return own.get(what) as T;
    const value = read();
    own.set(what, value);
    return value;
  }

  private last: { of: object; value: unknown } | null = null;

  /** `read()` of the object last asked for, made once while it stays the last (one puzzle's steps share it). */
  latest<T>(of: object, read: () => T): T {
    if (this.last?.of !== of) this.last = { of, value: read() };
    return this.last.value as T;
  }

  /** The measure kept for the input `key` spells, if any. */
  measured(key: string): number | undefined {
    return this.measures.get(key);
  }

  /** Keep a measure taken in full (no budget cut it short) on the input `key` spells. */
  keep(key: string, value: number): void {
    if (this.measures.size >= MEASURES) this.measures.clear();
    this.measures.set(key, value);
  }
}
