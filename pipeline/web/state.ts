// The page's state, one place for it: the pack read from the page, the element the views draw
// into, and the puzzle being played (null on the index), of either kind. Every other module
// reads it from here.
import type { Game } from '../../src/dominosa/play/game.js';
import type { Hint } from '../../src/dominosa/play/hint.js';
import type { PackRules, PlayPuzzle, WebPuzzle } from '../../src/dominosa/play/pack.js';
import type { WebPack } from '../../src/play/pack.js';
import type { PlayRecord } from '../../src/play/record.js';
import type { SudominoGame } from '../../src/sudomino/play/game.js';
import type { SudominoHint } from '../../src/sudomino/play/hint.js';
import type { PlaySudomino, SudominoPackRules, SudominoWebPuzzle } from '../../src/sudomino/play/pack.js';
import { save, saveSudomino, type Saved } from './store.js';

/** A puzzle of the pack, of either kind. */
export type AnyWebPuzzle = WebPuzzle | SudominoWebPuzzle;

export const pack = JSON.parse(document.getElementById('dominosa-pack')?.textContent ?? '{}') as WebPack<AnyWebPuzzle> &
  PackRules &
  SudominoPackRules;
export const app = document.getElementById('app') as HTMLElement;

/** What the clock and the index keep of a puzzle being played, whatever its kind. */
export interface Clocked {
  /** Time played before the running stretch, and when that stretch started (null: stopped). */
  ms: number;
  since: number | null;
  /** Solved, revealed, and the help taken, as the index shows it. */
  record: PlayRecord;
}

/** The side panel's state, alike for both kinds: the hint shown, mistakes shown, a reveal asked, a message. */
export interface Panel<H> {
  hint: H | null;
  showMistakes: boolean;
  confirm: boolean;
  message: string;
}

export interface Current extends Clocked, Panel<Hint> {
  pp: PlayPuzzle;
  game: Game;
  selected: number;
  cursor: number;
  /** After Space/Enter or X, the next arrow joins or marks. */
  pending: 'join' | 'mark' | null;
  markMode: boolean;
}

/** A Sudomino puzzle being played. */
export interface SudominoCurrent extends Clocked, Panel<SudominoHint> {
  pp: PlaySudomino;
  game: SudominoGame;
  /** The cell the selection stands on (its domino is selected), -1: none. */
  cursor: number;
  /** Digits typed so far toward a value above 9 (N of 10 or more). */
  typed: string;
  /** Numbers typed are pencil marks. */
  markMode: boolean;
}

/** The puzzle on screen, of one kind or the other; a holder, since an imported binding cannot be assigned. */
export const live: { current: Current | null; sudomino: SudominoCurrent | null } = { current: null, sudomino: null };

/** The puzzle on screen, whatever its kind. */
export function playing(): Clocked | null {
  return live.current ?? live.sudomino;
}

export function elapsed(c: Clocked): number {
  return c.ms + (c.since === null ? 0 : performance.now() - c.since);
}

/** Save the current puzzle's position and time. */
export function persist(): void {
  const c = live.current;
  if (c) {
    const saved: Saved = { ...c.game.position(), ...c.record, ms: elapsed(c) };
    save(pack.checksum, c.pp.puzzle.id, saved);
    return;
  }
  const s = live.sudomino;
  if (!s) return;
  // The givens are the board's, not the player's: stored as empty, so a save shows only play.
  const pos = s.game.position();
  const values = pos.values.map((v, d) => (s.game.isGiven(d) ? 0 : v));
  saveSudomino(pack.checksum, s.pp.puzzle.id, { values, marks: pos.marks, ...s.record, ms: elapsed(s) });
}
