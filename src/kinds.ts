// The puzzle kinds and how an input tells its kind. Later milestones grow this into the one table
// mapping a kind to its board, solvers, generator and grader (see the design sketch).

export const KIND_NAMES = ['dominosa', 'sudomino'] as const;
export type KindName = (typeof KIND_NAMES)[number];

// A Tatham Dominosa game ID ("6:0123...", "6de:...") has letters but is Dominosa's.
const GAME_ID = /^\d+[a-z]*:/;
// A row of the letter form with a letter or `!`; one of the numbered form with a `!` or a `=`.
const LETTER_ROW = /^[!a-zA-Z0-9]*[!a-zA-Z][!a-zA-Z0-9]*$/;
const NUMBERED_ROW = /^(?=.*[!=])(?:!|\d+(?:=\d+)?)(?:\s+(?:!|\d+(?:=\d+)?))*$/;
const SUDOMINO_COMMENT = /^#\s*(?:values|form)\s*:|^#\s*kind\s*:\s*sudomino\s*$/i;

/**
 * The kind the start of an input shows, or null when it does not tell: a `# values:`, `# form:`
 * or `# kind: sudomino` comment, a JSON line whose "rows" are strings (Dominosa's has "grid"),
 * or a first row that only Sudomino's forms read: letters, digits and `!` with a letter or `!`,
 * or numbered tokens with a `!` or `=`. Anything else, digits alone included, says nothing.
 */
export function kindOfInput(head: string): KindName | null {
  for (const raw of head.split('\n')) {
    const line = raw.trim().replace(/^\uFEFF/, '');
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (SUDOMINO_COMMENT.test(line)) return 'sudomino';
      continue;
    }
    if (line.startsWith('{')) {
      try {
        const o: unknown = JSON.parse(line);
        const rows = typeof o === 'object' && o !== null ? (o as { rows?: unknown }).rows : undefined;
        if (Array.isArray(rows) && rows.length > 0 && rows.every((r) => typeof r === 'string')) return 'sudomino';
        if (typeof o === 'object' && o !== null && 'grid' in o) return 'dominosa';
      } catch {
        // An unfinished or broken first line: the chosen reader words the error.
      }
      return null;
    }
    if (GAME_ID.test(line)) return 'dominosa';
    return LETTER_ROW.test(line) || NUMBERED_ROW.test(line) ? 'sudomino' : null;
  }
  return null;
}
