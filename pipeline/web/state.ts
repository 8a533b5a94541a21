// The page's state, one place for it: the pack read from the page, the element the views draw
// into, and the puzzle on screen (none on the index), of whatever kind. A kind holds its puzzle
// in a Slot, typed as it plays it; the shell sees only its clock, its record and how it is saved.
import type { WebPack } from '../../src/play/pack.js';
import { FRESH, type PlayRecord } from '../../src/play/record.js';

/** The pack the page plays: its puzzles of whatever kind, and each kind's own pack fields beside. */
export const pack = JSON.parse(document.getElementById('dominosa-pack')?.textContent ?? '{}') as WebPack &
  Readonly<Record<string, unknown>>;
export const app = document.getElementById('app') as HTMLElement;

/** What the clock and the index keep of a puzzle being played, whatever its kind. */
export interface Clocked {
  /** Time played before the running stretch, and when that stretch started (null: stopped). */
  ms: number;
  since: number | null;
  /** Solved, revealed, and the help taken, as the index shows it. */
  record: PlayRecord;
}

/** The clock and record of a puzzle just opened, from its saved entry (null: never played). */
export function clockFrom(saved: (PlayRecord & { ms: number }) | null): Clocked {
  return {
    ms: saved?.ms ?? 0,
    since: null,
    record: saved
      ? {
          solved: saved.solved,
          revealed: saved.revealed,
          hints: saved.hints,
          checks: saved.checks,
          reveals: saved.reveals,
        }
      : { ...FRESH },
  };
}

/** The puzzle on screen, and its kind's way to save it; null on the index. */
let onScreen: { c: Clocked; save: () => void } | null = null;

/** A kind's hold on the puzzle on screen, typed as the kind plays it, and how the kind saves it. */
export class Slot<C extends Clocked> {
  private held: C | null = null;

  constructor(private readonly saveIt: (c: C) => void) {}

  /** Put c on screen, in place of any puzzle there. */
  show(c: C): void {
    this.held = c;
    onScreen = { c, save: () => this.saveIt(c) };
  }

  /** The kind's puzzle on screen; null on the index or on another kind's puzzle. */
  get current(): C | null {
    return this.held !== null && onScreen?.c === this.held ? this.held : null;
  }
}

/** The puzzle on screen, whatever its kind. */
export function playing(): Clocked | null {
  return onScreen?.c ?? null;
}

/** The index's address as last shown (its filter), where a puzzle's way back leads. */
let indexAt = '#';

export function rememberIndex(hash: string): void {
  indexAt = hash;
}

export function indexHash(): string {
  return indexAt;
}

/** Back to the index: no puzzle on screen. */
export function leave(): void {
  onScreen = null;
}

export function elapsed(c: Clocked): number {
  return c.ms + (c.since === null ? 0 : performance.now() - c.since);
}

/** Save the puzzle on screen: its position, record and time. */
export function persist(): void {
  onScreen?.save();
}
