// Saved positions and players' records in the browser's local storage, one entry per puzzle keyed
// by the pack's checksum and the puzzle's id, so the same pack resumes wherever its file is moved.
// Storage may be missing or full (private windows, some file:// settings): play goes on unsaved.
// Sudomino's records (values and pencil marks per domino) are kept under a key of their own.
import type { Position } from '../../src/dominosa/play/game.js';
import { statusOf, type PlayRecord, type Status } from '../../src/play/record.js';
import type { SudominoPosition } from '../../src/sudomino/play/game.js';

export interface Saved extends Position, PlayRecord {
  /** Time played, in milliseconds. */
  ms: number;
}

/** A Sudomino puzzle's record: the player's values and marks per domino (givens stored as 0). */
export interface SudominoSaved extends SudominoPosition, PlayRecord {
  ms: number;
}

const PREFIX = 'dominosa-web';
const SUDOMINO_PREFIX = 'sudomino-web';

export function storageKey(checksum: string, id: number | string, prefix = PREFIX): string {
  return `${prefix}:${checksum}:${JSON.stringify(id)}`;
}

const numbers = (x: unknown): number[] => (Array.isArray(x) ? x.filter((v): v is number => Number.isInteger(v)) : []);
// Per-domino lists keep their places: anything that is not a whole number reads as empty.
const perDomino = (x: unknown): number[] =>
  Array.isArray(x) ? x.map((v) => (Number.isInteger(v) ? (v as number) : 0)) : [];
const count = (x: unknown): number => (Number.isInteger(x) && (x as number) > 0 ? (x as number) : 0);

/** A saved entry's time and player's record, whichever kind it is of. */
function clockOf(o: Record<string, unknown>): PlayRecord & { ms: number } {
  return {
    ms: typeof o.ms === 'number' && o.ms >= 0 ? o.ms : 0,
    solved: o.solved === true,
    revealed: o.revealed === true,
    hints: count(o.hints),
    reveals: count(o.reveals),
  };
}

function read(key: string): Record<string, unknown> | null {
  try {
    const text = localStorage.getItem(key);
    const o: unknown = text === null ? null : JSON.parse(text);
    return typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function write(key: string, record: Record<string, unknown> & { ms: number }): void {
  try {
    localStorage.setItem(key, JSON.stringify({ ...record, ms: Math.round(record.ms) }));
  } catch {
    // Storage refused (full or disabled): keep playing without saving.
  }
}

export function load(checksum: string, id: number | string): Saved | null {
  const o = read(storageKey(checksum, id));
  return o === null ? null : { laid: numbers(o.laid), marks: numbers(o.marks), ...clockOf(o) };
}

export function save(checksum: string, id: number | string, s: Saved): void {
  write(storageKey(checksum, id), {
    laid: s.laid,
    marks: s.marks,
    ms: s.ms,
    solved: s.solved,
    revealed: s.revealed,
    hints: s.hints,
    reveals: s.reveals,
  });
}

export function loadSudomino(checksum: string, id: number | string): SudominoSaved | null {
  const o = read(storageKey(checksum, id, SUDOMINO_PREFIX));
  return o === null ? null : { values: perDomino(o.values), marks: perDomino(o.marks), ...clockOf(o) };
}

export function saveSudomino(checksum: string, id: number | string, s: SudominoSaved): void {
  write(storageKey(checksum, id, SUDOMINO_PREFIX), {
    values: s.values,
    marks: s.marks,
    ms: s.ms,
    solved: s.solved,
    revealed: s.revealed,
    hints: s.hints,
    reveals: s.reveals,
  });
}

/** A saved Sudomino puzzle's word on the index. */
export function sudominoSavedStatus(s: SudominoSaved | null): Status {
  return statusOf(s, s !== null && (s.values.some((v) => v !== 0) || s.marks.some((m) => m !== 0)));
}

/** A saved puzzle's word on the index (see src/play/record.ts). */
export function savedStatus(s: Saved | null): Status {
  return statusOf(s, s !== null && (s.laid.length > 0 || s.marks.length > 0));
}
