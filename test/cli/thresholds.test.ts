// One source of truth for thresholds (issue 14): a catalog carries its own cuts, a build of it
// tiers by them whatever the thresholds file says, tune --apply never writes the package's
// data/tiers.json, and a kill between tune's commit and its file write leaves a catalog that
// audits clean (the file is a copy, its leftover temp file cleaned by the next run).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallCatalog, copyCatalog, query } from '../helpers/catalog.js';
import { CLI, cli, DATA } from '../helpers/cli.js';

const PACKAGED = join(DATA, 'tiers.json');
const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

let dir: string;
let small: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-thresholds-'));
  small = join(dir, 'small.sqlite');
  buildSmallCatalog(small, '3');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const copy = (): string => copyCatalog(small, join(dir, `c${n++}.sqlite`));

function current(db: string, m: number): { t1: number; t2: number; t3: number } {
  return query<{ t1: number; t2: number; t3: number }>(
    db,
    'SELECT t1, t2, t3 FROM thresholds WHERE build_id IS NULL AND shape = ?',
    String(m),
  )[0];
}

const TUNE = ['--sizes', '3', '--quantiles', '0.3,0.6,0.9', '--apply', '--no-plot'];
const auditOk = (db: string): void => {
  const a = cli(['audit', '--db', db, '--jobs', '2']);
  expect(a.code, a.stdout + a.stderr).toBe(0);
};

describe('thresholds live in the catalog', () => {
  it("tune --apply writes the catalog alone by default, never the package's data/tiers.json", () => {
    const db = copy();
    const before = sha(PACKAGED);
    const was = current(db, 3);
    const r = cli(['tune', '--db', db, ...TUNE]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`applied: thresholds written to ${db}; `));
    expect(sha(PACKAGED)).toBe(before);
    expect(current(db, 3)).not.toEqual(was);
    auditOk(db);
  });

  it('a build extending a tuned catalog keeps its cuts for the sizes it has, seeds new sizes from the file, and audits clean', () => {
    const db = copy();
    expect(cli(['tune', '--db', db, ...TUNE]).code).toBe(0);
    const tuned = current(db, 3);
    const r = cli([
      'build',
      '--sizes',
      '3,4',
      '--per-tier',
      '3',
      '--variants',
      '2',
      '--jobs',
      '2',
      '--tier-by',
      'nodes',
      '--extend',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(current(db, 3)).toEqual(tuned);
    const file = JSON.parse(readFileSync(PACKAGED, 'utf8')) as {
      sizes: Record<string, { t1: number; t2: number; t3: number }>;
    };
    expect(current(db, 4)).toEqual({ t1: file.sizes['4'].t1, t2: file.sizes['4'].t2, t3: file.sizes['4'].t3 });
    auditOk(db);
  });

  it('a thresholds file named on purpose that disagrees with the catalog is refused, changing nothing', () => {
    const db = copy();
    expect(cli(['tune', '--db', db, ...TUNE]).code).toBe(0);
    const before = sha(db);
    const r = cli([
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '3',
      '--variants',
      '2',
      '--tier-by',
      'nodes',
      '--thresholds',
      PACKAGED,
      '--extend',
      '--db',
      db,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has its own thresholds for M=3 .* a thresholds file only seeds a new catalog/);
    expect(sha(db)).toBe(before);
  });

  it('killed between the catalog commit and the tiers file: the catalog audits clean, the file is unchanged, the next run cleans the leftover', () => {
    const db = copy();
    const tiers = join(dir, `tiers${n++}.json`);
    copyFileSync(PACKAGED, tiers);
    const fileBefore = sha(tiers);
    const killed = spawnSync(process.execPath, [CLI, 'tune', '--db', db, ...TUNE, '--thresholds', tiers], {
      encoding: 'utf8',
      env: { ...process.env, DOMINOSA_FAULT: 'kill:output:before-rename' },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(sha(tiers)).toBe(fileBefore);
    const left = readdirSync(dir).filter((f) => f.startsWith(`${join(tiers).split('/').at(-1)}.tmp-`));
    expect(left).toHaveLength(1);
    // The catalog is at the new cuts, and its rows tiered by them.
    auditOk(db);
    const again = cli(['tune', '--db', db, ...TUNE, '--thresholds', tiers]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/note: removed .*\.tmp-\d+, left by an interrupted run/);
    expect(existsSync(join(dir, left[0]))).toBe(false);
    const written = JSON.parse(readFileSync(tiers, 'utf8')) as {
      sizes: Record<string, { t1: number; t2: number; t3: number }>;
    };
    const c = current(db, 3);
    expect({ t1: written.sizes['3'].t1, t2: written.sizes['3'].t2, t3: written.sizes['3'].t3 }).toEqual(c);
  });
});
