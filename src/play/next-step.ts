// The one rule both kinds' hints follow: a hint writes only what the player keeps. It is the first
// step of the grader's log that writes something on the board (a domino or a value to enter, a
// mark of the player's own to cross out); a step that only rules out what the player never marked
// writes nothing, so it is passed and named in the hint's `before`, for the player to keep in mind.

/** What one step would do to the player's board. */
export type StepEffect<W> =
  /** It writes W: this step is the hint. */
  | { writes: W }
  /** It rules out only what the player has not marked: nothing to write, but nothing shows it. */
  | 'unseen'
  /** Everything it tells is on the board already. */
  | 'done';

/** The hint's step: its index, what it writes, and the passed steps it stands on (in order). */
export interface NextStep<W> {
  index: number;
  writes: W;
  before: number[];
}

/** The first step that writes something, or null when the log ends first (the grader gave up). */
export function nextStep<S, W>(steps: readonly S[], effect: (step: S) => StepEffect<W>): NextStep<W> | null {
  const before: number[] = [];
  for (let index = 0; index < steps.length; index++) {
    const e = effect(steps[index]);
    if (e === 'unseen') before.push(index);
    else if (e !== 'done') return { index, writes: e.writes, before };
  }
  return null;
}
