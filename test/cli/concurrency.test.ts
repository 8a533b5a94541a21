// Readers beside a writer: export and audit read a catalog while a build writes to it (WAL),
// without errors and without ever seeing half a batch (a base without all its variants).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cliAsync as run } from '../helpers/cli.js';

const VARIANTS = 2;
let dir: string;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('export and audit while a build writes', () => {
  it('read consistent snapshots, batch by batch', async () => {
    dir = mkdtempSync(join(tmpdir(), 'dominosa-conc-'));
    const db = join(dir, 'live.sqlite');
    // Create the catalog first so readers never race its creation.
    const first = spawnSync(process.execPath, [
      CLI,
      'build',
      '--sizes',
      '3',
      '--per-tier',
      '2',
      '--variants',
      `${VARIANTS}`,
      '--tier-by',
      'nodes',
      '--db',
      db,
    ]);
    expect(first.status).toBe(0);
    // Other options than the first build's: adding to the catalog is asked for (--extend).
    const build = run([
      'build',
      '--sizes',
      '3..9',
      '--per-tier',
      '40',
      '--variants',
      `${VARIANTS}`,
      '--jobs',
      '1',
      '--batch-size',
      '8',
      '--tier-by',
      'nodes',
      '--extend',
      '--db',
      db,
    ]);
    let finished = false;
    void build.then(() => (finished = true));
    let exports = 0;
    // Puzzles each export saw: whole batches only, in commit order.
    const seen: number[] = [];
    const sizesSeen = new Set<string>();
    while (!finished || exports === 0) {
      const [ex, au] = await Promise.all([
        run(['export', '--db', db, '--format', 'jsonl', '--include-variants']),
        run(['audit', '--db', db, '--sample', '40', '--jobs', '1']),
      ]);
      expect(ex.code, ex.stderr).toBe(0);
      expect(au.code, au.stdout + au.stderr).toBe(0);
      const puzzles = ex.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number; size: { key: string }; base_id: number | null });
      const variantsOf = new Map<number, number>();
      for (const p of puzzles) if (p.base_id !== null) variantsOf.set(p.base_id, (variantsOf.get(p.base_id) ?? 0) + 1);
      for (const p of puzzles) {
        sizesSeen.add(p.size.key);
        if (p.base_id === null) expect(variantsOf.get(p.id) ?? 0).toBe(VARIANTS);
      }
      seen.push(puzzles.length);
      exports++;
    }
    const b = await build;
    expect(b.code, b.stderr).toBe(0);
    expect(exports).toBeGreaterThan(1); // the readers really ran during the build
    // Some export saw the catalog part-built, and no later snapshot held fewer puzzles.
    const final = run(['export', '--db', db, '--format', 'jsonl', '--include-variants']);
    const total = (await final).stdout.trim().split('\n').length;
    expect(seen.some((n) => n < total)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    for (const n of seen) expect(n % (1 + VARIANTS)).toBe(0);
    expect(sizesSeen.size).toBeGreaterThan(1);
  }, 180_000);
});
