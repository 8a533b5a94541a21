// How the page writes things for people: escaped markup, a clock, a puzzle's name, a number
// in the pack's faces. Pure helpers shared by the views.
import { faceText } from '../../src/formats/faces.js';
import { isSudominoWeb } from '../../src/sudomino/play/pack.js';
import { pack, type AnyWebPuzzle, type Panel } from './state.js';

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

/** The puzzle's number in the pack (1..N); a pack without numbers counts in its own order. */
export function numberOf(p: AnyWebPuzzle): number {
  return p.number ?? pack.puzzles.indexOf(p) + 1;
}

/** The puzzle after this one by number, if any. */
export function nextPuzzle(p: AnyWebPuzzle): AnyWebPuzzle | undefined {
  const n = numberOf(p) + 1;
  return pack.puzzles.find((q) => numberOf(q) === n);
}

export function titleCase(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** The puzzle's kind and size in words: "Double-6, 7 × 8" or "Sudomino 8×8 · 1–6". */
export function sizeText(p: AnyWebPuzzle): string {
  return isSudominoWeb(p) ? `Sudomino ${p.rows}×${p.cols} · 1–${p.values}` : `Double-${p.m}, ${p.rows} × ${p.cols}`;
}

/** The puzzle's name in one line of text (the page title, the board's label). */
export function puzzleName(p: AnyWebPuzzle): string {
  return `Puzzle ${numberOf(p)} (#${p.id}) · ${sizeText(p)} · ${titleCase(p.tier)}`;
}

/** The same as a heading: phrases that never break inside, the database id in small print. */
export function puzzleTitleHtml(p: AnyWebPuzzle): string {
  const phrase = (s: string): string => `<span class="phrase">${esc(s)}</span>`;
  return (
    `${phrase(`Puzzle ${numberOf(p)}`)} <small class="dbid">#${esc(String(p.id))}</small>` +
    `<span class="sep"> · </span>${phrase(sizeText(p))}<span class="sep"> · </span>${phrase(titleCase(p.tier))}`
  );
}

/** A value as the pack shows it, in words and pair names (pips count their pips). */
export function shown(v: number): string {
  return faceText(v, pack.faces === 'one-based' ? 'one-based' : 'digits');
}

/** After a solve or a reveal: on to the next puzzle by number, or back to the index. */
export function nextLinkHtml(p: AnyWebPuzzle): string {
  const next = nextPuzzle(p);
  return next
    ? `<a class="next" href="${hashId(next)}" data-next="${esc(String(next.id))}">Next puzzle: ${numberOf(next)} →</a>`
    : `<a class="next" href="#">That was the last one: all puzzles →</a>`;
}

/**
 * The panel where both kinds word it alike: a reveal asked for, no hint, a solved board, a log
 * at its end; null for a mistake or a step, which each kind words itself.
 */
export function sharedPanelHtml(c: Panel<{ kind: string }>): string | null {
  if (c.confirm) {
    return (
      `<p>Reveal part of the solution?</p>` +
      `<div class="row"><button type="button" data-act="reveal-one">One domino</button><button type="button" data-act="reveal-all">The whole solution</button><button type="button" data-act="close">Cancel</button></div>`
    );
  }
  if (!c.hint) return '';
  if (c.hint.kind === 'solved') return `<p class="hint">The board is solved.</p>`;
  if (c.hint.kind === 'none')
    return `<p class="hint">No deduction is stored beyond this point for this puzzle; reveal a domino to go on.</p>`;
  return null;
}

/** The address of a puzzle, so a reload or a bookmark returns to it. */
export function hashId(p: AnyWebPuzzle): string {
  return `#puzzle=${encodeURIComponent(String(p.id))}`;
}
