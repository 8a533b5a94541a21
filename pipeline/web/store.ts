// Saved progress in the browser's local storage, one entry per puzzle keyed by the pack's
// checksum and the puzzle's id, so the same pack resumes wherever its file is moved. Storage
// may be missing or full (private windows, some file:// settings): play goes on unsaved.
import type { Position } from '../../src/dominosa/play/game.js';

export interface Saved extends Position {
  /** Time played, in milliseconds. */
  ms: number;
  /** Solved once (stays so after undoing). */
  solved: boolean;
}

const PREFIX = 'dominosa-web';

export function storageKey(checksum: string, id: number | string): string {
  return `${PREFIX}:${checksum}:${JSON.stringify(id)}`;
}

const numbers = (x: unknown): number[] => (Array.isArray(x) ? x.filter((v): v is number => Number.isInteger(v)) : []);

export function load(checksum: string, id: number | string): Saved | null {
  try {
    const text = localStorage.getItem(storageKey(checksum, id));
    if (text === null) return null;
    const o = JSON.parse(text) as Record<string, unknown>;
    return { laid: numbers(o.laid), marks: numbers(o.marks), ms: typeof o.ms === 'number' && o.ms >= 0 ? o.ms : 0, solved: o.solved === true };
  } catch {
    return null;
  }
}

export function save(checksum: string, id: number | string, s: Saved): void {
  try {
    localStorage.setItem(storageKey(checksum, id), JSON.stringify({ laid: s.laid, marks: s.marks, ms: Math.round(s.ms), solved: s.solved }));
  } catch {
    // Storage refused (full or disabled): keep playing without saving.
  }
}

/** 'solved', 'in progress' (something on the board or time spent) or 'new'. */
export function statusOf(s: Saved | null): 'solved' | 'in progress' | 'new' {
  if (s === null) return 'new';
  if (s.solved) return 'solved';
  return s.laid.length > 0 || s.marks.length > 0 ? 'in progress' : 'new';
}
