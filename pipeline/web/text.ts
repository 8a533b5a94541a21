// How the page writes things for people: escaped markup, a clock, a puzzle's name, a number
// in the pack's faces. Pure helpers shared by the views.
import { faceText } from '../../src/formats/faces.js';
import type { PagePuzzle } from './kind.js';
import { indexHash, pack } from './state.js';

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
export function numberOf(p: PagePuzzle): number {
  return p.number ?? (pack.puzzles as readonly PagePuzzle[]).indexOf(p) + 1;
}

/** The puzzle after this one by number, if any. */
export function nextPuzzle(p: PagePuzzle): PagePuzzle | undefined {
  const n = numberOf(p) + 1;
  return pack.puzzles.find((q) => numberOf(q) === n);
}

export function titleCase(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** The puzzle's name in one line of text (the page title, the board's label); `size` is its kind and size in words. */
export function puzzleName(p: PagePuzzle, size: string): string {
  return `Puzzle ${numberOf(p)} (#${p.id}) · ${size} · ${titleCase(p.tier)}`;
}

/** The same as a heading: phrases that never break inside, the database id in small print. */
export function puzzleTitleHtml(p: PagePuzzle, size: string): string {
  const phrase = (s: string): string => `<span class="phrase">${esc(s)}</span>`;
  return (
    `${phrase(`Puzzle ${numberOf(p)}`)} <small class="dbid">#${esc(String(p.id))}</small>` +
    `<span class="sep"> · </span>${phrase(size)}<span class="sep"> · </span>${phrase(titleCase(p.tier))}`
  );
}

/**
 * The technique a puzzle needs, worded alike for every kind ("Technique: set analysis"): the
 * pack's words after the tier or level that heads them ("Hard: …", "Level 3: …").
 */
export function techniqueText(p: PagePuzzle): string {
  const t = p.technique ?? '';
  const i = t.indexOf(': ');
  return t === '' ? '' : `Technique: ${i < 0 ? t : t.slice(i + 2)}`;
}

/**
 * A puzzle page's title bar, alike for every kind: the way back, the puzzle's title with its
 * tier, the clock. The technique stays hidden until the puzzle is done or the player asks
 * (showTechnique), so the heading gives nothing away.
 */
export function barHtml(p: PagePuzzle, size: string): string {
  const tech = techniqueText(p);
  const ask = tech
    ? ` <button type="button" class="tech-ask" data-act="show-technique" title="Show the technique this puzzle needs">Technique?</button><span class="tech" hidden>${esc(tech)}</span>`
    : '';
  return `<header class="bar"><a class="back" href="${esc(indexHash())}">← All puzzles</a><h1>${puzzleTitleHtml(p, size)}${ask}</h1><span id="timer" class="timer" aria-label="time played"></span></header>`;
}

/** Show the technique in the title bar in place of its button (asked for, or the puzzle done). */
export function showTechnique(): void {
  const tech = document.querySelector<HTMLElement>('.bar .tech');
  if (!tech || !tech.hidden) return;
  tech.hidden = false;
  document.querySelector('.bar .tech-ask')?.remove();
}

/** The status line of a solved puzzle: "Solved in 0:04!" or "Solved in 0:04 with 1 hint and 1 check." */
export function solvedText(ms: number, note: string): string {
  return note ? `Solved in ${clock(ms)} with ${note}.` : `Solved in ${clock(ms)}!`;
}

/** A value as the pack shows it, in words and pair names (pips count their pips). */
export function shown(v: number): string {
  return faceText(v, pack.faces === 'one-based' ? 'one-based' : 'digits');
}

/** After a solve or a reveal: on to the next puzzle by number, or back to the index. */
export function nextLinkHtml(p: PagePuzzle): string {
  const next = nextPuzzle(p);
  return next
    ? `<a class="next" href="${hashId(next)}" data-next="${esc(String(next.id))}">Next puzzle: ${numberOf(next)} →</a>`
    : `<a class="next" href="#">That was the last one: all puzzles →</a>`;
}

/** The address of a puzzle, so a reload or a bookmark returns to it. */
export function hashId(p: PagePuzzle): string {
  return `#puzzle=${encodeURIComponent(String(p.id))}`;
}
