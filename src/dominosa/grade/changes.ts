// The change log of a grading, and a rule's read position in it: every change outside trials
// in order, so a rule can look only at what changed since it last looked.
import type { Budget } from './budget.js';

/**
 * Every change outside trials, in order: the cells (c) and pairs (nCells + q) of each killed
 * or laid placement, after the whole board once at load. lastAt[item] is the log's length just
 * after the item's latest entry.
 */
export class ChangeLog {
  items = new Int32Array(0);
  length = 0;
  lastAt = new Int32Array(0);

  /** Empty the log, with room for `capacity` entries about items 0 .. nItems-1. */
  clear(capacity: number, nItems: number): void {
    if (this.items.length < capacity) this.items = new Int32Array(capacity);
    if (this.lastAt.length < nItems) this.lastAt = new Int32Array(nItems);
    this.length = 0;
  }

  add(x: number): void {
    this.items[this.length++] = x;
    this.lastAt[x] = this.length;
  }
}

/** What a reader needs of a grading: its log, its budget (reads count as work) and its board count. */
export interface Logged {
  readonly changes: ChangeLog;
  readonly budget: Budget;
  /** How many boards were loaded: a new board starts the log afresh. */
  readonly loads: number;
}

/**
 * A rule's read position in a grading's change log. A rule that only re-examines what changed
 * reads the log through one of these; after a new board is loaded it starts again from the
 * beginning, where the log lists every cell and pair.
 */
export class ChangeReader {
  private log: ChangeLog | null = null;
  private loads = -1;
  private pos = 0;

  /** True (once) when the grading holds a board this reader has not read yet: reset your lists. */
  fresh(g: Logged): boolean {
    if (this.log === g.changes && this.loads === g.loads) return false;
    this.log = g.changes;
    this.loads = g.loads;
    this.pos = 0;
    return true;
  }

  /**
   * Pass over everything not read yet, counting it as read for the polls (see Budget.tick);
   * for a rule that knows what reading it would do without looking.
   */
  skip(g: Logged): void {
    const n = g.changes.length - this.pos;
    this.pos = g.changes.length;
    if (n > 0) g.budget.tick(n);
  }

  /** The next changed item (cell c, or nCells + pair), or -1 when there is nothing new (or time is up: see Budget.tick). */
  next(g: Logged): number {
    const log = g.changes;
    if (this.pos >= log.length || g.budget.tick()) return -1;
    return log.items[this.pos++];
  }
}
