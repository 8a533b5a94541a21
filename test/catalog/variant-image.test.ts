// Tests of a variant proven as the image of its base (CheckContext.baseProven, one body over every
// registered kind): a sound variant passes and is proved no more, and a tampered one (a cell
// changed, a board that is not unique, another row's grid, solution or transform, its nodes;
// checksum resealed) fails exactly the checks it fails when proved whole, so the image proof
// never hides what a full proof finds. Each kind says how one of its cells is changed and how
// a board of its size is made not unique.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckContext, Failure, StoredPuzzle } from '../../src/catalog/check.js';
import { countExactCover } from '../../src/dominosa/solve/exactcover.js';
import { gridText } from '../../src/dominosa/stored.js';
import { allKinds, type KindName } from '../../src/kinds.js';
import { boardFromStored as sudominoBoardFromStored, gridText as sudominoGridText } from '../../src/sudomino/stored.js';
import type { Board as SudominoBoard } from '../../src/sudomino/board.js';
import { plantedBoard } from '../helpers/boards.js';
import { seal, storedSample } from '../helpers/stored-rows.js';

/** A kind's own edits of a stored grid: one cell changed (`pick` chooses which), and a board of its size with several solutions. */
interface GridEdits {
  oneCell(p: StoredPuzzle, pick: number): string;
  notUnique(p: StoredPuzzle): string;
}

const EDITS: Partial<Record<KindName, GridEdits>> = {
  dominosa: {
    // Two cells of different values swapped: the counts stay right, so the grid is still a board.
    // (The sample's M is 5: one base-36 digit a cell.)
    oneCell(p, pick) {
      const flat = [...p.grid];
      const i = pick % flat.length;
      const j = flat.findIndex((v, k) => k > i && v !== flat[i]);
      const k = j < 0 ? flat.findIndex((v) => v !== flat[i]) : j;
      [flat[i], flat[k]] = [flat[k], flat[i]];
      return flat.join('');
    },
    notUnique(p) {
      for (let k = 0; ; k++) {
        const b = plantedBoard(p.m, 9, k).board;
        if (b.rows === p.rows && countExactCover(b).status === 'multiple') return gridText(b);
      }
    },
  },
  sudomino: {
    // One domino's given changed to another value, or taken away.
    oneCell(p, pick) {
      const b = sudominoBoard(p);
      const given = Uint8Array.from(b.given);
      const d = pick % given.length;
      given[d] = given[d] === 0 ? 1 + (pick % b.values) : given[d] === b.values ? 0 : given[d] + 1;
      return sudominoGridText({ ...b, given });
    },
    // No given at all: every relabelling of a solution solves it too.
    notUnique: (p) => sudominoGridText({ ...sudominoBoard(p), given: new Uint8Array(sudominoBoard(p).given.length) }),
  },
};

function sudominoBoard(p: StoredPuzzle): SudominoBoard {
  const r = sudominoBoardFromStored(p.grid, p.m);
  if (!r.ok) throw new Error(r.error);
  return r.board;
}

describe.each(allKinds().map((k) => [k.name, k] as const))('a %s variant proven as its base image', (name, kind) => {
  const { versions } = kind.checks;
  const sample = () => storedSample(kind.name);
  const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
    rule: sample().rule,
    solverVersion: versions.reference,
    graderVersion: versions.grader,
    ...over,
  });
  const edits = (): GridEdits => {
    const e = EDITS[name];
    if (e === undefined) throw new Error(`no grid edits for kind ${name}: add them to EDITS`);
    return e;
  };

  /** The variant's checks by a checker that has just passed its base, as a worker's in one task. */
  function afterBase(v: StoredPuzzle, c: Partial<CheckContext> = {}): Failure[] {
    const { base } = sample();
    const checker = kind.checks.checker();
    expect(checker.check(base, null, ctx())).toEqual([]);
    return checker.check(v, base, ctx(c));
  }

  /** The same, told its base was proven: what the worker tells it. */
  const asImage = (v: StoredPuzzle, c: Partial<CheckContext> = {}): Failure[] =>
    afterBase(v, { ...c, baseProven: true });

  /** The same variant proved whole, by a checker that has seen nothing before. */
  function whole(v: StoredPuzzle, c: Partial<CheckContext> = {}): Failure[] {
    return kind.checks.checker().check(v, sample().base, ctx(c));
  }

  it('passes a sound variant, and proves it no more: its budget is asked less often', () => {
    const { variants } = sample();
    for (const v of variants) {
      let image = 0;
      let full = 0;
      expect(asImage(v, { interrupt: () => (image++, false) })).toEqual([]);
      expect(afterBase(v, { interrupt: () => (full++, false) })).toEqual([]);
      expect(image).toBeLessThan(full);
    }
  });

  it('fails a tampered variant (checksum resealed) by exactly the checks a whole proof fails it by', () => {
    const { base, variants, other } = sample();
    const rows = [base, ...variants, other];
    type Edit = (v: StoredPuzzle, pick: number) => Partial<StoredPuzzle>;
    const tamperings: [string, Edit][] = [
      ['one cell changed', (v, pick) => ({ grid: edits().oneCell(v, pick) })],
      ['a board that is not unique', (v) => ({ grid: edits().notUnique(v) })],
      [
        "another row's grid",
        (v, pick) => ({ grid: rows.filter((r) => r.grid !== v.grid)[pick % (rows.length - 1)].grid }),
      ],
      [
        "another row's solution",
        (v, pick) => ({ solution: rows.filter((r) => r.solution !== v.solution)[pick % (rows.length - 1)].solution }),
      ],
      [
        "another variant's transform",
        (v, pick) => {
          const others = variants.filter((r) => r.transform !== v.transform);
          return { transform: others.length === 0 ? 'id' : others[pick % others.length].transform };
        },
      ],
      ['its nodes', (v) => ({ nodes: v.nodes + 1 })],
    ];
    fc.assert(
      fc.property(fc.nat(variants.length - 1), fc.nat(tamperings.length - 1), fc.nat(1000), (which, t, pick) => {
        const v = variants[which];
        const [what, edit] = tamperings[t];
        const bad = seal({ ...v, ...edit(v, pick) });
        const image = asImage(bad);
        expect(image, what).toEqual(whole(bad));
        expect(image.length, what).toBeGreaterThan(0);
        if (what === 'a board that is not unique') expect(image.map((f) => f.kind)).toContain('not-unique');
      }),
      { numRuns: 40, seed: 36 },
    );
  });

  it('a base that is itself a variant proves nothing: its variants are proved whole', () => {
    const { base, variants } = sample();
    const [v] = variants;
    const fake = seal({ ...base, base_id: 99, transform: v.transform });
    const f = kind.checks.checker().check(v, fake, ctx({ baseProven: true }));
    expect(f).toEqual(kind.checks.checker().check(v, fake, ctx()));
    expect(f.map((x) => x.kind)).toContain('variant-mismatch');
  });
});
