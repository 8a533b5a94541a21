// Where the catalog is (issue 28, §1), the same for every verb and from any folder: --db, else
// DOMINOSA_DB, else the package's own data/catalog.sqlite; --help shows the path it resolved. A
// catalog that cannot outlive the process (--db :memory:) is refused (issue 27, case 12), and
// one that cannot be written is one line naming --db and the variable.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, DATA } from '../helpers/cli.js';

const SHIPPED = join(DATA, 'catalog.sqlite');
let away: string;
beforeAll(() => {
  away = mkdtempSync(join(tmpdir(), 'dominosa-away-'));
});
afterAll(() => rmSync(away, { recursive: true, force: true }));

function oneLine(r: { code: number | null; stderr: string }, code: number, msg: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(msg);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
}

/** Run from a folder of its own, with DOMINOSA_DB as given (unset by default). */
const from = (args: string[], db?: string) => cli(args, { cwd: away, env: { DOMINOSA_DB: db } });

describe('the catalog from any folder', () => {
  it("export run from another folder finds the package's catalog, and writes its --out there", () => {
    expect(existsSync(SHIPPED), 'the package ships data/catalog.sqlite').toBe(true);
    const r = from(['export', '--format', 'jsonl', '--sizes', '3', '--count', '2', '--out', 'pack.jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(away)).toContain('pack.jsonl');
    expect(existsSync(join(away, 'data'))).toBe(false);
  });

  it('DOMINOSA_DB names the catalog for every verb, from any folder; --db wins over it', () => {
    const built = from(['build', '--sizes', '3', '--per-tier', '1', '--variants', '0', '--jobs', '1'], 'mine.sqlite');
    expect(built.code, built.stderr).toBe(0);
    expect(existsSync(join(away, 'mine.sqlite'))).toBe(true);
    const audit = from(['audit', '--jobs', '1', '--json'], 'mine.sqlite');
    expect(audit.code, audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout).puzzles).toBe(4);
    const missing = from(['export', '--format', 'jsonl', '--db', 'other.sqlite'], 'mine.sqlite');
    oneLine(missing, 2, /no catalog at other\.sqlite/);
  });

  it("--help shows the path it resolved: the package's own, or the variable's", () => {
    for (const verb of ['build', 'audit', 'export', 'tune', 'migrate']) {
      const own = from([verb, '--help']).stdout.replace(/\s+/g, ' ');
      expect(own, verb).toContain(`${SHIPPED}, the package's own`);
    }
    const named = from(['export', '--help'], '/some/where.sqlite').stdout.replace(/\s+/g, ' ');
    expect(named).toContain('/some/where.sqlite, from DOMINOSA_DB');
  });

  it('a catalog that cannot be created is one line naming --db and the variable', () => {
    const r = from(['build', '--sizes', '3', '--per-tier', '1', '--db', join(away, 'no', 'such', 'c.sqlite')]);
    oneLine(
      r,
      2,
      /^dominosa: cannot create catalog .*: the folder of .*such, does not exist; name a writable catalog with --db FILE or the DOMINOSA_DB variable$/m,
    );
    const env = from(['build', '--sizes', '3', '--per-tier', '1'], join(away, 'no', 'c.sqlite'));
    oneLine(
      env,
      2,
      /^dominosa: cannot create catalog .*: the folder of .* does not exist; .*the DOMINOSA_DB variable$/m,
    );
  });
});

describe('a catalog must outlive the process', () => {
  it('build --db :memory: (or a file: URI, or the variable saying so) is refused at once, exit 2, nothing made', () => {
    oneLine(
      from(['build', '--sizes', '3', '--per-tier', '1', '--db', ':memory:']),
      2,
      /--db ":memory:": SQLite keeps such a database in memory .*gone when dominosa exits/,
    );
    oneLine(
      from(['build', '--sizes', '3', '--per-tier', '1', '--db', 'file:x?mode=memory']),
      2,
      /SQLite keeps such a database/,
    );
    oneLine(from(['build', '--sizes', '3', '--per-tier', '1'], ':memory:'), 2, /DOMINOSA_DB ":memory:": SQLite keeps/);
    oneLine(
      from(['build', '--sizes', '3', '--per-tier', '1', '--dry-run'], ':memory:'),
      2,
      /DOMINOSA_DB ":memory:": SQLite keeps/,
    );
    expect(readdirSync(away).filter((f) => f.includes('memory'))).toEqual([]);
  });
});
