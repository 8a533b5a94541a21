// Tests for src/formats/kind.ts, the formats group: a puzzle's kind is found by name, the kinds a
// pack holds come in the order given (none: the first alone), kinds are named in words from their
// titles, a kind that gives only its JSON line still has a sample stream of its own for every size,
// and a writer asked for a part a kind lacks says so rather than write a wrong page.
import { describe, expect, it } from 'vitest';
import { csvRow } from '../../src/formats/csv.js';
import { kindOf, kindsIn, kindWords, sampleStream, type FormatsKind } from '../../src/formats/kind.js';
import { buildPackText } from '../../src/formats/pack.js';
import { allKinds } from '../../src/kinds.js';

/** A kind that gives its JSON line and nothing else, as a plugin may. */
const toy: FormatsKind = {
  name: 'toy',
  title: 'Toy',
  formats: { jsonLine: (row) => ({ ok: true, value: JSON.stringify({ id: row.id }) }) },
};
const KINDS = [...allKinds(), toy];
const puzzle = (kind: string, id = 1) => ({ kind, id, rows: 1, cols: 2, tier: 'easy', nodes: 0 });

describe('the formats group', () => {
  it('finds a puzzle’s kind by name, and refuses a name it does not have', () => {
    for (const k of KINDS) expect(kindOf(KINDS, puzzle(k.name))).toBe(k);
    expect(() => kindOf(KINDS, puzzle('kakuro'))).toThrow(/kakuro/);
  });

  it('lists the kinds a pack holds in the order given, the first alone for an empty pack', () => {
    expect(kindsIn(KINDS, [puzzle('toy'), puzzle(KINDS[0].name)])).toEqual([KINDS[0], toy]);
    expect(kindsIn(KINDS, [])).toEqual([KINDS[0]]);
    expect(kindWords([KINDS[0]])).toBe(KINDS[0].title);
    expect(kindWords(KINDS.slice(0, 2))).toBe(`${KINDS[0].title} and ${KINDS[1].title}`);
    expect(kindWords(KINDS)).toBe(`${KINDS[0].title}, ${KINDS[1].title} and Toy`);
  });

  it('gives a kind without sample keys a stream of its own for each size, apart from every kind’s', () => {
    const keys: Record<string, string[]> = {
      dominosa: ['3', '4'],
      sudomino: ['8x8:6', '6x6:4'],
      toy: ['3', '8x8:6', 'a'],
    };
    const streams = KINDS.flatMap((k) => keys[k.name].map((key) => JSON.stringify(sampleStream(k, key))));
    expect(new Set(streams).size).toBe(streams.length);
    expect(sampleStream(toy, '3')).toEqual(sampleStream(toy, '3'));
    expect(sampleStream(toy, '3')[0]).toBe(-3);
  });

  it('lets a writer refuse a puzzle whose kind lacks its part, naming the kind', () => {
    expect(() => buildPackText([puzzle('toy')], KINDS)).toThrow(/Toy puzzles have no pack form/);
    expect(() => csvRow(puzzle('toy'), KINDS)).toThrow(/Toy puzzles have no pack form/);
  });
});

describe('one wording for every kind', () => {
  it('names the technique a grade needs as its tier and its words ("Easy: singles"), tiers climbing the ladder', () => {
    const heads = ['Easy', 'Normal', 'Hard', 'Expert', 'Beyond expert'];
    for (const k of allKinds()) {
      const pack = k.formats.pack;
      if (pack === undefined) continue;
      const said = k.schema.levels.map((l) => pack.technique(l.name));
      for (const s of said) expect(s, k.name).toMatch(/^(Easy|Normal|Hard|Expert|Beyond expert): \S/);
      const order = said.map((s) => heads.indexOf((s as string).split(':')[0]));
      expect(order, k.name).toEqual([...order].sort((a, b) => a - b));
    }
  });
});
