// How the browser keeps a Sudomino position (../store.ts): the player's value and pencil marks
// per domino, in the dominoes' places (givens stored as 0), under a key prefix of its own.
import type { Position } from '../../../src/sudomino/play/game.js';
import { placedNumbers, type SavedForm } from '../store.js';

export const form: SavedForm<Position> = {
  prefix: 'sudomino-web',
  read: (o) => ({ values: placedNumbers(o.values), marks: placedNumbers(o.marks) }),
  write: (p) => ({ values: p.values, marks: p.marks }),
  onBoard: (p) => p.values.some((v) => v !== 0) || p.marks.some((m) => m !== 0),
};
