// Crash safety: a build killed (SIGKILL) at several seeded moments and then rerun to completion
// ends with exactly the catalog an uninterrupted build makes: intact, audited, no duplicates.
// The moments are fault points (a worker starting a slot, a commit holding a slot's rows in its
// open transaction), so where each kill lands does not depend on the machine's speed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derive } from '../../src/rng.js';
import { dumpCatalog, type CatalogDump } from '../helpers/catalog.js';
import { CLI, cli } from '../helpers/cli.js';

const ARGS = [
  '--sizes',
  '3..7',
  '--per-tier',
  '6',
  '--variants',
  '2',
  '--jobs',
  '2',
  '--batch-size',
  '4',
  '--tier-by',
  'nodes',
];

/** Run a build with DOMINOSA_FAULT=kill:POINT; its exit code (null when the kill landed). */
function buildKilledAt(db: string, point: string): number | null {
  const env = { ...process.env, DOMINOSA_FAULT: `kill:${point}` };
  return spawnSync(process.execPath, [CLI, 'build', ...ARGS, '--db', db], { stdio: 'ignore', env }).status;
}

let dir: string;
let whole: CatalogDump;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-crash-'));
  const r = cli(['build', ...ARGS, '--db', join(dir, 'whole.sqlite')]);
  expect(r.code).toBe(0);
  whole = dumpCatalog(join(dir, 'whole.sqlite'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a build killed at seeded moments', () => {
  for (const trial of [1, 2, 3]) {
    it(`trial ${trial}: three SIGKILLs, then a rerun equals the uninterrupted build`, () => {
      const db = join(dir, `killed-${trial}.sqlite`);
      // One kill in each of M = 4, 5 and 6, at a slot or a commit drawn from a seeded stream.
      // Slots are decided in order, size after size, and each size needs at least 24 of them
      // (four tiers of six), so no kill's slot was committed by the run before it: each lands.
      const rng = derive(2026, trial);
      const points = [4, 5, 6].map((m) => `${rng.int(0, 1) === 0 ? 'slot' : 'commit'}:${m}:${rng.int(0, 23)}`);
      expect(
        points.map((p) => buildKilledAt(db, p)),
        points.join(' '),
      ).toEqual([null, null, null]);
      expect(dumpCatalog(db).slots.length).toBeGreaterThan(0);
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
