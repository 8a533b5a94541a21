// Paste a puzzle: a box on the index takes a Dominosa game ID of Simon Tatham's ("6:0123…") or a
// Sudomino board in the text form, and plays it. Each kind says whether the text is its own and
// reads it (proving one solution and grading it for hints, in the page); the text rides in the
// address (#paste=…), so a reload or a bookmark plays it again and its progress is kept.
import { KINDS } from './kinds.js';
import { pack } from './state.js';
import { esc } from './text.js';

/** The last paste refused, with its one line, shown in the box until the next paste. */
let refused: { text: string; error: string } | null = null;

/** The address that plays a pasted text. */
export function pasteHash(text: string): string {
  return `#paste=${encodeURIComponent(text)}`;
}

export function pasteBoxHtml(): string {
  const text = refused?.text ?? '';
  const error = refused?.error ?? '';
  return (
    `<section class="paste"><h2>Play your own</h2><form id="paste-form">` +
    `<label for="paste-text">Paste a Dominosa game ID from Simon Tatham’s collection (“6:0123…”, from Game › Specific) or a Sudomino board in the text form (rows of letters, digits and !; a “# values: N” line for N other than 6).</label>` +
    `<textarea id="paste-text" rows="3" spellcheck="false" autocomplete="off">${esc(text)}</textarea>` +
    `<div class="row"><button type="submit">Play it</button></div>` +
    `<p id="paste-error" class="paste-error" role="alert">${esc(error)}</p></form></section>`
  );
}

/** Wire the box: a paste goes to its address, which plays it (or refuses it in one line). */
export function wirePasteBox(): void {
  document.getElementById('paste-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = (document.getElementById('paste-text') as HTMLTextAreaElement).value.trim();
    if (text === '') {
      (document.getElementById('paste-error') as HTMLElement).textContent =
        'Nothing to play: paste a game ID or a board first.';
      return;
    }
    location.hash = pasteHash(text);
  });
}

/**
 * Play a pasted text: the first kind that claims it reads it. True when a puzzle is on screen;
 * false when the text was refused (the refusal is kept for the box, the caller shows the index).
 */
export function playPasted(text: string): boolean {
  const number = pack.puzzles.length + 1;
  for (const k of KINDS) {
    const r = k.paste(text, number);
    if (r === null) continue;
    if (!r.ok) {
      refused = { text, error: r.error };
      return false;
    }
    refused = null;
    k.show(r.value);
    return true;
  }
  refused = {
    text,
    error:
      'Not a puzzle this page reads: a Dominosa game ID starts with M and a colon ("6:0123…"), a Sudomino board has rows of letters, digits and !.',
  };
  return false;
}
