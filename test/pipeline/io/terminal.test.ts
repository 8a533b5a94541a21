// Tests for pipeline/io/terminal.ts: whatever a catalog or an input file holds, what reaches the
// terminal is one line with no control character, text without one is left as it is, and JSON
// made safe reads back as the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forTerminal, jsonForTerminal } from '../../../pipeline/io/terminal.js';

/** Any character a terminal acts on instead of showing, or that reorders or breaks a line. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u001b',
      '\u0007',
      '\n',
      '\r',
      '\t',
      '\u009b',
      '\u202e',
      '\u2028',
      '[',
      ']',
      '0',
      ';',
      'a',
      'é',
      '\\',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

describe('forTerminal', () => {
  it('leaves no control character, and so no second line, in any text', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = forTerminal(s);
        expect(out).not.toMatch(CONTROL);
        expect(out.split('\n')).toHaveLength(1);
      }),
    );
  });

  it('changes nothing in text without control characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((s) => !CONTROL.test(s)),
        (s) => {
          expect(forTerminal(s)).toBe(s);
        },
      ),
    );
  });

  it('spells the escape, bell and line end out, so the reader sees what was there', () => {
    expect(forTerminal('\u001b]0;owned\u0007\nall checks passed\u001b[8m')).toBe(
      '\\e]0;owned\\x07\\nall checks passed\\e[8m',
    );
    expect(forTerminal('a\u202eb\u009bc')).toBe('a\\u202eb\\x9bc');
  });
});

describe('jsonForTerminal', () => {
  it('is the same JSON value, with no control character left', () => {
    fc.assert(
      fc.property(fc.dictionary(hostile, hostile), (o) => {
        const out = jsonForTerminal(JSON.stringify(o, null, 2));
        expect(out.replaceAll('\n', '')).not.toMatch(CONTROL);
        expect(JSON.parse(out)).toEqual(o);
      }),
    );
  });
});
