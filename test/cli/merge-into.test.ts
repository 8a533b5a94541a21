// Merging shards into a catalog that already holds builds: merge takes exactly the builds that
// `build` would add to that catalog (one of a kind it does not hold yet, its own build again, and
// with --extend another of a kind it holds) and the result equals building the same into it
// directly: puzzle rows and ids, slots, thresholds and the build row as the build writes them.
// What build would refuse, or what the shards cannot reproduce (other cuts), is refused in one
// line and leaves the catalog as it was.
import { copyFileSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dumpCatalog, editAndReseal, freshCatalogs } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

const fresh = freshCatalogs();

function run(args: string[]): void {
  const r = cli(args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
}

/** A catalog holding the builds `builds` make, one after another (each a build command line without --db). */
function catalogOf(builds: readonly string[][]): string {
  const path = fresh();
  for (const b of builds) run(['build', '--jobs', '1', ...b, '--db', path]);
  return path;
}

/** The shards 0..n-1 of the build `opts`, each in a catalog of its own. */
function shardsOf(opts: readonly string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const path = fresh();
    run(['build', '--jobs', '1', ...opts, '--shard', `${i}/${n}`, '--db', path]);
    return path;
  });
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

const DOMINOSA = ['--sizes', '3', '--per-tier', '1', '--variants', '0'];
const SUDOMINO = ['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '1', '--variants', '1'];

// What the catalog holds first, the build merged into it (as shards), how many shards, and whether
// both the build and the merge are told --extend.
const CASES: [what: string, held: string[][], build: string[], shards: number, extend: boolean][] = [
  [
    'Sudomino shards into a catalog of Dominosa alone',
    [DOMINOSA],
    ['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '2', '--variants', '1'],
    2,
    false,
  ],
  [
    'Dominosa shards into a catalog of Sudomino alone',
    [SUDOMINO],
    ['--sizes', '3,4', '--per-tier', '2', '--variants', '1'],
    3,
    false,
  ],
  [
    'a second Sudomino build of the same seed (its first slots are the catalog’s classes again)',
    [DOMINOSA, SUDOMINO],
    ['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '2', '--variants', '1'],
    2,
    true,
  ],
  [
    'a second Dominosa build of another seed, over a size held and a new one',
    [['--sizes', '3,4', '--per-tier', '2', '--variants', '1']],
    ['--sizes', '4,5', '--per-tier', '3', '--variants', '1', '--seed', '2'],
    3,
    true,
  ],
  [
    'a second build whose tiers the catalog already fills',
    [['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '2', '--variants', '0']],
    ['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '1', '--variants', '0', '--seed', '2'],
    2,
    true,
  ],
];

describe('merge into a catalog that holds other builds', () => {
  for (const [what, held, opts, n, extend] of CASES) {
    it(`${what}: equals building it there directly, and merging again changes nothing`, () => {
      const start = catalogOf(held);
      const extra = extend ? ['--extend'] : [];
      const direct = fresh();
      copyFileSync(start, direct);
      run(['build', '--jobs', '1', ...opts, ...extra, '--db', direct]);
      const merged = fresh();
      copyFileSync(start, merged);
      const shards = shardsOf(opts, n);
      const r = cli(['merge', merged, ...shards, ...extra]);
      expect(r.stderr).toMatch(/^dominosa: merged \d+ shards/);
      expect(r.code).toBe(0);
      const want = dumpCatalog(direct);
      const got = dumpCatalog(merged);
      expect(got.integrity).toBe('ok');
      expect(got.builds.length).toBe(held.length + 1);
      expect(got).toEqual(want);
      const again = cli(['merge', merged, ...shards.reverse(), ...extra]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/, 0 new puzzle rows\)/);
      expect(dumpCatalog(merged)).toEqual(want);
    });
  }

  it('the merged catalog of both kinds passes audit', () => {
    const out = catalogOf([DOMINOSA]);
    const shards = shardsOf(['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '2', '--variants', '1'], 2);
    expect(cli(['merge', out, ...shards]).code).toBe(0);
    const a = cli(['audit', '--db', out, '--jobs', '1']);
    expect(a.code, a.stdout + a.stderr).toBe(0);
  });
});

describe('merge refuses what build would not add, in one line, changing nothing', () => {
  it('another build of a kind the catalog holds, without --extend, as build refuses it', () => {
    const out = catalogOf([SUDOMINO]);
    const other = [...SUDOMINO.slice(0, -4), '--per-tier', '2', '--variants', '1', '--seed', '2'];
    const refusedBuild = cli(['build', ...other, '--db', out]);
    expect(refusedBuild.code).toBe(2);
    const before = sha(out);
    const r = cli(['merge', out, ...shardsOf(other, 2)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/holds another Sudomino build .*add --extend/i);
    expect(sha(out)).toBe(before);
  });

  it("shards whose board at a seed and slot is another than the catalog's there (the same seed, another method)", () => {
    const out = catalogOf([DOMINOSA]);
    const before = sha(out);
    const shards = shardsOf(['--sizes', '3', '--per-tier', '1', '--variants', '0', '--method', 'repair'], 1);
    const r = cli(['merge', out, ...shards, '--extend']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /puzzle \d+ \(seed 1, M=3 slot \d+\) is another board than .* build the shards with another --seed/,
    );
    expect(sha(out)).toBe(before);
  });

  it('shards tiered by other cuts than the catalog holds for their size', () => {
    const out = catalogOf([DOMINOSA]);
    editAndReseal(out, (d) =>
      d.prepare("UPDATE thresholds SET t3 = t3 + 1 WHERE kind = 'dominosa' AND shape = '3'").run(),
    );
    const before = sha(out);
    const r = cli([
      'merge',
      out,
      ...shardsOf(['--sizes', '3', '--per-tier', '2', '--variants', '0', '--seed', '2'], 2),
      '--extend',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/tiers M=3 by thresholds other than the shards'/);
    expect(sha(out)).toBe(before);
  });
});
