// Catalogs for the tests of the catalog tools: a small real build made by the compiled CLI, and
// copies of it to tamper with (the main file and, if present, its write-ahead log).
import { copyFileSync, existsSync } from 'node:fs';
import { cli } from './cli.js';

/**
 * Build sizes 3..4, 3 bases per tier with 2 variants each (72 puzzles), tiered by the package's
 * data/tiers.json node cuts (--tier-by nodes, what these tools' tests were written for), into
 * `path`. Takes well under a second.
 */
export function buildSmallCatalog(path: string, sizes = '3..4', tierBy: 'nodes' | 'grade' = 'nodes'): void {
  const r = cli(['build', '--sizes', sizes, '--per-tier', '3', '--variants', '2', '--jobs', '2', '--tier-by', tierBy, '--db', path]);
  if (r.code !== 0) throw new Error(`building the test catalog failed (exit ${r.code}): ${r.stderr}`);
}

/** A byte copy of a closed catalog. */
export function copyCatalog(from: string, to: string): string {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
  return to;
}
