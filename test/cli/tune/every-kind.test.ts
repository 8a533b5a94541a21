// `dominosa tune`, what it does alike for every kind: one body run over the registered kinds, on
// catalogs of every kind (test/helpers/every-kind.ts): each size of the kind reported with nothing
// changed, sizes it does not hold or of another kind refused, a catalog holding none of it said so,
// and --apply writing the cuts proposed to the catalog and to the thresholds file, which read back,
// re-tiering the kind's rows by them alone. What only one kind does is in dominosa.test.ts and
// sudomino.test.ts.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTiersFile } from '../../../pipeline/build/thresholds.js';
import type { PuzzleRow } from '../../../pipeline/catalog/catalog.js';
import { runTune } from '../../../pipeline/tune/tune.js';
import { allKinds } from '../../../src/kinds.js';
import { copyCatalog, query } from '../../helpers/catalog.js';
import { cli, DATA } from '../../helpers/cli.js';
import { catalogOfEveryKind, rowsOf } from '../../helpers/every-kind.js';
import { choicesIn } from '../../helpers/kind-boards.js';

let dir: string;
/** Rows of every kind as their builds make them; and rows whose tiers each kind's tune can cut apart. */
let mixed: string;
let tunable: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-tune-'));
  mixed = join(dir, 'every-kind.sqlite');
  catalogOfEveryKind(mixed);
  tunable = join(dir, 'tunable.sqlite');
  catalogOfEveryKind(tunable, { tunable: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

it('has catalog rows of every kind --kind offers', () => {
  const offered = choicesIn(cli(['tune', '--help']).stdout);
  expect(offered.length).toBeGreaterThan(1);
  for (const k of offered) expect(() => rowsOf(k), k).not.toThrow();
});

describe.each(allKinds().map((k) => [k.title, k] as const))('tune of %s', (_, kind) => {
  const tune = (args: string[]) => cli(['tune', '--kind', kind.name, ...args]);

  it('reports each size of the kind, and changes nothing without --apply', () => {
    const s = rowsOf(kind.name).sizes;
    const before = sha(mixed);
    const r = tune(['--db', mixed]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain(kind.sizes.label(s.held));
    expect(r.stdout).toMatch(/\nnothing changed; rerun with --apply[^\n]*\n$/);
    expect(sha(mixed)).toBe(before);
  });

  it("refuses a size the catalog does not hold and another kind's sizes, one line each, changing nothing", () => {
    const s = rowsOf(kind.name).sizes;
    const before = sha(mixed);
    const absent = tune(['--db', mixed, '--sizes', s.absent, '--apply']);
    expect([absent.code, absent.stderr]).toEqual([
      2,
      `dominosa: no base puzzles of size ${kind.sizes.label(s.absent)} in ${mixed} (it holds sizes ${s.holds})\n`,
    ]);
    for (const other of allKinds().filter((k) => k !== kind)) {
      const r = tune(['--db', mixed, '--sizes', rowsOf(other.name).sizes.held, '--apply']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^dominosa: --sizes: [^\n]*\n$/);
    }
    expect(sha(mixed)).toBe(before);
  });

  it('says so of a catalog that holds none of the kind', () => {
    const without = join(dir, `without-${kind.name}.sqlite`);
    catalogOfEveryKind(without, { except: kind.name });
    const r = tune(['--db', without]);
    expect([r.code, r.stderr]).toEqual([2, `dominosa: ${without} holds no ${kind.title} base puzzles to tune from\n`]);
  });

  it("--apply writes the cuts proposed to the catalog and the thresholds file, which read back; re-tiers the kind's bases and variants by them alone; passes audit; applied again, moves nothing", async () => {
    const rows = rowsOf(kind.name);
    const db = copyCatalog(tunable, join(dir, `t${n++}.sqlite`));
    const tiers = join(dir, `tiers${n++}.json`);
    copyFileSync(join(DATA, 'tiers.json'), tiers);
    const own = 'SELECT * FROM puzzles WHERE kind = ? ORDER BY id';
    const others = 'SELECT id, tier FROM puzzles WHERE kind != ? ORDER BY id';
    const before = new Map(query<PuzzleRow>(db, own, kind.name).map((p) => [p.id, p.tier]));
    const othersBefore = query(db, others, kind.name);
    const res = await runTune({ ...rows.tuneAsk, kind: kind.name, db, apply: true, tiersFile: tiers });
    expect(res.applied).toBe(true);
    expect(res.sizes.length).toBeGreaterThan(0);
    const file = readTiersFile(tiers);
    const after = query<PuzzleRow>(db, own, kind.name);
    const byId = new Map(after.map((p) => [p.id, p]));
    for (const size of res.sizes) {
      const current = query(
        db,
        'SELECT measure, t1, t2, t3, solver_version FROM thresholds WHERE build_id IS NULL AND kind = ? AND shape = ?',
        kind.name,
        size.key,
      );
      expect(current).toEqual([
        { measure: size.measure, ...size.proposed, solver_version: kind.tuning.referenceVersion },
      ]);
      expect(file !== null && rows.cutsIn(file, size.key, size.measure), size.key).toEqual(size.proposed);
      const rule = { measure: size.measure, th: size.proposed };
      for (const p of after.filter((x) => x.shape === size.key)) {
        const tier = p.base_id === null ? kind.tierOf(p, rule) : byId.get(p.base_id)?.tier;
        expect(p.tier, `puzzle ${p.id}`).toBe(tier);
      }
    }
    expect(res.retiered).toBe(after.filter((p) => before.get(p.id) !== p.tier).length);
    expect(query(db, others, kind.name)).toEqual(othersBefore);
    const audit = cli(['audit', '--db', db, '--jobs', '2']);
    expect(audit.stdout).toMatch(/all checks passed/);
    expect(audit.code).toBe(0);
    expect((await runTune({ ...rows.tuneAsk, kind: kind.name, db, apply: true })).retiered).toBe(0);
  });
});
