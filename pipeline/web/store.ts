// Saved progress in the browser's local storage, one entry per puzzle keyed by the pack's
// checksum and the puzzle's id, so the same pack resumes wherever its file is moved. Storage
// may be missing or full (private windows, some file:// settings): play goes on unsaved.
import type { Position } from '../../src/dominosa/play/game.js';
import { statusOf, type Progress, type Status } from '../../src/dominosa/play/progress.js';

export interface Saved extends Position, Progress {
  /** Time played, in milliseconds. */
  ms: number;
}

const PREFIX = 'dominosa-web';

export function storageKey(checksum: string, id: number | string): string {
  return `${PREFIX}:${checksum}:${JSON.stringify(id)}`;
}

const numbers = (x: unknown): number[] => (Array.isArray(x) ? x.filter((v): v is number => Number.isInteger(v)) : []);
const count = (x: unknown): number => (Number.isInteger(x) && (x as number) > 0 ? (x as number) : 0);

export function load(checksum: string, id: number | string): Saved | null {
  try {
    const text = localStorage.getItem(storageKey(checksum, id));
    if (text === null) return null;
    const o = JSON.parse(text) as Record<string, unknown>;
    return {
      laid: numbers(o.laid),
      marks: numbers(o.marks),
      ms: typeof o.ms === 'number' && o.ms >= 0 ? o.ms : 0,
      solved: o.solved === true,
      revealed: o.revealed === true,
      hints: count(o.hints),
      reveals: count(o.reveals),
    };
  } catch {
    return null;
  }
}

export function save(checksum: string, id: number | string, s: Saved): void {
  try {
    localStorage.setItem(storageKey(checksum, id), JSON.stringify({ laid: s.laid, marks: s.marks, ms: Math.round(s.ms), solved: s.solved, revealed: s.revealed, hints: s.hints, reveals: s.reveals }));
  } catch {
    // Storage refused (full or disabled): keep playing without saving.
  }
}

/** A saved puzzle's word on the index (see progress.ts). */
export function savedStatus(s: Saved | null): Status {
  return statusOf(s, s !== null && (s.laid.length > 0 || s.marks.length > 0));
}
