// Crash safety: a build killed (SIGKILL) at several random moments and then rerun to completion
// ends with exactly the catalog an uninterrupted build makes: intact, audited, no duplicates.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derive } from '../../src/rng.js';
import { dumpCatalog, type CatalogDump } from '../helpers/catalog.js';
import { CLI, cli } from '../helpers/cli.js';

const ARGS = ['--sizes', '3..7', '--per-tier', '6', '--variants', '2', '--jobs', '2', '--batch-size', '4', '--tier-by', 'nodes'];


/** Start a build and SIGKILL it after `ms` milliseconds (or let it end first). */
function buildKilledAfter(db: string, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'build', ...ARGS, '--db', db], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

let dir: string;
let whole: CatalogDump;
let wholeMs: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-crash-'));
  const t0 = Date.now();
  const r = cli(['build', ...ARGS, '--db', join(dir, 'whole.sqlite')]);
  wholeMs = Date.now() - t0;
  expect(r.code).toBe(0);
  whole = dumpCatalog(join(dir, 'whole.sqlite'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a build killed at random moments', () => {
  for (const trial of [1, 2, 3]) {
    it(`trial ${trial}: three SIGKILLs, then a rerun equals the uninterrupted build`, async () => {
      const db = join(dir, `killed-${trial}.sqlite`);
      // Kill points drawn from a seeded stream within the first half of an uninterrupted
      // build's running time (start-up included), so each kill lands before the build ends;
      // each rerun resumes from what the one before it committed.
      const rng = derive(2026, trial);
      let killed = 0;
      for (let k = 0; k < 3; k++) {
        const code = await buildKilledAfter(db, rng.int(100, Math.max(200, Math.floor(wholeMs / 2))));
        if (code === null) killed++;
      }
      expect(killed).toBeGreaterThan(0); // at least one kill landed before the build finished
      const last = cli(['build', ...ARGS, '--db', db]);
      expect(last.code).toBe(0);
      const after = dumpCatalog(db);
      expect(after.integrity).toBe('ok');
      expect(after.puzzles).toEqual(whole.puzzles);
      expect(after.slots).toEqual(whole.slots);
      const audit = cli(['audit', '--db', db, '--jobs', '2']);
      expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    });
  }
});
