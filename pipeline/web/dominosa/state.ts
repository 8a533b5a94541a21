// A Dominosa puzzle being played: its board and game, the selection and the keyboard's cursor,
// the marks mode and the hint panel, held in the shell's slot (../state.ts) and saved by its form.
import type { Game } from '../../../src/dominosa/play/game.js';
import type { Hint } from '../../../src/dominosa/play/hint.js';
import type { PlayPuzzle } from '../../../src/dominosa/play/pack.js';
import type { Panel } from '../panel.js';
import { elapsed, pack, Slot, type Clocked } from '../state.js';
import { save } from '../store.js';
import { form } from './saved.js';

export interface Current extends Clocked, Panel<Hint> {
  pp: PlayPuzzle;
  game: Game;
  selected: number;
  cursor: number;
  /** After Space/Enter or X, the next arrow joins or marks. */
  pending: 'join' | 'mark' | null;
  markMode: boolean;
  /** The number whose cells are ringed (../find.ts), -1: none. */
  found: number;
}

/** The Dominosa puzzle on screen (live.current: null when none is). */
export const live = new Slot<Current>((c) =>
  save(form, pack.checksum, c.pp.puzzle.id, { ...c.game.position(), ...c.record, ms: elapsed(c) }),
);
