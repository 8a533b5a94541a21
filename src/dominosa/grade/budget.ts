// What one grading may spend, and when it must stop: search nodes, dominoes laid in trials, and
// the caller's interrupt, polled every so many items of work so that the core reads no clock.
// Polls fall at the same points of every grading of a board, whatever was graded before.

/** Setup items (cells, pairs, placements) between two polls of the interrupt while a board loads. */
const SETUP_POLL = 4096;
/** Items of a rule's work between two polls of the interrupt while grading. */
const RULE_POLL = 1024;

export class Budget {
  /** Search nodes used so far, the budget, and whether a budget ran out. */
  nodes = 0;
  maxNodes = Infinity;
  gaveUp = false;
  /** The caller's clock (polled between rules and every search node); true stops the grading. */
  interrupt: (() => boolean) | undefined = undefined;
  /** The interrupt stopped the grading (gaveUp is set too). */
  outOfTime = false;
  /** Dominoes laid in trials so far (lookahead, probing, search), and their budget. */
  trialWork = 0;
  maxTrialWork = Infinity;

  /** A rule's work items left before the next poll of the interrupt (tick). */
  private ruleLeft = RULE_POLL;
  /** Setup items left before the next poll of the interrupt (setupStopped). */
  private setupLeft = SETUP_POLL;

  /** A new board: keep the interrupt, forget what the last grading spent and whether it stopped. */
  start(interrupt: (() => boolean) | undefined): void {
    this.interrupt = interrupt;
    this.outOfTime = false;
    this.gaveUp = false;
    this.setupLeft = SETUP_POLL;
    this.ruleLeft = RULE_POLL;
    this.nodes = 0;
  }

  /** The board is loaded: nothing spent and no limit set yet (the grader sets its own). */
  unlimited(): void {
    this.nodes = 0;
    this.maxNodes = Infinity;
    this.trialWork = 0;
    this.maxTrialWork = Infinity;
  }

  /**
   * Count `items` of a rule's work (a change read, a placement tested; 1 by default) and poll
   * the interrupt every RULE_POLL of them, since one rule's pass over a very large board is long.
   * True once time is up; the rule then stops, concluding nothing, and the grading ends.
   */
  tick(items = 1): boolean {
    if ((this.ruleLeft -= items) > 0) return this.outOfTime;
    this.ruleLeft = RULE_POLL;
    return this.timeUp();
  }

  /** Count `items` of setup work and poll the interrupt every SETUP_POLL of them; true when time is up. */
  setupStopped(items: number): boolean {
    if ((this.setupLeft -= items) > 0) return false;
    this.setupLeft = SETUP_POLL;
    return this.timeUp();
  }

  /** Ask the interrupt whether time is up; once it says so, the grading stays out of time. */
  timeUp(): boolean {
    if (!this.outOfTime && this.interrupt?.() === true) {
      this.outOfTime = true;
      this.gaveUp = true;
    }
    return this.outOfTime;
  }

  /**
   * Whether grading has spent its budget: dominoes laid in trials, and, for a caller about to
   * spend a search node (`searching`), the search nodes too. The one place a budget is checked;
   * the ladder asks between steps, the lookahead per trial and search per node, and whoever
   * finds it spent sets gaveUp (the board then grades as search). Search nodes are search's
   * alone: a spent node budget (maxSearchNodes 0, say) leaves the levels below search free to
   * finish the board (the generator grades in-band boards that way).
   */
  spent(searching = false): boolean {
    return this.trialWork >= this.maxTrialWork || (searching && this.nodes >= this.maxNodes);
  }
}
