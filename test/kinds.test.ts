// Telling the kind from an input's start: every Sudomino board as written (text, either form, or
// JSON lines) says Sudomino, and no Dominosa board as written (text, JSON lines) does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kindOfInput } from '../src/kinds.js';
import {
  formatBoardJson as formatSudominoJson,
  formatBoardText as formatSudominoText,
} from '../src/sudomino/formats/text.js';
import { randomBoard } from '../src/sudomino/make/random-board.js';
import { formatBoardJsonl, formatBoardText } from '../src/dominosa/board.js';
import { dealOnto } from '../src/dominosa/make/deal.js';
import { tilingFor } from '../src/tiling/tiling.js';
import { derive } from '../src/rng.js';

describe('kindOfInput', () => {
  it('reads every Sudomino board as Sudomino', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 2, max: 14 }),
        fc.nat(),
        (rows, cols, values, seed) => {
          const b = randomBoard({ rows, cols, values }, 'shown', 0.3, derive(seed, 5));
          expect(kindOfInput(formatSudominoText(b))).toBe('sudomino');
          expect(kindOfInput(formatSudominoJson(b))).toBe('sudomino');
        },
      ),
      { numRuns: 100, seed: 5 },
    );
  });

  it('never reads a Dominosa board as Sudomino', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(), (m, seed) => {
        const rng = derive(seed, m);
        const mate = tilingFor(m + 1, m + 2).sample(rng);
        const board = { rows: m + 1, cols: m + 2, m, cells: Uint16Array.from(dealOnto(mate, m + 1, m + 2, m, rng)) };
        expect(kindOfInput(formatBoardText(board))).not.toBe('sudomino');
        expect(kindOfInput(formatBoardJsonl(board))).toBe('dominosa');
      }),
      { numRuns: 100, seed: 6 },
    );
  });

  it('says nothing for digits alone, and heeds the comments', () => {
    expect(kindOfInput('11\n22\n')).toBeNull();
    expect(kindOfInput('# values: 2\n11\n22\n')).toBe('sudomino');
    expect(kindOfInput('# kind: sudomino\n1 1\n2 2\n')).toBe('sudomino');
    expect(kindOfInput('6:012345\n')).toBe('dominosa');
    expect(kindOfInput('aa33\n')).toBe('sudomino');
    expect(kindOfInput('1 1 ! 2=3\n')).toBe('sudomino');
  });
});
