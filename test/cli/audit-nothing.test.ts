// No pass when nothing was checked: an audit whose selection (--kind, --sample, or the whole of
// an empty catalog) holds no puzzle says what the catalog lacks and exits 1, in its text and its
// JSON alike, and --record records nothing; the kind a catalog does hold still passes.
import { describe, expect, it, beforeAll } from 'vitest';
import { Catalog } from '../../pipeline/catalog/catalog.js';
import { buildSmallCatalog, freshCatalogs, query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';
import { addSudominoRows } from '../sudomino/catalog-rows.js';

const fresh = freshCatalogs();
const catalogs: Record<'dominosa' | 'sudomino' | 'empty', string> = { dominosa: '', sudomino: '', empty: '' };

beforeAll(() => {
  catalogs.dominosa = fresh();
  buildSmallCatalog(catalogs.dominosa, '3');
  catalogs.sudomino = fresh();
  addSudominoRows(catalogs.sudomino, { shape: '6x6:4', slots: 4, variants: 0 });
  catalogs.empty = fresh();
  Catalog.open(catalogs.empty, { verb: 'test', create: true }).close();
});

// Which catalog, the selection, and what the report says it lacks.
const NOTHING: [catalog: keyof typeof catalogs, args: string[], lacks: string][] = [
  ['dominosa', ['--kind', 'sudomino'], 'the catalog holds no Sudomino puzzles'],
  ['dominosa', ['--kind', 'sudomino', '--sample', '5', '--seed', '3'], 'the catalog holds no Sudomino puzzles'],
  ['sudomino', ['--kind', 'dominosa'], 'the catalog holds no Dominosa puzzles'],
  ['empty', [], 'the catalog holds no puzzles'],
  ['empty', ['--sample', '3'], 'the catalog holds no puzzles'],
  ['empty', ['--kind', 'dominosa'], 'the catalog holds no Dominosa puzzles'],
];

describe('an audit with nothing to check', () => {
  for (const [catalog, args, lacks] of NOTHING) {
    const what = `${catalog} catalog, ${args.join(' ') || 'no selection'}`;

    it(`${what}: says so, no pass, exit 1`, () => {
      const r = cli(['audit', '--db', catalogs[catalog], '--jobs', '1', ...args]);
      expect(r.stdout).not.toMatch(/passed/);
      expect(r.stdout).toContain(`nothing checked: ${lacks}`);
      expect(r.stderr).toBe(`dominosa: audit found nothing to check: ${lacks}\n`);
      expect(r.code).toBe(1);
    });

    it(`${what}: the JSON report carries the same verdict`, () => {
      const r = cli(['audit', '--db', catalogs[catalog], '--jobs', '1', '--json', ...args]);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, checked: 0, nothingChecked: lacks, failures: [] });
      expect(r.code).toBe(1);
    });
  }

  it('--record on nothing records nothing: the catalog gains no verdicts table', () => {
    const r = cli(['audit', '--db', catalogs.dominosa, '--jobs', '1', '--record', '--kind', 'sudomino', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, recorded: 0, notRecorded: 'nothing was checked' });
    expect(r.code).toBe(1);
    expect(query(catalogs.dominosa, "SELECT name FROM sqlite_master WHERE name = 'verdicts'")).toEqual([]);
  });

  it('the kind a catalog holds still passes, and its JSON carries no nothingChecked', () => {
    for (const kind of ['dominosa', 'sudomino'] as const) {
      const r = cli(['audit', '--db', catalogs[kind], '--jobs', '1', '--json', '--kind', kind]);
      const report = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(report.ok).toBe(true);
      expect(report).not.toHaveProperty('nothingChecked');
      expect(r.code).toBe(0);
    }
  });
});
