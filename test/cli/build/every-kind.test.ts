// `dominosa build`, what it does alike for every kind, run as the compiled CLI over the registered
// kinds, each with its sample build (test/helpers/kind-builds.ts): the tiers filled, the same rows
// whatever --jobs, a finished build left as it is, a build killed at a fault point resumed into
// the uninterrupted one, each kind's build found apart in one catalog, and refusals: one line,
// exit 2, no file. What only one kind's build does is in dominosa.test.ts and sudomino.test.ts.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allKinds } from '../../../src/kinds.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { dumpCatalog, type CatalogDump } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';
import { choicesIn } from '../../helpers/kind-boards.js';
import { buildArgs, buildOf, refusalsOf } from '../../helpers/kind-builds.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-build-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('has a sample build of every kind --kind offers', () => {
  const offered = choicesIn(cli(['build', '--help']).stdout);
  expect(offered.length).toBeGreaterThan(1);
  for (const k of offered) expect(() => buildOf(k), k).not.toThrow();
});

describe.each(allKinds().map((k) => [k.title, k] as const))('build of %s', (_, kind) => {
  const build = (db: string, ...extra: string[]) =>
    cli([...buildArgs(kind.name, buildOf(kind.name)), '--db', db, ...extra]);
  const path = (name: string): string => join(dir, `${kind.name}-${name}.sqlite`);
  let whole: CatalogDump;

  beforeAll(() => {
    const r = build(path('whole'), '--jobs', '2');
    expect(r.code, r.stderr).toBe(0);
    whole = dumpCatalog(path('whole'));
  });

  it('stores its bases a tier at every size and tier, each with its variants', () => {
    const s = buildOf(kind.name);
    const bases = whole.puzzles.filter((p) => p.base_id === null);
    for (const size of s.sizes) {
      for (const t of TIERS)
        expect(
          bases.filter((p) => p.shape === size && p.tier === t),
          `${size} ${t}`,
        ).toHaveLength(s.perTier);
    }
    expect(bases).toHaveLength(s.sizes.length * TIERS.length * s.perTier);
    for (const b of bases) expect(whole.puzzles.filter((p) => p.base_id === b.id)).toHaveLength(s.variants);
    expect(whole.puzzles).toHaveLength(bases.length * (1 + s.variants));
    expect(whole.puzzles.every((p) => p.kind === kind.name)).toBe(true);
  });

  it('gives identical rows with --jobs 1; run again, finished, it changes nothing and says what the catalog holds', () => {
    const db = path('jobs1');
    expect(build(db, '--jobs', '1').code).toBe(0);
    const one = dumpCatalog(db);
    expect(one.puzzles).toEqual(whole.puzzles);
    expect(one.slots).toEqual(whole.slots);
    expect(one.builds).toEqual(whole.builds);
    const again = build(db, '--jobs', '2');
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already finished/);
    expect(again.stderr).toMatch(buildOf(kind.name).finished);
    expect(dumpCatalog(db)).toEqual(one);
  });

  it('killed at a fault point, keeps what it committed, and a rerun ends with exactly the uninterrupted result', () => {
    const { kills } = buildOf(kind.name);
    const db = path('killed');
    for (const [i, point] of kills.points.entries()) {
      const killed = cli([...buildArgs(kind.name, buildOf(kind.name)), '--db', db, '--jobs', kills.jobs], {
        env: { DOMINOSA_FAULT: `kill:${point}` },
      });
      expect(killed.code, point).toBeNull();
      if (i > 0) continue;
      const partial = dumpCatalog(db);
      const kept = partial.slots.map((x) => [x.shape, x.slot]);
      expect(kept).toEqual(kills.kept.slice(0, kept.length));
      expect(kept.length).toBeGreaterThanOrEqual(kills.atLeast);
      expect(partial.slots.length).toBeLessThan(whole.slots.length);
      expect(partial.builds.map((b) => b.status)).toEqual(['running']);
    }
    const last = build(db, '--jobs', '1');
    expect(last.code, last.stderr).toBe(0);
    const after = dumpCatalog(db);
    expect(after.integrity).toBe('ok');
    expect(after.puzzles).toEqual(whole.puzzles);
    expect(after.slots).toEqual(whole.slots);
    expect(after.builds.map((b) => [b.key, b.counts, b.status])).toEqual(
      whole.builds.map((b) => [b.key, b.counts, b.status]),
    );
  });

  it("keeps the other kinds' builds in its catalog apart: each kind finds its own build, and another seed is another build", () => {
    const db = path('every-kind');
    for (const k of allKinds()) {
      const r = cli([...buildArgs(k.name, buildOf(k.name)), '--db', db]);
      expect(r.code, `${k.name}: ${r.stderr}`).toBe(0);
    }
    for (const k of allKinds())
      expect(cli([...buildArgs(k.name, buildOf(k.name)), '--db', db]).stderr).toMatch(buildOf(k.name).finished);
    const s = buildOf(kind.name);
    const other = cli([...buildArgs(kind.name, s, s.seed + 1), '--db', db]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(new RegExp(`holds another ${kind.build.noun} `));
  });

  describe('refuses', () => {
    for (const { what, args, line } of refusalsOf(kind.name)) {
      it(`refuses ${what}: one line, exit 2, no file`, () => {
        const db = path(`bad-${what.replace(/\W+/g, '-')}`);
        const defaults = buildOf(kind.name)
          .defaults.filter(([flag]) => !args.includes(flag))
          .flat();
        const r = cli(['build', '--kind', kind.name, ...defaults, '--db', db, ...args]);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(line);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(existsSync(db)).toBe(false);
      });
    }

    it('refuses a catalog path that cannot be created', () => {
      const file = join(dir, 'plain-file');
      writeFileSync(file, 'x');
      for (const db of ['/nonexistent-dir/c.sqlite', join(file, 'c.sqlite')]) {
        const r = build(db);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/^dominosa: cannot create catalog/);
      }
      expect(readdirSync(dir).filter((f) => f.startsWith('c.sqlite'))).toEqual([]);
    });

    it('leaves a file that is not a catalog untouched', () => {
      const db = path('not-a-catalog');
      writeFileSync(db, 'hello, not a database\n'.repeat(100));
      const before = readFileSync(db);
      const r = build(db);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/not a SQLite database/);
      expect(readFileSync(db)).toEqual(before);
    });
  });
});
