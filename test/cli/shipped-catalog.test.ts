// CI's audit of the catalog the package ships: data/catalog.sqlite is committed (made by
// `npm start`), and must pass every check of `dominosa audit` (its speed is measured by
// npm run bench).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, DATA } from '../helpers/cli.js';

const SHIPPED = join(DATA, 'catalog.sqlite');

describe('the shipped catalog', () => {
  it('passes dominosa audit --jobs 2', () => {
    if (!existsSync(SHIPPED)) {
      throw new Error(`${SHIPPED} is missing: build it first (node dist/scripts/cli.js build), then rerun the tests`);
    }
    const r = cli(['audit', '--db', SHIPPED, '--jobs', '2', '--json']);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { ok: boolean; checked: number; puzzles: number; failures: unknown[] };
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checked).toBe(report.puzzles);
    expect(report.checked).toBeGreaterThan(0);
    expect(r.code).toBe(0);
  });
});
