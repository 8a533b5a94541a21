// Telling the kind from an input's start: every Sudomino board as written (text, either form, or
// JSON lines) says Sudomino, and no Dominosa board as written (text, JSON lines) does. And naming
// the kind of a board line another kind's reader refused, for the built-in kinds and a plugin's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allKinds, foreignBoard, kindNamed, kindOfInput, type PuzzleKind } from '../src/kinds.js';
import {
  formatBoardJson as formatSudominoJson,
  formatBoardText as formatSudominoText,
} from '../src/sudomino/formats/text.js';
import { randomBoard } from '../src/sudomino/make/random-board.js';
import { formatBoardJsonl, formatBoardText } from '../src/dominosa/board.js';
import { dealOnto } from '../src/dominosa/make/deal.js';
import { tilingFor } from '../src/tiling/tiling.js';
import { derive } from '../src/rng.js';
import { kind as strip } from './fixtures/strip/kind.js';

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

describe('foreignBoard', () => {
  // Strip is asked beside the built-in kinds without being registered: the registry is shared.
  const KINDS: PuzzleKind[] = [...allKinds(), strip];
  const dominosa = kindNamed('dominosa');
  const sudomino = kindNamed('sudomino');
  // A JSON board line of each kind, with the id given.
  const lineOf: Record<string, (id: string) => string> = {
    dominosa: (id) =>
      JSON.stringify({
        id,
        grid: [
          [0, 0, 1],
          [1, 1, 0],
        ],
        rows: 2,
        cols: 3,
      }),
    sudomino: (id) => JSON.stringify({ id, values: 3, rows: ['aabbcc', 'ddeeff', 'gghhii'] }),
    strip: (id) => JSON.stringify({ id, strip: ['0011', '1100'] }),
  };
  const way = (other: PuzzleKind, why: string, reader: PuzzleKind): string =>
    `a ${other.title} board${why} in input read as ${reader.title}: one kind a file (export --kind ${other.name} writes ${other.title} alone)`;

  it("names the kind that claims a board line, to every other kind's reader, and none to its own", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        for (const of of KINDS) {
          const line = lineOf[of.name](id);
          expect(foreignBoard(of, line, KINDS), of.name).toBeNull();
          for (const reader of KINDS.filter((k) => k !== of)) {
            const why = of.input.tells === undefined ? '' : ` (it has "${of.input.tells}")`;
            expect(foreignBoard(reader, `  ${line} `, KINDS), `${of.name} in ${reader.name}`).toBe(
              way(of, why, reader),
            );
          }
        }
      }),
    );
  });

  it("keeps the built-in kinds' words, and names a plugin from its name and title alone", () => {
    expect(foreignBoard(dominosa, lineOf.sudomino('s'), KINDS)).toBe(
      'a Sudomino board (it has "rows") in input read as Dominosa: one kind a file (export --kind sudomino writes Sudomino alone)',
    );
    expect(foreignBoard(sudomino, lineOf.dominosa('d'), KINDS)).toBe(
      'a Dominosa board (it has "grid") in input read as Sudomino: one kind a file (export --kind dominosa writes Dominosa alone)',
    );
    expect(foreignBoard(dominosa, lineOf.strip('t'), KINDS)).toBe(
      'a Strip board in input read as Dominosa: one kind a file (export --kind strip writes Strip alone)',
    );
    // Without the plugin among the kinds asked, its board is no one's: the reader's words stand.
    expect(foreignBoard(dominosa, lineOf.strip('t'), allKinds())).toBeNull();
  });

  it("names the kind a pack record says, registered or not, but not the reader's own", () => {
    const record = (kind: string) => JSON.stringify({ kind, id: '7', puzzle: 'x' });
    for (const reader of KINDS)
      for (const of of KINDS)
        expect(foreignBoard(reader, record(of.name), KINDS)).toBe(
          of === reader ? null : way(of, ` (its kind is "${of.name}")`, reader),
        );
    expect(foreignBoard(dominosa, record('kakuro'), KINDS)).toBe(
      'a Kakuro board (its kind is "kakuro") in input read as Dominosa: one kind a file (export --kind kakuro writes Kakuro alone)',
    );
  });

  it('says nothing of a line that is no JSON object, or that no other kind claims', () => {
    for (const reader of KINDS)
      for (const line of ['0 0 1', '{"grid":', '[1, 2]', '{"id": "x"}', '# kind: strip', '6:012345'])
        expect(foreignBoard(reader, line, KINDS), `${reader.name}: ${line}`).toBeNull();
  });
});
