// Saved positions and players' records in the browser's local storage, one entry per puzzle keyed
// by its kind's prefix, the pack's checksum and the puzzle's id, so the same pack resumes wherever
// its file is moved. Storage may be missing or full (private windows, some file:// settings): play
// goes on unsaved. A kind says how its position is stored (a SavedForm); time and record alike.
import { statusOf, type PlayRecord, type Status } from '../../src/play/record.js';

/** How a kind keeps a position: its entries' key prefix, its fields read back and written, and whether it shows play. */
export interface SavedForm<P> {
  /** The storage key's first part ('dominosa-web'): a kind's entries never meet another's. */
  readonly prefix: string;
  /** The position from a stored entry, read leniently (anything malformed reads as empty). */
  read(o: Record<string, unknown>): P;
  /** The position's fields as stored, in their order. */
  write(p: P): Record<string, unknown>;
  /** Is anything of the player's on the board (in progress rather than new)? */
  onBoard(p: P): boolean;
}

/** A saved entry: the position, the player's record and the time played, in milliseconds. */
export type Saved<P> = P & PlayRecord & { ms: number };

export function storageKey(prefix: string, checksum: string, id: number | string): string {
  return `${prefix}:${checksum}:${JSON.stringify(id)}`;
}

/** A list of whole numbers, anything else in it dropped. */
export const wholeNumbers = (x: unknown): number[] =>
  Array.isArray(x) ? x.filter((v): v is number => Number.isInteger(v)) : [];
/** A list whose places count: anything that is not a whole number reads as 0. */
export const placedNumbers = (x: unknown): number[] =>
  Array.isArray(x) ? x.map((v) => (Number.isInteger(v) ? (v as number) : 0)) : [];
const count = (x: unknown): number => (Number.isInteger(x) && (x as number) > 0 ? (x as number) : 0);

/** A saved entry's time and player's record, whichever kind it is of. */
function clockOf(o: Record<string, unknown>): PlayRecord & { ms: number } {
  return {
    ms: typeof o.ms === 'number' && o.ms >= 0 ? o.ms : 0,
    solved: o.solved === true,
    revealed: o.revealed === true,
    hints: count(o.hints),
    checks: count(o.checks),
    reveals: count(o.reveals),
  };
}

export function load<P>(form: SavedForm<P>, checksum: string, id: number | string): Saved<P> | null {
  try {
    const text = localStorage.getItem(storageKey(form.prefix, checksum, id));
    const o: unknown = text === null ? null : JSON.parse(text);
    if (typeof o !== 'object' || o === null) return null;
    const entry = o as Record<string, unknown>;
    return { ...form.read(entry), ...clockOf(entry) };
  } catch {
    return null;
  }
}

export function save<P>(form: SavedForm<P>, checksum: string, id: number | string, s: Saved<P>): void {
  const entry = {
    ...form.write(s),
    ms: Math.round(s.ms),
    solved: s.solved,
    revealed: s.revealed,
    hints: s.hints,
    reveals: s.reveals,
    // After the first fields, so entries saved before checks were counted keep their order.
    checks: s.checks,
  };
  try {
    localStorage.setItem(storageKey(form.prefix, checksum, id), JSON.stringify(entry));
  } catch {
    // Storage refused (full or disabled): keep playing without saving.
  }
}

/** A saved puzzle's word on the index (see src/play/record.ts). */
export function savedStatus<P>(form: SavedForm<P>, s: Saved<P> | null): Status {
  return statusOf(s, s !== null && form.onBoard(s));
}
