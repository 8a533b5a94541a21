// The page's puzzle kinds, in the order the index tells them (the first is the kind of a puzzle
// that names none: packs from before a second kind). The shell looks a puzzle's kind up here and
// calls it; a new kind is a folder beside the others and a line below.
import { dominosa } from './dominosa/index.js';
import type { PagePuzzle, WebKind } from './kind.js';
import { sudomino } from './sudomino/index.js';

export const KINDS: readonly WebKind[] = [dominosa, sudomino];

/** A puzzle's kind: the one its `kind` names, else the first (a pack's first kind names none). */
export function kindOf(p: PagePuzzle): WebKind {
  return KINDS.find((k) => k.name === p.kind) ?? KINDS[0];
}
