// Outputs that cannot clobber, and faults as one line (issue 14): --out writes regular files
// only (never a device, FIFO, directory or any path that resolves to an input), a killed export's
// temp file is cleaned by the next run, one stopped by SIGTERM mid-write removes its own, merge refuses an OUT that is a link to a shard; a full
// stdout, a closed stderr, an absurd --sizes or --time-limit and a deeply nested id are each one line
// and a documented exit code, never a trace or exit 70. Cases that need root fail under CI.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSmallCatalog, query } from '../helpers/catalog.js';
import { CLI, cli } from '../helpers/cli.js';

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');
const ROOT = process.getuid?.() === 0;
const CI = process.env.CI === 'true';
if (!ROOT && !CI)
  console.warn('outputs.test: the device-node case is skipped: mknod needs root (required when CI=true)');

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-outputs-'));
  db = join(dir, 'small.sqlite');
  buildSmallCatalog(db, '3');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exportTo = (out: string, ...extra: string[]) =>
  cli(['export', '--db', db, '--format', 'jsonl', '--out', out, '--force', ...extra]);

function oneLine(r: { code: number | null; stderr: string }, code: number, msg: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(msg);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}

describe('--out writes regular files only', () => {
  it('refuses a FIFO and a directory, leaving them as they were', () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    oneLine(exportTo(fifo), 2, /--out .*fifo is a FIFO; dominosa writes regular files only/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    oneLine(exportTo(sub), 2, /is a directory; dominosa writes regular files only/);
  });

  it.skipIf(!ROOT && !CI)('refuses a device, as root too (it used to replace /dev/full with the pack)', () => {
    expect(ROOT, 'this case needs root to make a device node').toBe(true);
    const dev = join(dir, 'full');
    expect(spawnSync('mknod', [dev, 'c', '1', '7']).status).toBe(0);
    oneLine(exportTo(dev), 2, /is a character device; dominosa writes regular files only/);
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);
  });

  it('refuses the catalog itself, by name, through a symbolic link and through a hard link, changing nothing', () => {
    const before = sha(db);
    const link = join(dir, 'to-db');
    symlinkSync(db, link);
    const hard = join(dir, 'hard-db');
    linkSync(db, hard);
    oneLine(exportTo(db), 2, /--out .* is .*small\.sqlite, an input of this command; write somewhere else/);
    oneLine(exportTo(link), 2, /\(it resolves to it\), an input of this command/);
    oneLine(exportTo(hard), 2, /an input of this command/);
    expect(sha(db)).toBe(before);
  });

  it('writes through a link to a regular file (the link stays) and refuses a link to nothing', () => {
    const target = join(dir, 'target.jsonl');
    writeFileSync(target, 'old\n');
    const link = join(dir, 'link.jsonl');
    symlinkSync(target, link);
    const r = exportTo(link);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/^\{"kind":"dominosa","id":/);
    const dangling = join(dir, 'dangling.jsonl');
    symlinkSync(join(dir, 'nowhere.jsonl'), dangling);
    oneLine(exportTo(dangling), 2, /is a symbolic link to a file that does not exist/);
    expect(existsSync(join(dir, 'nowhere.jsonl'))).toBe(false);
  });

  it('a pdf export killed before its rename leaves a temp file that the next export removes, and names', () => {
    const out = join(dir, 'book.pdf');
    const killed = spawnSync(process.execPath, [CLI, 'export', '--db', db, '--format', 'pdf', '--out', out], {
      env: { ...process.env, DOMINOSA_FAULT: 'kill:output:before-rename' },
    });
    expect(killed.signal).toBe('SIGKILL');
    const left = readdirSync(dir).filter((f) => f.startsWith('book.pdf.tmp-'));
    expect(left).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    const again = cli(['export', '--db', db, '--format', 'pdf', '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/note: removed .*book\.pdf\.tmp-\d+, left by an interrupted run/);
    expect(readdirSync(dir).filter((f) => f.startsWith('book.pdf.tmp-'))).toEqual([]);
  });

  /** Run the CLI with a stall fault at `point`; resolves once it has stalled there. */
  async function stalledAt(
    point: string,
    args: string[],
  ): Promise<{ kill: (s: NodeJS.Signals) => Promise<number | null>; stderr: () => string }> {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DOMINOSA_FAULT: `stall:${point}` },
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes(`stalled at ${point}`)) resolve();
      });
    });
    return {
      kill: (signal) => {
        child.kill(signal);
        return exited;
      },
      stderr: () => stderr,
    };
  }

  it('an export stopped by SIGTERM while its temp file is open removes it and writes nothing (exit 130)', async () => {
    const out = join(dir, 'term.jsonl');
    const run = await stalledAt('output:filled', ['export', '--db', db, '--format', 'jsonl', '--out', out]);
    // Caught with every row in its temp file, before the rename.
    expect(readdirSync(dir).filter((f) => f.startsWith('term.jsonl.tmp-'))).toHaveLength(1);
    expect(await run.kill('SIGTERM')).toBe(130);
    expect(run.stderr()).toMatch(/dominosa: stopped by SIGTERM; nothing was written\n$/);
    expect(readdirSync(dir).filter((f) => f.startsWith('term.jsonl'))).toEqual([]);
  });

  it('a pdf with a 100,000-character --name reaches its page loop, and SIGINT there stops it (exit 130, no file)', async () => {
    const out = join(dir, 'long.pdf');
    // Fitting the title cut one character at a time once took minutes here; the stall proves
    // the title page was drawn, and that the page loop hands signals a turn.
    const run = await stalledAt('pdf:page', [
      'export',
      '--db',
      db,
      '--format',
      'pdf',
      '--name',
      'Dominosa '.repeat(11_112),
      '--out',
      out,
    ]);
    expect(await run.kill('SIGINT')).toBe(130);
    expect(run.stderr()).toMatch(/dominosa: stopped by SIGINT; nothing was written\n$/);
    expect(readdirSync(dir).filter((f) => f.startsWith('long.pdf'))).toEqual([]);
  });

  it('generate --out says what it wrote in one line, as export does; to stdout it adds nothing', () => {
    const out = join(dir, 'gen.jsonl');
    const r = cli(['generate', '--sizes', '3', '--count', '2', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`dominosa: wrote 2 puzzles to ${out}\n`);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(2);
    const std = cli(['generate', '--sizes', '3', '--count', '1']);
    expect(std.code).toBe(0);
    expect(std.stderr).toBe('');
  });

  it('solve, grade and generate --out follow the same rules as export --out (one module writes them all)', () => {
    const boards = join(dir, 'boards.txt');
    const made = cli(['generate', '--sizes', '3', '--count', '2', '--format', 'text', '--out', boards]);
    expect(made.code, made.stderr).toBe(0);
    const before = sha(boards);
    // Its own input, by name or through a link: refused, the input unchanged.
    const toInput = join(dir, 'to-boards');
    symlinkSync(boards, toInput);
    for (const verb of ['solve', 'grade']) {
      oneLine(
        cli([verb, boards, '--out', boards, '--force']),
        2,
        /boards\.txt is .*boards\.txt, an input of this command/,
      );
      oneLine(cli([verb, boards, '--out', toInput, '--force']), 2, /\(it resolves to it\), an input of this command/);
    }
    expect(sha(boards)).toBe(before);
    // A link to nothing: refused, nothing created through it.
    const dangling = join(dir, 'dangling.txt');
    symlinkSync(join(dir, 'made-through.txt'), dangling);
    oneLine(cli(['solve', boards, '--out', dangling]), 2, /is a symbolic link to a file that does not exist/);
    oneLine(
      cli(['generate', '--sizes', '3', '--count', '1', '--out', dangling, '--force']),
      2,
      /is a symbolic link to a file that does not exist/,
    );
    expect(existsSync(join(dir, 'made-through.txt'))).toBe(false);
    // A link to a regular file is written through with --force, the link kept.
    const target = join(dir, 'solved.txt');
    writeFileSync(target, 'old\n');
    const link = join(dir, 'solved-link.txt');
    symlinkSync(target, link);
    const r = cli(['solve', boards, '--out', link, '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).not.toBe('old\n');
  });

  it('merge refuses an OUT that is a link to one of its shards, changing nothing', () => {
    const shard = join(dir, 'shard-0.sqlite');
    const b = cli([
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '1',
      '--variants',
      '1',
      '--jobs',
      '1',
      '--shard',
      '0/2',
      '--db',
      shard,
    ]);
    expect(b.code, b.stderr).toBe(0);
    const before = sha(shard);
    const out = join(dir, 'merged.sqlite');
    symlinkSync(shard, out);
    oneLine(
      cli(['merge', out, shard]),
      2,
      /the output .*merged\.sqlite is .*shard-0\.sqlite \(it resolves to it\), an input of this command/,
    );
    expect(sha(shard)).toBe(before);
  });
});

describe('faults are one line and an exit code', () => {
  it('a full standard output: exit 74 (export, audit --json)', () => {
    for (const args of [
      ['export', '--db', db, '--format', 'jsonl'],
      ['audit', '--db', db, '--jobs', '1', '--json'],
    ]) {
      const fd = openSync('/dev/full', 'w');
      try {
        const r = spawnSync(process.execPath, [CLI, ...args], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
        oneLine({ code: r.status, stderr: r.stderr }, 74, /^dominosa: .*no space left on device\n$/);
      } finally {
        closeSync(fd);
      }
    }
  });

  it('a closed stderr does not stop a build: it finishes', () => {
    const out = join(dir, 'epipe.sqlite');
    const r = spawnSync('sh', [
      '-c',
      `"${process.execPath}" "${CLI}" build --sizes 3 --per-tier 2 --variants 1 --jobs 1 --db "${out}" 2>&1 >/dev/null | head -c 1 >/dev/null`,
    ]);
    expect(r.status).toBe(0);
    expect(query(out, 'SELECT status FROM builds').map((b) => b.status)).toEqual(['finished']);
  });

  it('absurd sizes and budgets: refused at once, or honoured', () => {
    oneLine(
      cli(['build', '--sizes', '3..100000000', '--db', join(dir, 'never.sqlite')]),
      2,
      /--sizes: 100000000 is larger than the largest board size, M=998/,
    );
    oneLine(
      cli(['export', '--db', db, '--sizes', '3..100000']),
      2,
      /--sizes: 100000 is larger than the largest board size/,
    );
    expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
    // 2147484 s overflowed Node's 32-bit timer, which then fired at once.
    const r = cli([
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '1',
      '--variants',
      '1',
      '--jobs',
      '1',
      '--time-limit',
      '2147484',
      '--db',
      join(dir, 'long.sqlite'),
    ]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('an id nested 5,000 levels deep is bad input on its line, not a crash', () => {
    const id = '['.repeat(5000) + ']'.repeat(5000);
    const r = cli(['solve', '--input-format', 'jsonl'], { input: `{"id": ${id}, "grid": [[0, 0, 1], [0, 1, 1]]}\n` });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/nest more than 63 levels deep/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
