// `dominosa export --format web` on the command line: a pack of 100 M = 9 puzzles from the
// shipped catalog within 1 MB, and the refusals (an empty selection, an existing file) in one
// line with nothing written. The page itself is tested in a browser in test/pipeline/web/.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, DATA } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dominosa-export-web-'));
const DB = join(DATA, 'catalog.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dominosa export --format web', () => {
  it('writes 100 M = 9 puzzles in at most 1 MB', () => {
    const out = join(dir, 'm9.html');
    const r = cli(['export', '--db', DB, '--format', 'web', '--sizes', '9', '--count', '100', '--out', out]);
    expect(r.stderr).toBe(`dominosa: wrote 100 puzzles to ${out}\n`);
    expect(r.code).toBe(0);
    const bytes = statSync(out).size;
    expect(bytes).toBeGreaterThan(100 * 1000);
    expect(bytes).toBeLessThanOrEqual(1_000_000);
  });

  it('refuses an empty selection and an existing file in one line, exit 2, writing nothing', () => {
    const out = join(dir, 'none.html');
    const empty = cli(['export', '--db', DB, '--format', 'web', '--sizes', '13', '--out', out]);
    expect(empty.code).toBe(2);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
    expect(empty.stderr).toMatch(/no puzzles match --sizes 13/);
    expect(existsSync(out)).toBe(false);
    const again = cli([
      'export',
      '--db',
      DB,
      '--format',
      'web',
      '--sizes',
      '3',
      '--count',
      '1',
      '--out',
      join(dir, 'm9.html'),
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists; use --force/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
