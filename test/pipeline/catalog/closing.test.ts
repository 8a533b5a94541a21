// Tests for a writer's close (pipeline/catalog/connection.ts): every writing verb copies the whole
// write-ahead log into the catalog and leaves it one file, or says why not. A disk that cannot
// take the closing checkpoint or the journal switch (the fault points `close-checkpoint` and
// `journal-mode`, and once a real full tmpfs) is exit 74 with one line, and migrate then mends the
// catalog; another process holding the file open keeps it in WAL mode, said in one line, exit 0.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallCatalog, editCatalog } from '../../helpers/catalog.js';
import { cli, FIXTURES } from '../../helpers/cli.js';

let dir: string;
let built: string;
let shards: string[];

/** A writer's command line on a fresh copy of what it writes into `db`. */
const WRITERS: Record<string, (db: string) => string[]> = {
  build: (db) => ['build', '--sizes', '3', '--per-tier', '1', '--variants', '0', '--jobs', '1', '--db', db],
  merge: (db) => ['merge', db, ...shards],
  migrate: (db) => {
    copyFileSync(join(FIXTURES, 'catalogs', 'v3.sqlite'), db);
    return ['migrate', '--db', db];
  },
  'tune --apply': (db) => {
    copyFileSync(built, db);
    return ['tune', '--db', db, '--apply', '--no-plot'];
  },
  'audit --record': (db) => {
    copyFileSync(built, db);
    return ['audit', '--db', db, '--jobs', '1', '--record'];
  },
};

const sidecars = (db: string): string[] =>
  readdirSync(join(db, '..')).filter((f) => f.startsWith(`${db.split('/').pop()}-`) && /-(wal|shm)$/.test(f));

function fresh(name: string): string {
  const d = mkdtempSync(join(dir, `${name.replace(/\W+/g, '-')}-`));
  return join(d, 'c.sqlite');
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-closing-'));
  built = join(dir, 'built.sqlite');
  buildSmallCatalog(built, '3');
  shards = [0, 1].map((i) => {
    const path = join(dir, `sh${i}.sqlite`);
    const r = cli(['build', '--sizes', '3', '--per-tier', '1', '--variants', '0', '--shard', `${i}/2`, '--db', path]);
    if (r.code !== 0) throw new Error(r.stderr);
    return path;
  });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a writer closing its catalog', () => {
  for (const [verb, args] of Object.entries(WRITERS)) {
    it(`${verb}: leaves one file when nothing holds it`, () => {
      const db = fresh(verb);
      const r = cli(args(db));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/WAL mode/);
      expect(sidecars(db)).toEqual([]);
    });

    for (const point of ['close-checkpoint', 'journal-mode']) {
      it(`${verb}: a full disk at ${point} is exit 74 in one line, and migrate mends the catalog`, () => {
        const db = fresh(`${verb}-${point}`);
        const r = cli(args(db), { env: { DOMINOSA_FAULT: `enospc:${point}` } });
        expect(r.code, r.stderr).toBe(74);
        // One line for the error (build's progress lines come before it).
        const lines = r.stderr.trim().split('\n');
        expect(lines.filter((l) => l.startsWith('dominosa:'))).toHaveLength(1);
        expect(lines.at(-1)).toMatch(/cannot finish writing .*: no space left on device; its rows are kept/);
        const mended = cli(['migrate', '--db', db]);
        expect(mended.code, mended.stderr).toBe(0);
        expect(sidecars(db)).toEqual([]);
        const audit = cli(['audit', '--db', db, '--jobs', '1']);
        expect(audit.code, audit.stdout + audit.stderr).toBe(0);
      });
    }
  }

  it('says in one line, exit 0, that another process holding the file keeps it in WAL mode', () => {
    const db = fresh('held');
    copyFileSync(built, db);
    // A reader of a catalog in WAL mode (a build stopped before its close) keeps it open.
    editCatalog(db, (d) => d.pragma('journal_mode = WAL'));
    const other = new Database(db, { readonly: true });
    try {
      other.prepare('SELECT COUNT(*) FROM puzzles').get();
      const r = cli(['tune', '--db', db, '--apply', '--no-plot']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^dominosa: .* stays in WAL mode \(another process has it open\): keep its -wal file/m);
    } finally {
      other.close();
    }
    expect(cli(['migrate', '--db', db]).code).toBe(0);
    expect(sidecars(db)).toEqual([]);
  });
});

const ROOT = process.getuid?.() === 0;

describe.skipIf(!ROOT)('on a real full disk', () => {
  it('merge into a nearly full tmpfs is exit 74, never a success with the rows in the -wal alone', () => {
    const mount = join(dir, 'full');
    mkdirSync(mount);
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=120k', 'tmpfs', mount], { encoding: 'utf8' });
    if (m.status !== 0) {
      console.warn(`closing.test: the tmpfs case is skipped: mount was refused (${m.stderr.trim()})`);
      return;
    }
    try {
      const big = [0, 1].map((i) => {
        const path = join(dir, `big${i}.sqlite`);
        const r = cli([
          ...['build', '--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '2', '--variants', '1'],
          ...['--shard', `${i}/2`, '--max-slots', '40', '--db', path],
        ]);
        if (r.code !== 0) throw new Error(r.stderr);
        return path;
      });
      const out = join(mount, 'm.sqlite');
      const r = cli(['merge', out, ...big]);
      expect(r.code, r.stderr).toBe(74);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/no space left on device/);
      expect(existsSync(out)).toBe(true);
    } finally {
      spawnSync('umount', [mount]);
    }
  });
});
