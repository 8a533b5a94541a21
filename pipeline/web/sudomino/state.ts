// A Sudomino puzzle being played: its board and game, the selected domino, the digits typed so
// far and the marks mode, and the hint panel, held in the shell's slot (../state.ts) and saved
// by its form with the givens left out, so a saved entry holds only play.
import type { Game } from '../../../src/sudomino/play/game.js';
import type { Hint } from '../../../src/sudomino/play/hint.js';
import type { PlayPuzzle } from '../../../src/sudomino/play/pack.js';
import type { Panel } from '../panel.js';
import { elapsed, pack, Slot, type Clocked } from '../state.js';
import { save } from '../store.js';
import { form } from './saved.js';

export interface Current extends Clocked, Panel<Hint> {
  pp: PlayPuzzle;
  game: Game;
  /** The cell the selection stands on (its domino is selected), -1: none. */
  cursor: number;
  /** Digits typed so far toward a value above 9 (N of 10 or more). */
  typed: string;
  /** Numbers typed are pencil marks. */
  markMode: boolean;
  /** The number whose cells are ringed (find.ts), -1: none. */
  found: number;
}

/** The Sudomino puzzle on screen (live.current: null when none is). */
export const live = new Slot<Current>((s) => {
  const pos = s.game.position();
  const values = pos.values.map((v, d) => (s.game.isGiven(d) ? 0 : v));
  save(form, pack.checksum, s.pp.puzzle.id, { values, marks: pos.marks, ...s.record, ms: elapsed(s) });
});
