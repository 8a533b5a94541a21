// Tests for src/formats/pack.ts over every registered kind (and packs mixing them): the JSON pack's
// checksum verifies and breaks under any changed value, each puzzle is its record and a mixed pack
// keeps each kind's records as a one-kind pack writes them, a wrong kind, score or field is refused
// even under a renewed checksum; the text pack names the kinds it holds, labels each puzzle's tier
// and technique and ends with its solutions as comments. Each kind's own forms, read back by its
// own reader: test/<kind>/formats/pack.test.ts.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { buildPackJson, buildPackText, canonicalJson, verifyPackJson } from '../../src/formats/pack.js';
import { allKinds } from '../../src/kinds.js';
import { RECORD_FIELDS, recordOf } from '../../src/formats/record.js';
import { SAMPLES } from '../helpers/packs.js';

const META = { name: 'test pack', created: '2024-06-01T12:00:00.000Z', buildId: 7, schemaVersion: 3 };
const KINDS = allKinds();
/** The kinds with pack forms and sample puzzles, each with its samples, graded or not. */
const PACKED = KINDS.flatMap((kind) => {
  const pack = kind.formats.pack;
  const samples = SAMPLES[kind.name];
  return pack === undefined || samples === undefined
    ? []
    : [{ kind, pack, pool: [...samples(4, { graded: true }), ...samples(3)] }];
});
const POOL: PackPuzzle[] = PACKED.flatMap((k) => k.pool);

/** Packs of any kinds, mixed, with fresh ids. */
const arbPack: fc.Arbitrary<PackPuzzle[]> = fc
  .array(fc.constantFrom(...POOL), { maxLength: 8 })
  .map((ps) => ps.map((p, i) => ({ ...p, id: 100 + i })));

/** The document with its checksum renewed over its puzzles as they are now. */
function resign(doc: { manifest: { checksum: string }; puzzles: unknown }): string {
  doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
  return JSON.stringify(doc);
}

/** The entries of a JSON pack, each as written. */
const entryLines = (t: string): string[] =>
  (JSON.parse(t) as { puzzles: unknown[] }).puzzles.map((e) => JSON.stringify(e));

describe('buildPackJson / verifyPackJson', () => {
  it('has samples of every built-in kind to test', () => {
    expect(PACKED.map((k) => k.kind.name)).toEqual(['dominosa', 'sudomino']);
  });

  it('writes a versioned document whose checksum verifies, each puzzle its record', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const text = buildPackJson(puzzles, KINDS, META);
        const res = verifyPackJson(text, KINDS);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        expect(res.pack.format).toBe('dominosa-pack');
        expect(res.pack.version).toBe(2);
        expect(res.pack.manifest).toMatchObject({ ...META, count: puzzles.length });
        expect(res.pack.manifest.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(res.pack.puzzles).toEqual(puzzles.map((p) => recordOf(p, KINDS)));
        // Every record names its kind and has every field, in one order, whatever its kind.
        res.pack.puzzles.forEach((e, i) => {
          expect(e.kind).toBe(puzzles[i].kind);
          expect(Object.keys(e)).toEqual(RECORD_FIELDS);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('keeps each kind’s records in a mixed pack as a pack of that kind alone writes them', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const mixed = entryLines(buildPackJson(puzzles, KINDS, META));
        for (const { kind } of PACKED) {
          const own = puzzles.filter((p) => p.kind === kind.name);
          expect(mixed.filter((_, i) => puzzles[i].kind === kind.name)).toEqual(
            entryLines(buildPackJson(own, KINDS, META)),
          );
        }
      }),
      { numRuns: 20 },
    );
  });

  it('still verifies after re-indenting and reordering keys (canonical JSON)', () => {
    const doc = JSON.parse(buildPackJson(POOL, KINDS, META)) as { puzzles: Record<string, unknown>[] };
    doc.puzzles = doc.puzzles.map((p) => Object.fromEntries(Object.entries(p).reverse()));
    expect(verifyPackJson(JSON.stringify(doc, null, 2), KINDS).ok).toBe(true);
  });

  it('detects any changed number in any record', () => {
    /** Paths to every number of a JSON value. */
    const numbers = (v: unknown, at: (string | number)[] = []): (string | number)[][] =>
      typeof v === 'number'
        ? [at]
        : v !== null && typeof v === 'object'
          ? Object.entries(v).flatMap(([k, x]) => numbers(x, [...at, Array.isArray(v) ? Number(k) : k]))
          : [];
    fc.assert(
      fc.property(
        arbPack.filter((ps) => ps.length > 0),
        fc.nat(),
        fc.nat(),
        (puzzles, pick, which) => {
          const doc = JSON.parse(buildPackJson(puzzles, KINDS, META)) as { puzzles: unknown[] };
          const paths = numbers(doc.puzzles[pick % puzzles.length]);
          const path = paths[which % paths.length];
          let parent = doc.puzzles[pick % puzzles.length] as Record<string | number, unknown>;
          for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
          const last = path[path.length - 1];
          parent[last] = (parent[last] as number) + 1;
          const res = verifyPackJson(JSON.stringify(doc), KINDS);
          expect(res.ok).toBe(false);
          if (!res.ok) expect(res.error).toMatch(/checksum mismatch/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('checks each puzzle even when the checksum was renewed: its kind, fields and score within its kind’s grader', () => {
    for (const { kind, pack, pool } of PACKED) {
      const p = pool[0];
      const name = `puzzle 2 \\(id ${JSON.stringify(p.id)}\\)`;
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ kind: 'kakuro' }, new RegExp(`^${name}: kind must be "dominosa" or "sudomino"$`)],
        [{ tier: 3 }, new RegExp(`^${name}: tier must be a string$`)],
        [{ nodes: -1 }, new RegExp(`^${name}: nodes must be a non-negative integer$`)],
        [{ grade: 2 }, new RegExp(`^${name}: grade must be a string or null$`)],
        [{ technique: null }, new RegExp(`^${name}: technique must be a string with a grade, null without$`)],
        [
          { score: pack.levels + 1.5 },
          new RegExp(`^${name}: score must be null or a number from 1 to below ${pack.levels + 1}$`),
        ],
        [{ score: 0.5 }, new RegExp(`^${name}: score must be null or a number from 1 to below ${pack.levels + 1}$`)],
        [{ size: { key: '6' } }, new RegExp(`^${name}: size must be an object \\{key, label\\} of two strings$`)],
        [{ base_id: undefined }, new RegExp(`^${name}: the record has no "base_id" field$`)],
        [{ grid: [[0]] }, new RegExp(`^${name}: "grid" is no field of a record$`)],
      ];
      for (const [change, why] of cases) {
        const doc = JSON.parse(buildPackJson([POOL[POOL.length - 1], p], KINDS, META)) as {
          manifest: { checksum: string };
          puzzles: Record<string, unknown>[];
        };
        Object.assign(doc.puzzles[1], change);
        const res = verifyPackJson(resign(doc), KINDS);
        expect(res.ok, `${kind.name} ${JSON.stringify(change)}`).toBe(false);
        if (!res.ok) expect(res.error).toMatch(why);
      }
    }
  });

  it('refuses wrong format, version, count and non-JSON', () => {
    const good = JSON.parse(buildPackJson(POOL.slice(0, 2), KINDS, META)) as Record<string, unknown> & {
      manifest: Record<string, unknown>;
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, format: 'other' }, /format is "other"/],
      [{ ...good, version: 1 }, /^pack version 1 is not supported \(this reader knows version 2\)$/],
      [{ ...good, manifest: { ...good.manifest, count: 3 } }, /count is 3 but the pack holds 2/],
      [{ ...good, puzzles: {} }, /puzzles must be an array/],
    ];
    for (const [doc, why] of cases) {
      const res = verifyPackJson(JSON.stringify(doc), KINDS);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
    const res = verifyPackJson('{"format":', KINDS);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatch(/^not JSON/);
  });

  it('handles an empty pack', () => {
    const res = verifyPackJson(buildPackJson([], KINDS, META), KINDS);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.pack.manifest.count).toBe(0);
  });

  it('canonicalJson ignores key order and spacing', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

describe('buildPackText', () => {
  it('names the kinds it holds, labels every puzzle’s tier, and ends with a section of comments, one solution a puzzle', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const text = buildPackText(puzzles, KINDS);
        const lines = text.split('\n');
        const held = KINDS.filter((k) => puzzles.some((p) => p.kind === k.name)).map((k) => k.title);
        const titles = held.length ? held.join(' and ') : KINDS[0].title;
        const n = puzzles.length;
        expect(lines[0]).toBe(`# ${titles} puzzles: ${n} puzzle${n === 1 ? '' : 's'}. Solutions at the end.`);
        const start = lines.indexOf('# Solutions');
        expect(start).toBeGreaterThan(0);
        expect(lines.slice(start).every((l) => l === '' || l.startsWith('#'))).toBe(true);
        expect(lines.filter((l) => l.startsWith('# solution of ')).length).toBe(n);
        expect(
          lines
            .slice(0, start)
            .filter((l) => l.startsWith('# tier: '))
            .map((l) => l.split(' ')[2]),
        ).toEqual(puzzles.map((p) => p.tier));
      }),
      { numRuns: 30 },
    );
  });

  it('names the technique a graded puzzle needs, as its kind words it, in the text and in the json pack (which still verifies)', () => {
    for (const { pack, pool } of PACKED) {
      const graded = pool.filter((p) => p.grade !== undefined);
      const plain = pool.filter((p) => p.grade === undefined);
      const puzzles = [...graded, ...plain];
      const text = buildPackText(puzzles, KINDS);
      const tiers = text.split('\n').filter((l) => l.startsWith('# tier: '));
      tiers.forEach((l, i) => {
        const grade = puzzles[i].grade;
        expect(l.endsWith(grade === undefined ? ' nodes)' : `; ${pack.technique(grade) ?? grade})`), l).toBe(true);
      });
      const read = verifyPackJson(buildPackJson(puzzles, KINDS, META), KINDS);
      expect(read.ok).toBe(true);
      if (read.ok)
        expect(read.pack.puzzles.map((e) => e.technique)).toEqual(
          puzzles.map((p) => (p.grade === undefined ? null : pack.technique(p.grade))),
        );
    }
  });
});

describe('large packs', () => {
  // Their speed is measured by npm run bench (scripts/bench/formats.ts).
  it('builds and verifies a 1,000-puzzle pack, every puzzle in the text', () => {
    const puzzles = Array.from({ length: 1000 }, (_, i) => ({ ...POOL[i % POOL.length], id: i }));
    const v = verifyPackJson(buildPackJson(puzzles, KINDS, META), KINDS);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.pack.puzzles.length).toBe(1000);
    expect(buildPackText(puzzles, KINDS).match(/^# tier: /gm)?.length).toBe(1000);
  });
});
