// Routing by the address's hash, so a reload (or a bookmark) returns to the same puzzle: its
// kind opens its page; a pasted text plays (or the index shows why not); anything else shows the
// index, filtered as the hash says.
import { showIndex } from './index-view.js';
import { kindOf } from './kinds.js';
import { playPasted } from './paste.js';
import { pack } from './state.js';

/** A hash's text decoded; a malformed one (edited by hand) as it stands. */
function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function route(): void {
  const pasted = /^#paste=([\s\S]*)$/.exec(location.hash);
  if (pasted) {
    if (playPasted(decoded(pasted[1]))) return;
    showIndex();
    return;
  }
  const m = /^#puzzle=(.*)$/.exec(location.hash);
  const id = m ? decodeURIComponent(m[1]) : null;
  const p = id === null ? undefined : pack.puzzles.find((q) => String(q.id) === id);
  if (p) kindOf(p).show(p);
  else showIndex();
}
