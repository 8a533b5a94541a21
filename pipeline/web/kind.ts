// What the page's shell asks of a puzzle kind: its name and title, its rules, how the index heads
// a group of its puzzles, how its positions are saved, how its puzzle's page opens, and how it
// reads a pasted puzzle. Each kind
// gives one (pipeline/web/<kind>/index.ts), listed in kinds.ts; the shell asks no puzzle its kind.
import type { WebPack } from '../../src/play/pack.js';
import type { Pasted } from '../../src/play/paste.js';
import type { SavedForm } from './store.js';

/** What the shell reads of any puzzle of a pack, whatever its kind. */
export interface PagePuzzle {
  /** The puzzle's kind by name; absent on the first kind's puzzles (packs from before a second kind). */
  kind?: string;
  id: number | string;
  /** The puzzle's number in the pack, 1..N in the index's order. */
  number?: number;
  tier: string;
  /** The technique its grade needs, for people. */
  technique?: string;
  rows: number;
  cols: number;
}

/**
 * A kind of puzzle on the page. `P` is the kind's own puzzle; the registry holds every kind as a
 * WebKind of any puzzle (methods take their parameter loosely) and hands each only its own.
 */
export interface WebKind<P extends PagePuzzle = PagePuzzle> {
  /** The name a pack's puzzles carry in `kind`. */
  readonly name: string;
  /** The kind's name for people, as the index's subtitle and rules say it: "Dominosa". */
  readonly title: string;
  /** How the browser keeps a position of the kind's puzzles (store.ts). */
  readonly saved: SavedForm<unknown>;
  /** The kind's rules in a sentence or two of HTML, which the index opens with (a pack's faces may word them). */
  rulesHtml(pack: WebPack): string;
  /** How the index names p's kind and size on its card ("Dominosa M = 4"), and the size in small print. */
  groupHead(p: P): [string, string];
  /** Open p's page: board, controls and help, its saved position loaded, its clock started. */
  show(p: P): void;
  /** A pasted text as the kind's puzzle numbered `number` (its steps join the pack's rules), its refusal, or null: not the kind's. */
  paste(text: string, number: number): Pasted<P>;
}
