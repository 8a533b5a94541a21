// How the browser keeps a Dominosa position (../store.ts): the dominoes laid and the boundaries
// marked, as placements, under the first kind's key prefix (packs saved before Sudomino resume).
import type { Position } from '../../../src/dominosa/play/game.js';
import { wholeNumbers, type SavedForm } from '../store.js';

export const form: SavedForm<Position> = {
  prefix: 'dominosa-web',
  read: (o) => ({ laid: wholeNumbers(o.laid), marks: wholeNumbers(o.marks) }),
  write: (p) => ({ laid: p.laid, marks: p.marks }),
  onBoard: (p) => p.laid.length > 0 || p.marks.length > 0,
};
