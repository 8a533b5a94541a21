// How the page writes things for people: escaped markup, a clock, a puzzle's name, a number
// in the pack's faces. Pure helpers shared by the views.
import { faceText } from '../../src/formats/faces.js';
import type { WebPuzzle } from '../../src/dominosa/play/pack.js';
import { pack } from './state.js';

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

export function puzzleName(p: WebPuzzle): string {
  return `#${p.id} · Double-${p.m}, ${p.rows} × ${p.cols} · ${p.tier}`;
}

/** A value as the pack shows it, in words and pair names (pips count their pips). */
export function shown(v: number): string {
  return faceText(v, pack.faces === 'one-based' ? 'one-based' : 'digits');
}

/** The address of a puzzle, so a reload or a bookmark returns to it. */
export function hashId(p: WebPuzzle): string {
  return `#puzzle=${encodeURIComponent(String(p.id))}`;
}
