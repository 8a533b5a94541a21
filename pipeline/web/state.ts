// The page's state, one place for it: the pack read from the page, the element the views draw
// into, and the puzzle being played (null on the index). Every other module reads it from here.
import type { Game } from '../../src/dominosa/play/game.js';
import type { Hint } from '../../src/dominosa/play/hint.js';
import type { PlayPuzzle, WebPack } from '../../src/dominosa/play/pack.js';
import type { Progress } from '../../src/dominosa/play/progress.js';
import { save, type Saved } from './store.js';

export const pack = JSON.parse(document.getElementById('dominosa-pack')?.textContent ?? '{}') as WebPack;
export const app = document.getElementById('app') as HTMLElement;

export interface Current {
  pp: PlayPuzzle;
  game: Game;
  /** Time played before the running stretch, and when that stretch started (null: stopped). */
  ms: number;
  since: number | null;
  /** Solved, revealed, and the help taken, as the index shows it. */
  progress: Progress;
  selected: number;
  cursor: number;
  /** After Space/Enter or X, the next arrow joins or marks. */
  pending: 'join' | 'mark' | null;
  markMode: boolean;
  hint: Hint | null;
  showMistakes: boolean;
  confirm: boolean;
  message: string;
}

/** The puzzle on screen; a holder, since an imported binding cannot be assigned. */
export const live: { current: Current | null } = { current: null };

export function elapsed(c: Current): number {
  return c.ms + (c.since === null ? 0 : performance.now() - c.since);
}

/** Save the current puzzle's position and time. */
export function persist(): void {
  const c = live.current;
  if (!c) return;
  const saved: Saved = { ...c.game.position(), ...c.progress, ms: elapsed(c) };
  save(pack.checksum, c.pp.puzzle.id, saved);
}
