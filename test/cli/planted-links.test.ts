// Files whose names dominosa chooses (migrate's backup and its -migrating file, tune's plots)
// are never written through a link someone planted at that name (issue 27, cases 6 and 7): the
// link is refused with one line, its target and the catalog are left as they were, and an
// existing backup or plot is never replaced silently.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallCatalog, copyCatalog } from '../helpers/catalog.js';
import { cli, FIXTURES } from '../helpers/cli.js';

const V2 = join(FIXTURES, 'catalogs', 'v2.sqlite');
const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

let dir: string;
let built: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-links-'));
  built = join(dir, 'built.sqlite');
  buildSmallCatalog(built, '3');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of its own per case, so that one case's files never meet another's. */
function room(): string {
  const d = join(dir, `case${n++}`);
  return mkdtempSync(d);
}

function oneLine(r: { code: number | null; stderr: string }, code: number, msg: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(msg);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
}

/** A schema-2 catalog in a room of its own, and a file of the user's with a link to it planted at `old + suffix`. */
function plantedBeside(suffix: string): { d: string; old: string; victim: string } {
  const d = room();
  const old = join(d, 'old.sqlite');
  copyFileSync(V2, old);
  const victim = join(d, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  symlinkSync(victim, `${old}${suffix}`);
  return { d, old, victim };
}

describe('migrate: the backup is a file of its own', () => {
  it('refuses a link planted at the backup name; the victim and the catalog stay as they were', () => {
    const { d, old, victim } = plantedBeside('.v2.bak');
    const before = sha(old);
    oneLine(cli(['migrate', '--db', old]), 2, /old\.sqlite\.v2\.bak is a symbolic link.*nothing was changed/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(sha(old)).toBe(before);
    expect(readlinkSync(`${old}.v2.bak`)).toBe(victim);
    expect(readdirSync(d).sort()).toEqual(['old.sqlite', 'old.sqlite.v2.bak', 'victim.txt']);
  });

  it('creates no file through a dangling link at the backup name', () => {
    const d = room();
    const old = join(d, 'old.sqlite');
    copyFileSync(V2, old);
    const target = join(d, 'made-through-link');
    symlinkSync(target, `${old}.v2.bak`);
    oneLine(cli(['migrate', '--db', old]), 2, /is a symbolic link/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a link planted at the -migrating name', () => {
    const { old, victim } = plantedBeside('.migrating');
    const r = cli(['migrate', '--db', old]);
    oneLine(r, 2, /old\.sqlite\.migrating is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('never overwrites an existing backup: it is refused before any work, and migrating without one still works', () => {
    const d = room();
    const old = join(d, 'old.sqlite');
    copyFileSync(V2, old);
    writeFileSync(`${old}.v2.bak`, 'an earlier backup\n');
    const before = sha(old);
    oneLine(cli(['migrate', '--db', old]), 2, /old\.sqlite\.v2\.bak already exists.*--no-backup/);
    expect(readFileSync(`${old}.v2.bak`, 'utf8')).toBe('an earlier backup\n');
    expect(sha(old)).toBe(before);
    const r = cli(['migrate', '--db', old, '--no-backup']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(`${old}.v2.bak`, 'utf8')).toBe('an earlier backup\n');
  });

  it('writes a backup byte-equal to the old catalog as a regular file', () => {
    const d = room();
    const old = join(d, 'old.sqlite');
    copyFileSync(V2, old);
    const before = sha(old);
    const r = cli(['migrate', '--db', old]);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(`${old}.v2.bak`).isFile()).toBe(true);
    expect(sha(`${old}.v2.bak`)).toBe(before);
    expect(readdirSync(d).sort()).toEqual(['old.sqlite', 'old.sqlite.v2.bak']);
  });
});

describe('tune: plots only when asked, never through a link', () => {
  it('plain tune writes no file at all, even with a link planted at the plot name', () => {
    const d = room();
    const c = copyCatalog(built, join(d, 'c.sqlite'));
    const victim = join(d, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${c}.tune-M3.svg`);
    const before = readdirSync(d).sort();
    const r = cli(['tune', '--db', c]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readdirSync(d).sort()).toEqual(before);
    expect(r.stdout).not.toMatch(/plot:/);
  });

  it('tune --plot refuses a link at the plot name, and writes no plot at all', () => {
    const d = room();
    const c = copyCatalog(built, join(d, 'c.sqlite'));
    const victim = join(d, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${c}.tune-M3.svg`);
    oneLine(cli(['tune', '--db', c, '--plot']), 2, /c\.sqlite\.tune-M3\.svg is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('tune --plot refuses to replace an earlier plot unless --force', () => {
    const d = room();
    const c = copyCatalog(built, join(d, 'c.sqlite'));
    const first = cli(['tune', '--db', c, '--plot']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`plot: ${c}.tune-M3.svg`);
    writeFileSync(`${c}.tune-M3.svg`, 'an earlier plot\n');
    oneLine(cli(['tune', '--db', c, '--plot']), 2, /tune-M3\.svg already exists.*--force/);
    expect(readFileSync(`${c}.tune-M3.svg`, 'utf8')).toBe('an earlier plot\n');
    const again = cli(['tune', '--db', c, '--plot', '--force']);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(`${c}.tune-M3.svg`, 'utf8')).toMatch(/^<svg /);
  });
});
