// Read-only use and machine faults (issue 14): the read-only verbs work on a catalog the user
// cannot write (another user's file, a read-only mount, a catalog left in WAL mode there) and
// leave no -wal/-shm beside it; migrate there, tune --apply on an immutable file and a build on a
// full disk are one line and a documented exit code, never exit 70. The cases need root
// (runuser, mount, chattr): elsewhere they are skipped, saying so; under CI=true they must run.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallCatalog, editCatalog, scalar } from '../helpers/catalog.js';
import { CLI } from '../helpers/cli.js';

const ROOT = process.getuid?.() === 0;
const RUN = ROOT || process.env.CI === 'true';
if (!RUN) console.warn('readonly.test: skipped: these cases need root (runuser, mount, chattr); required when CI=true');

let dir: string;
let db: string;
const mounts: string[] = [];

function run(args: string[], as?: string): { code: number | null; stdout: string; stderr: string } {
  const cmd =
    as === undefined ? [process.execPath, CLI, ...args] : ['runuser', '-u', as, '--', process.execPath, CLI, ...args];
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function sh(cmd: string, ...args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
}

/** A tmpfs holding a copy of the catalog (optionally in WAL mode), mounted read-only. */
function readOnlyMount(wal = false, size = '64m'): string {
  const m = mkdtempSync(join(dir, 'mnt-'));
  sh('mount', '-t', 'tmpfs', '-o', `size=${size}`, 'none', m);
  mounts.push(m);
  copyFileSync(db, join(m, 'c.sqlite'));
  if (wal) {
    editCatalog(join(m, 'c.sqlite'), (d) => d.pragma('journal_mode = WAL'));
  }
  sh('mount', '-o', 'remount,ro', m);
  return join(m, 'c.sqlite');
}

const sidecars = (path: string): string[] => readdirSync(join(path, '..')).filter((f) => /-(wal|shm|journal)$/.test(f));

function oneLine(r: { code: number | null; stderr: string }, code: number, msg: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(msg);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}

const READERS = [
  ['audit', '--jobs', '1'],
  ['export', '--format', 'jsonl'],
  ['tune', '--no-plot'],
];

describe.skipIf(!RUN)('read-only catalogs, as another user and on read-only mounts', () => {
  beforeAll(() => {
    expect(ROOT, 'these cases need root (runuser, mount, chattr)').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'dominosa-ro-'));
    chmodSync(dir, 0o755);
    db = join(dir, 'c.sqlite');
    buildSmallCatalog(db, '3');
    chmodSync(db, 0o644);
  });
  afterAll(() => {
    for (const m of mounts) spawnSync('umount', ['-l', m]);
    if (dir !== undefined) {
      spawnSync('chattr', ['-R', '-i', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a finished catalog is one file, in rollback-journal mode', () => {
    expect(sidecars(db)).toEqual([]);
    expect(scalar(db, 'PRAGMA journal_mode')).toBe('delete');
  });

  it('another user reads a root-owned catalog with every read-only verb, leaving nothing beside it', () => {
    for (const verb of READERS) {
      const r = run([verb[0], '--db', db, ...verb.slice(1)], 'nobody');
      expect(r.code, `${verb[0]}: ${r.stderr}`).toBe(0);
    }
    expect(sidecars(db)).toEqual([]);
  });

  it('every read-only verb works on a read-only mount, a catalog left in WAL mode too', () => {
    for (const wal of [false, true]) {
      const path = readOnlyMount(wal);
      for (const verb of READERS) {
        const r = run([verb[0], '--db', path, ...verb.slice(1)]);
        expect(r.code, `${verb[0]} (wal ${wal}): ${r.stderr}`).toBe(0);
      }
      expect(sidecars(path)).toEqual([]);
    }
  });

  it('migrate and tune --apply on a read-only mount are refused in one line, exit 2', () => {
    const path = readOnlyMount();
    oneLine(run(['migrate', '--db', path]), 2, /read-only file system/);
    oneLine(
      run(['tune', '--db', path, '--apply', '--no-plot']),
      2,
      /^dominosa: cannot write catalog .*read-only file system/,
    );
  });

  it('tune --apply on an immutable catalog is refused in one line, exit 2', () => {
    const path = join(dir, 'immutable.sqlite');
    copyFileSync(db, path);
    sh('chattr', '+i', path);
    try {
      oneLine(
        run(['tune', '--db', path, '--apply', '--no-plot']),
        2,
        /^dominosa: cannot write catalog .*immutable.sqlite: the file is immutable or permission denied/,
      );
    } finally {
      sh('chattr', '-i', path);
    }
  });

  it('a finished build in a folder the user cannot write: build and build --dry-run say it is finished, exit 0', () => {
    // The options buildSmallCatalog(db, '3') built with.
    const same = [
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '3',
      '--variants',
      '2',
      '--jobs',
      '2',
      '--tier-by',
      'nodes',
      '--db',
      db,
    ];
    const dry = run([...same, '--dry-run'], 'nobody');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/already holds this build, finished; nothing was built/);
    const plain = run(same, 'nobody');
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/already finished in .*nothing to do/);
    expect(sidecars(db)).toEqual([]);
  });

  it('a build that would write there says it cannot, and why, in one line naming --db and DOMINOSA_DB', () => {
    const other = [
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '4',
      '--variants',
      '2',
      '--jobs',
      '1',
      '--tier-by',
      'nodes',
      '--extend',
      '--db',
      db,
    ];
    for (const args of [other, [...other, '--dry-run']]) {
      oneLine(
        run(args, 'nobody'),
        2,
        /cannot write catalog .*c\.sqlite.*permission denied; name a writable catalog with --db FILE or the DOMINOSA_DB variable/,
      );
    }
    oneLine(
      run(['build', '--sizes', '3', '--db', join(dir, 'new.sqlite')], 'nobody'),
      2,
      /cannot create catalog .*new\.sqlite: .*permission denied; .*DOMINOSA_DB/,
    );
  });

  it('a build on a full disk stops in one line, exit 74, and resumes where there is room', () => {
    const m = mkdtempSync(join(dir, 'full-'));
    sh('mount', '-t', 'tmpfs', '-o', 'size=160k', 'none', m);
    mounts.push(m);
    const path = join(m, 'c.sqlite');
    const args = [
      'build',
      '--sizes',
      '4..5',
      '--per-tier',
      '20',
      '--variants',
      '2',
      '--jobs',
      '1',
      '--batch-size',
      '4',
    ];
    const r = run([...args, '--db', path]);
    oneLine(
      r,
      74,
      /(no space left on device|input\/output error).*committed slots are kept: free space and rerun the same command to resume/,
    );
    // Nothing committed is lost: a copy where there is room audits clean, and the same command resumes it.
    const moved = join(dir, 'resumed');
    mkdirSync(moved);
    for (const f of readdirSync(m)) copyFileSync(join(m, f), join(moved, f));
    const audit = run(['audit', '--db', join(moved, 'c.sqlite'), '--jobs', '1', '--json']);
    const report = JSON.parse(audit.stdout) as { failures: unknown[]; checked: number };
    expect(report.failures).toEqual([]);
    // A disk that filled before the first batch committed leaves no puzzle: audit says so, exit 1, no pass.
    expect(audit.code, audit.stderr).toBe(report.checked > 0 ? 0 : 1);
    const again = run([...args, '--db', join(moved, 'c.sqlite')]);
    expect([0, 1], again.stderr).toContain(again.code);
  });
});
