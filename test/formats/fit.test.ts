// Tests for src/formats/fit.ts: a fitted line fits, keeps the longest prefix that does, is the
// text itself when it fits, and reads no more of the text than a line's worth, however long.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitText } from '../../src/formats/fit.js';

/** Widths of a proportional font without kerning: 'i' is narrow, 'W' wide, the rest in between. */
const charWidth = (ch: string): number => (ch === 'i' ? 3 : ch === 'W' ? 11 : ch === ELLIPSIS ? 9 : 6);
const width = (t: string): number => Array.from(t).reduce((a, ch) => a + charWidth(ch), 0);

describe('fitText', () => {
  it('returns the text when it fits, else the longest prefix that fits with an ellipsis (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('i', 'W', 'a', 'é', '日'), maxLength: 80 }),
        fc.integer({ min: 0, max: 300 }),
        (text, max) => {
          const got = fitText(text, max, width, charWidth);
          if (width(text) <= max) {
            expect(got).toBe(text);
            return;
          }
          expect(got.endsWith(ELLIPSIS)).toBe(true);
          const kept = got.slice(0, -1);
          expect(text.startsWith(kept)).toBe(true);
          // It fits (unless even the ellipsis alone does not), and one more character would not.
          if (kept.length > 0) expect(width(got)).toBeLessThanOrEqual(max);
          const next = Array.from(text)
            .slice(0, Array.from(kept).length + 1)
            .join('');
          expect(width(`${next}${ELLIPSIS}`) > max || next === text).toBe(true);
        },
      ),
    );
  });

  it('measures no more text for a 100,000-character title than for a 200-character one', () => {
    const cost = (text: string): number => {
      let chars = 0;
      const measure = (t: string): number => {
        chars += t.length;
        return width(t);
      };
      fitText(text, 400, measure, charWidth);
      return chars;
    };
    const short = cost('Dominosa '.repeat(22));
    expect(short).toBeGreaterThan(0);
    expect(cost('Dominosa '.repeat(11_112))).toBe(short);
  });
});
