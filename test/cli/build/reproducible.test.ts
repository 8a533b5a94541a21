// A rebuilt catalog is byte-identical: with SOURCE_DATE_EPOCH set every time stamp a writer puts
// in the file (meta created_at, a build's start and finish) is that time, and its close rewrites
// the file canonically, so two builds of the same options (other --jobs, other batches, another
// process) write the same bytes; a SOURCE_DATE_EPOCH no time can be made of is refused before any
// file is made. The value's reading itself: sourceDateError.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDateError, timeStamp } from '../../../pipeline/runtime/source-date.js';
import { query } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';

const EPOCH = '1767225600';
const STAMP = '2026-01-01T00:00:00.000Z';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-reproducible-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Both kinds' small builds into `db`, each with the extra options given (worker threads, batch size). */
function buildBoth(db: string, extra: string[], env: Record<string, string | undefined>): void {
  for (const kind of [
    ['--sizes', '3,4', '--per-tier', '2', '--variants', '1'],
    ['--kind', 'sudomino', '--sizes', '6x6:4', '--per-tier', '1', '--variants', '1'],
  ]) {
    const r = cli(['build', ...kind, ...extra, '--db', db], { env });
    expect(r.code, r.stderr).toBe(0);
  }
}

describe('SOURCE_DATE_EPOCH', () => {
  it('makes two builds of the same options the same bytes, every time stamp its time', () => {
    const a = join(dir, 'a.sqlite');
    const b = join(dir, 'b.sqlite');
    buildBoth(a, ['--jobs', '1', '--batch-size', '1'], { SOURCE_DATE_EPOCH: EPOCH });
    buildBoth(b, ['--jobs', '2'], { SOURCE_DATE_EPOCH: EPOCH });
    expect(query<{ value: string }>(a, "SELECT value FROM meta WHERE key = 'created_at'")).toEqual([{ value: STAMP }]);
    const builds = query<{ started_at: string; finished_at: string }>(a, 'SELECT started_at, finished_at FROM builds');
    expect(builds).toEqual([
      { started_at: STAMP, finished_at: STAMP },
      { started_at: STAMP, finished_at: STAMP },
    ]);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    // One file each, no copy left beside it; and the catalog is whole.
    expect(readdirSync(dir).sort()).toEqual(['a.sqlite', 'b.sqlite']);
    const audit = cli(['audit', '--db', a]);
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
  });

  it('refuses a value no time can be made of, in one line, before any file is made', () => {
    for (const bad of ['', 'now', '-1', '1.5', '99999999999999']) {
      const db = join(dir, 'bad.sqlite');
      const r = cli(['build', '--sizes', '3', '--per-tier', '1', '--db', db], { env: { SOURCE_DATE_EPOCH: bad } });
      expect([r.code, r.stderr]).toEqual([
        2,
        `dominosa: SOURCE_DATE_EPOCH is ${JSON.stringify(bad)}: set it to whole seconds since 1970-01-01 UTC (as date +%s prints them), or unset it\n`,
      ]);
      expect(existsSync(db)).toBe(false);
    }
  });

  it('reads whole seconds up to the year 9999 and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799 }), (s) => {
        expect(sourceDateError(String(s))).toBeNull();
        expect(timeStamp({ SOURCE_DATE_EPOCH: String(s) })).toBe(new Date(s * 1000).toISOString());
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(sourceDateError(text) === null).toBe(/^\d+$/.test(text) && Number(text) <= 253_402_300_799);
      }),
    );
    expect(sourceDateError(undefined)).toBeNull();
  });
});
