// `dominosa export` of every kind, alone and mixed, from one catalog: JSON lines that `solve` proves
// unique again, a mixed JSON pack by tier then kind that verifies and is named for its kinds, a pdf
// and a web page of a mixed pack; a kind a format or --grade has nothing for, or a size of a kind
// not taken, refused in one line naming the fix; a row changed behind the catalog's back stops the
// export before a byte is written. Sudomino's answers: the last describe.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kindWords } from '../../src/formats/kind.js';
import { verifyPackJson } from '../../src/formats/pack.js';
import { allKinds } from '../../src/kinds.js';
import {
  buildSmallCatalog,
  checksumBlob,
  copyCatalog,
  editAndReseal,
  freshCatalogs,
  query,
  storedRows,
} from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import { addSudominoRows } from '../sudomino/catalog-rows.js';

const fresh = freshCatalogs();
const KINDS = allKinds();
const TIER_ORDER = ['easy', 'normal', 'hard', 'expert'];
let db = '';
/** Each kind's base puzzles, by id, and its smallest size the catalog holds. */
let bases: Record<string, number[]> = {};
let smallest: Record<string, string> = {};

beforeAll(() => {
  db = fresh();
  buildSmallCatalog(db, '3');
  addSudominoRows(db, { shape: '6x6:4', seed: 2, slots: 8, variants: 1 });
  addSudominoRows(db, { shape: '8x8:6', seed: 2, slots: 8, variants: 1 });
  const rows = query<{ id: number; kind: string; shape: string }>(
    db,
    'SELECT id, kind, shape FROM puzzles WHERE base_id IS NULL ORDER BY id',
  );
  bases = Object.fromEntries(KINDS.map((k) => [k.name, rows.filter((r) => r.kind === k.name).map((r) => r.id)]));
  smallest = Object.fromEntries(
    KINDS.map((k) => [
      k.name,
      rows
        .filter((r) => r.kind === k.name)
        .map((r) => r.shape)
        .sort((a, b) => k.sizes.compare(a, b))[0],
    ]),
  );
});

const out = (name: string): string => join(db.replace(/[^/]*$/, ''), name);

describe('export of every kind', () => {
  it('has a catalog holding every built-in kind', () => {
    expect(KINDS.map((k) => [k.name, bases[k.name].length > 0])).toEqual([
      ['dominosa', true],
      ['sudomino', true],
    ]);
  });

  it('writes JSON lines of each kind’s bases that solve proves unique again, ids kept', () => {
    for (const kind of KINDS) {
      const file = out(`${kind.name}.jsonl`);
      const r = cli(['export', '--db', db, '--kind', kind.name, '--out', file]);
      expect(r.code, r.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number });
      // Every base once, in pack order (tiers, then sizes, then ids).
      expect(lines.map((l) => l.id).sort((x, y) => x - y)).toEqual(bases[kind.name]);
      const solved = cli(['solve', '--format', 'jsonl', file]);
      expect(solved.code, solved.stderr).toBe(0);
      const answers = solved.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number; status: string });
      expect(answers.map((a) => [a.id, a.status])).toEqual(lines.map((l) => [l.id, 'unique']));
    }
  });

  it('mixes every kind in one pack, by tier then kind in the registry’s order, named for its kinds, and the pack verifies', () => {
    const file = out('all.json');
    const r = cli([
      'export',
      '--db',
      db,
      '--kind',
      KINDS.map((k) => k.name).join(','),
      '--sizes',
      KINDS.map((k) => smallest[k.name]).join(','),
      '--per-size',
      '1',
      '--out',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const v = verifyPackJson(readFileSync(file, 'utf8'), KINDS);
    if (!v.ok) throw new Error(v.error);
    expect(v.pack.manifest.name).toBe(kindWords(KINDS));
    expect(v.pack.puzzles.map((p) => [p.tier, p.kind])).toEqual(
      TIER_ORDER.flatMap((tier) => KINDS.map((k) => [tier, k.name])),
    );
  });

  it('splits --count over the kinds first, and names in one line a kind the selection leaves empty, with why', () => {
    const all = KINDS.map((k) => k.name).join(',');
    const kindsOf = (stdout: string): string[] =>
      stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { kind: string }).kind);
    const tally = (xs: string[]): number[] => KINDS.map((k) => xs.filter((x) => x === k.name).length);
    // As many as there are kinds: one of each, whatever the seed; twice as many: two of each.
    for (const seed of ['1', '2']) {
      const r = cli(['export', '--db', db, '--kind', all, '--count', String(KINDS.length), '--seed', seed]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(tally(kindsOf(r.stdout))).toEqual(KINDS.map(() => 1));
    }
    const even = cli(['export', '--db', db, '--kind', all, '--count', String(2 * KINDS.length)]);
    expect(tally(kindsOf(even.stdout))).toEqual(KINDS.map(() => 2));
    const per = cli(['export', '--db', db, '--kind', all, '--per-kind', '3']);
    expect(tally(kindsOf(per.stdout))).toEqual(KINDS.map(() => 3));
    // The same options and seed: the same pack.
    expect(cli(['export', '--db', db, '--kind', all, '--per-kind', '3']).stdout).toBe(per.stdout);
    // Sizes of the first kind alone: the others are named, with the sizes they could take.
    const sized = cli(['export', '--db', db, '--kind', all, '--sizes', smallest[KINDS[0].name], '--count', '4']);
    expect(sized.code).toBe(0);
    expect(sized.stderr).toBe(
      KINDS.slice(1)
        .map(
          (k) =>
            `dominosa: the pack holds no ${k.title} puzzles: --sizes names no ${k.title} ${k.formats.sizeWord ?? 'size'} (the catalog holds ${query<{
              shape: string;
            }>(db, 'SELECT DISTINCT shape FROM puzzles WHERE kind = ?', k.name)
              .map((r) => r.shape)
              .sort((a, b) => k.sizes.compare(a, b))
              .join(',')}); add one to take it\n`,
        )
        .join(''),
    );
    expect(tally(kindsOf(sized.stdout))).toEqual(KINDS.map((_, i) => (i === 0 ? 4 : 0)));
    // Fewer puzzles than kinds: the last kinds get none, and are named.
    const few = cli(['export', '--db', db, '--kind', all, '--count', '1']);
    expect(few.stderr).toBe(
      KINDS.slice(1)
        .map(
          (k) =>
            `dominosa: the pack holds no ${k.title} puzzles: --count 1 is fewer than the ${KINDS.length} kinds taken (ask for ${KINDS.length} or more, or give --per-kind)\n`,
        )
        .join(''),
    );
  });

  it('writes a pdf booklet and a web page of a mixed pack', () => {
    for (const [name, format] of [
      ['all.pdf', 'pdf'],
      ['all.html', 'web'],
    ] as const) {
      const r = cli([
        'export',
        '--db',
        db,
        '--kind',
        KINDS.map((k) => k.name).join(','),
        '--count',
        '8',
        '--format',
        format,
        '--out',
        out(name),
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(out(name)).length).toBeGreaterThan(1000);
    }
    for (const k of KINDS.slice(1)) expect(readFileSync(out('all.html'), 'utf8')).toContain(`"kind":"${k.name}"`);
  });

  it('refuses, each in one line with exit 2, tatham and --grade for a kind they have nothing for, and a size of a kind not taken', () => {
    const withIds = kindWords(KINDS.filter((k) => k.formats.tatham !== undefined));
    const graded = kindWords(KINDS.filter((k) => k.formats.grades !== undefined));
    for (const kind of KINDS) {
      if (kind.formats.tatham === undefined) {
        const t = cli(['export', '--db', db, '--kind', kind.name, '--format', 'tatham']);
        expect([t.code, t.stderr]).toEqual([
          2,
          `dominosa: --format tatham writes Simon Tatham's ${withIds} game IDs, and puzzle ${bases[kind.name][0]} is ${kind.title}, which his collection does not have\n`,
        ]);
      }
      if (kind.formats.grades === undefined) {
        const g = cli(['export', '--db', db, '--kind', kind.name, '--grade', 'hard', '--out', out('g.pdf')]);
        expect([g.code, g.stderr]).toEqual([
          2,
          `dominosa: --grade names ${graded}'s grades; select ${kind.title} puzzles by --tiers\n`,
        ]);
        expect(existsSync(out('g.pdf'))).toBe(false);
      }
      const other = KINDS.find((k) => k !== kind) as (typeof KINDS)[number];
      const s = cli(['export', '--db', db, '--kind', other.name, '--sizes', smallest[kind.name]]);
      const both = KINDS.filter((k) => k === kind || k === other).map((k) => k.name);
      expect([s.code, s.stderr]).toEqual([
        2,
        `dominosa: --sizes ${smallest[kind.name]} is a ${kind.title} ${kind.formats.sizeWord ?? 'size'}: add --kind ${kind.name} (or --kind ${both.join(',')})\n`,
      ]);
    }
    // Today's words, for the kinds there are.
    expect(cli(['export', '--db', db, '--sizes', '8x8:6']).stderr).toBe(
      'dominosa: --sizes 8x8:6 is a Sudomino shape: add --kind sudomino (or --kind dominosa,sudomino)\n',
    );
  });

  it('refuses, writing nothing, a pack holding a row of any kind changed behind the catalog', () => {
    for (const kind of KINDS) {
      const bad = copyCatalog(db, fresh());
      // Two bases of one size: the first takes the second's solution, its checksum and the digest
      // resealed, so only a proof can tell.
      const [a, b] = query<{ id: number }>(
        bad,
        'SELECT id FROM puzzles WHERE kind = ? AND shape = ? AND base_id IS NULL ORDER BY id LIMIT 2',
        kind.name,
        smallest[kind.name],
      ).map((r) => r.id);
      editAndReseal(bad, (d) => {
        const [p] = storedRows(d, 'id = ?', a);
        const { solution } = d.prepare('SELECT solution FROM puzzles WHERE id = ?').get(b) as { solution: string };
        d.prepare('UPDATE puzzles SET solution = ?, checksum = ? WHERE id = ?').run(
          solution,
          checksumBlob({ ...p, solution }),
          a,
        );
      });
      const file = out(`bad-${kind.name}.jsonl`);
      const r = cli(['export', '--db', bad, '--kind', kind.name, '--out', file]);
      expect(r.code, kind.name).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`^dominosa: puzzle ${a} fails its checks \\(\\S+: .*\\); nothing was written`),
      );
      expect(existsSync(file)).toBe(false);
    }
  });
});

describe('export of Sudomino', () => {
  it('writes each line with its stored solution, the one solve finds', () => {
    const file = out('s.jsonl');
    const r = cli(['export', '--db', db, '--kind', 'sudomino', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; solution: string });
    expect(new Set(lines.map((l) => l.kind))).toEqual(new Set(['sudomino']));
    const solved = cli(['solve', '--format', 'jsonl', file]);
    const answers = solved.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { solution: string });
    // The pack's solution is the answer form, as solve writes it.
    expect(answers.map((a) => a.solution)).toEqual(lines.map((l) => l.solution));
  });
});
