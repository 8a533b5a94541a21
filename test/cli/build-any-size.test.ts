// Any size builds: a size with no tier cuts in the catalog or the thresholds file is calibrated
// by the build (a sample of its boards, cut as tune would), recorded in the catalog's thresholds
// and announced in one line; the cuts depend only on the seed, the size and the options (not on
// --jobs); above M = 30 the build refuses, naming the remedy.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-anysize-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function thresholds(
  db: string,
): { build_id: number | null; m: number; measure: string; t1: number; t2: number; t3: number }[] {
  return query(
    db,
    'SELECT build_id, CAST(shape AS INTEGER) AS m, measure, t1, t2, t3 FROM thresholds ORDER BY IFNULL(build_id, 0), CAST(shape AS INTEGER)',
  ) as never;
}

/** The calibration's line: its sizes' cuts as announced. */
const CALIBRATED =
  /^dominosa: no grade cuts for M=10,11 in the catalog or .*: calibrated them from 100 sample slots per size \(seed 1\), as dominosa tune would, into .*: (M=10 \S+, M=11 \S+)$/m;

describe('a build of sizes the thresholds file has no cuts for', () => {
  it('calibrates them, records them in the catalog, says so in one line, and builds', () => {
    const db = join(dir, 'b.sqlite');
    const r = cli(['build', '--sizes', '10..12', '--per-tier', '5', '--variants', '0', '--jobs', '2', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const said = CALIBRATED.exec(r.stderr);
    expect(said, r.stderr).not.toBeNull();
    const current = thresholds(db).filter((t) => t.build_id === null);
    expect(current.map((t) => t.m)).toEqual([10, 11, 12]);
    expect(current.every((t) => t.measure === 'grade' && t.t1 < t.t2 && t.t2 < t.t3)).toBe(true);
    // The line names the cuts the catalog holds.
    expect(said![1]).toBe(
      current
        .slice(0, 2)
        .map((t) => `M=${t.m} ${t.t1}/${t.t2}/${t.t3}`)
        .join(', '),
    );

    // Resuming (here: re-checking) reads the catalog's own cuts: no second calibration.
    const again = cli(['build', '--sizes', '10..12', '--per-tier', '5', '--variants', '0', '--jobs', '2', '--db', db]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/calibrated/);
    expect(again.stderr).toMatch(/already finished/);

    // Another worker count calibrates the same cuts (a dry run: it samples, and writes nothing).
    const other = join(dir, 'other.sqlite');
    const dry = cli([
      'build',
      '--sizes',
      '10..12',
      '--per-tier',
      '5',
      '--variants',
      '0',
      '--jobs',
      '1',
      '--db',
      other,
      '--dry-run',
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(CALIBRATED.exec(dry.stderr)?.[1]).toBe(said![1]);
    expect(existsSync(other)).toBe(false);
  });

  it('above M = 30 refuses in one line that names the remedy, and writes nothing', () => {
    const db = join(dir, 'big.sqlite');
    const r = cli(['build', '--sizes', '40', '--per-tier', '1', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /no grade cuts for M=40 .* calibrates them only up to M=30 .*sample-cuts\.js --sizes 40 .*--thresholds/,
    );
    expect(existsSync(db)).toBe(false);
  });

  it('refused by a catalog that holds another build, says the refusal alone, in one line, and writes nothing', () => {
    const db = join(dir, 'held.sqlite');
    const first = cli(['build', '--sizes', '3', '--per-tier', '1', '--variants', '0', '--db', db]);
    expect(first.code, first.stderr).toBe(0);
    const before = readFileSync(db);
    // M = 2 has no cuts: it is calibrated (reading only) before the catalog's build refuses it.
    const r = cli(['build', '--sizes', '2', '--per-tier', '1', '--variants', '0', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^dominosa: \S+ holds another build \(build 1\), and this one differs in --sizes 2 \(the catalog's: 3\): rerun with the catalog's options to resume or check it, or add --extend to add this build's puzzles to it\n$/,
    );
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});
