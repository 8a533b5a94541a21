// A player's record of one puzzle, apart from the board: solved by play, or shown by revealing
// the whole solution, and how much help it took (hints asked, checks for mistakes, dominoes
// revealed one by one), each counted apart.
// The index shows these apart, so a reveal never reads as a solve.

export interface PlayRecord {
  /** Solved by the player's own moves once (stays so after undoing or restarting). */
  solved: boolean;
  /** The whole solution was revealed before any solve. */
  revealed: boolean;
  /** Hints that told a step. */
  hints: number;
  /** Checks for mistakes (a Check, or a hint that found a mistake instead of a step). */
  checks: number;
  /** Dominoes revealed one at a time. */
  reveals: number;
}

export const FRESH: PlayRecord = { solved: false, revealed: false, hints: 0, checks: 0, reveals: 0 };

export type Status = 'solved' | 'revealed' | 'in progress' | 'new';

/** The record after a move left the board solved: a solve counts unless it was revealed. */
export function afterSolve(p: PlayRecord): PlayRecord {
  return p.solved || p.revealed ? p : { ...p, solved: true };
}

/** The record after the whole solution was revealed: an earlier solve stands. */
export function afterRevealAll(p: PlayRecord): PlayRecord {
  return p.solved || p.revealed ? p : { ...p, revealed: true };
}

/** Is the puzzle done with, by a solve or a reveal (the clock stops)? */
export function finished(p: PlayRecord): boolean {
  return p.solved || p.revealed;
}

/** The index's word for a puzzle: a solve first, then a reveal, then anything on the board. */
export function statusOf(p: PlayRecord | null, onBoard: boolean): Status {
  if (p === null) return onBoard ? 'in progress' : 'new';
  if (p.solved) return 'solved';
  if (p.revealed) return 'revealed';
  return onBoard || p.hints > 0 || p.checks > 0 || p.reveals > 0 ? 'in progress' : 'new';
}

/** The help a record took, in words ("2 hints, 1 check and 1 domino revealed"), or '' for none. */
export function helpNote(p: PlayRecord): string {
  const parts: string[] = [];
  if (p.hints > 0) parts.push(`${p.hints} hint${p.hints === 1 ? '' : 's'}`);
  if (p.checks > 0) parts.push(`${p.checks} check${p.checks === 1 ? '' : 's'}`);
  if (p.reveals > 0) parts.push(`${p.reveals} domino${p.reveals === 1 ? '' : 'es'} revealed`);
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
