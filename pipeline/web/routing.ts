// Routing by the address's hash, so a reload (or a bookmark) returns to the same puzzle: its
// kind opens its page; anything else shows the index.
import { showIndex } from './index-view.js';
import { kindOf } from './kinds.js';
import { pack } from './state.js';

export function route(): void {
  const m = /^#puzzle=(.*)$/.exec(location.hash);
  const id = m ? decodeURIComponent(m[1]) : null;
  const p = id === null ? undefined : pack.puzzles.find((q) => String(q.id) === id);
  if (p) kindOf(p).show(p);
  else showIndex();
}
