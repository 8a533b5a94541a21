// A rule's read position in its state's change log, so a rule can look only at what changed
// since it last looked. Each reader belongs to one rule's scratch in one GradeState.
import type { GradeState } from './state.js';

/**
 * A rule's read position in a state's change log. A rule that only re-examines what changed
 * reads the log through one of these; after a new board is loaded it starts again from the
 * beginning, where the log lists every cell and pair.
 */
export class ChangeReader {
  private state: GradeState | null = null;
  private loads = -1;
  private pos = 0;

  /** True (once) when the state holds a board this reader has not read yet: reset your lists. */
  fresh(g: GradeState): boolean {
    if (this.state === g && this.loads === g.loads) return false;
    this.state = g;
    this.loads = g.loads;
    this.pos = 0;
    return true;
  }

  /**
   * Pass over everything not read yet, counting it as read for the polls (see GradeState.tick);
   * for a rule that knows what reading it would do without looking.
   */
  skip(g: GradeState): void {
    const n = g.changesLen - this.pos;
    this.pos = g.changesLen;
    if (n > 0) g.tick(n);
  }

  /** The next changed item (cell c, or nCells + pair), or -1 when there is nothing new (or time is up: see GradeState.tick). */
  next(g: GradeState): number {
    if (this.pos >= g.changesLen || g.tick()) return -1;
    return g.changes[this.pos++];
  }
}
