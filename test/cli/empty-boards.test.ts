// A board with nothing to place (no domino, or no open cell) is no puzzle: every verb that reads
// boards refuses it in one line naming the board and its line, exit 2, rather than calling it
// unique and easy. Both kinds, every form their readers take (Dominosa's text, JSON lines and
// Tatham game IDs; Sudomino's letter, numbered and JSON forms).
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

// A good board first, so the refusal must name the second board and its own line.
const EMPTY: [what: string, input: string, line: RegExp][] = [
  [
    'Sudomino JSON, every cell blocked',
    '{"rows":["aa"],"values":2}\n{"rows":["!!","!!"],"values":2}\n',
    /^dominosa: board 2, line 2: every cell is blocked: a puzzle needs a domino\n$/,
  ],
  [
    'Sudomino JSON, blank rows',
    '{"rows":["aa"],"values":2}\n{"rows":["   "],"values":2,"id":"b"}\n',
    /^dominosa: board 2 \(id "b"\), line 2: the board has no cells: a puzzle needs a domino\n$/,
  ],
  [
    'Sudomino letter form, every cell blocked',
    '# values: 2\naa\n\n# id: x\n!!!\n!!!\n',
    /^dominosa: board 2 \(id "x"\), line 5: every cell is blocked: a puzzle needs a domino\n$/,
  ],
  [
    'Sudomino numbered form, every cell blocked',
    '# values: 2\n1 1\n\n# form: numbered\n! !\n! !\n',
    /^dominosa: board 2, line 5: every cell is blocked: a puzzle needs a domino\n$/,
  ],
  ['Dominosa JSON, no rows', '{"grid":[[0,0,1],[1,1,0]]}\n{"grid":[]}\n', /^dominosa: board 2, line 2: empty grid/],
  [
    'Dominosa JSON, empty rows',
    '{"grid":[[0,0,1],[1,1,0]]}\n{"grid":[[],[]]}\n',
    /^dominosa: board 2, line 2: empty grid/,
  ],
  ['Dominosa text, one cell', '0 0 1\n1 1 0\n\n0\n', /^dominosa: board 2, line 4: a 1x1 grid fits no double-M set/],
  [
    'Dominosa game ID, M = 0',
    '1:001110\n0:00\n',
    /^dominosa: board 2, line 2: game ID: M is 0, but a Dominosa set needs M >= 1\n$/,
  ],
];

describe('a board with nothing to place', () => {
  for (const verb of ['solve', 'grade']) {
    for (const [what, input, line] of EMPTY) {
      it(`${verb} refuses ${what}: exit 2, one line, the board before it answered`, () => {
        const r = cli([verb, '--format', 'jsonl'], { input });
        expect(r.stderr).toMatch(line);
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(r.code).toBe(2);
        const answered = r.stdout.trim().split('\n');
        expect(answered).toHaveLength(1);
        expect(JSON.parse(answered[0])).toMatchObject({ index: 0 });
      });
    }
  }
});
