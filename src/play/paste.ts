// A puzzle pasted into the web page, as every kind reads it there: the text is the kind's or not
// (null), and a kind's text gives a puzzle ready for its page or the one line that says what is
// wrong with it (unreadable, no solution, more than one). Each kind's reader is its own
// (src/<kind>/play/paste.ts); this is what they hand back.
import type { Parsed } from '../parsed.js';

/** What a kind makes of a paste: null when the text is not its kind's, else its puzzle or the refusal. */
export type Pasted<P> = Parsed<P> | null;

/** The id a pasted text plays under: the same text, the same id, so its progress is kept. */
export function pastedId(text: string): string {
  // FNV-1a over the text's UTF-16 units: short, stable, no dependencies.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `pasted-${h.toString(16).padStart(8, '0')}`;
}
