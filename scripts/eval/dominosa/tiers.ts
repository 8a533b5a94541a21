// A dev script: how a catalog's tiers sit on Simon Tatham's levels, as judged by the independent
// Tatham-like labeller (scripts/eval/dominosa/tatham-levels.ts). Prints the tier × level table of its
// base puzzles, for all sizes and per size, and the share of each tier on its own band's level.
//
//   node dist/scripts/eval/dominosa/tiers.js data/catalog.sqlite [--per-size]
import Database from 'better-sqlite3';
import { boardFromStored } from '../../../src/dominosa/stored.js';
import { TATHAM_NAMES } from '../../../src/dominosa/rank/bands.js';
import { TIERS, type Tier } from '../../../src/rank/tiers.js';
import { BEYOND_EXTREME, tathamLevel } from './tatham-levels.js';
import { TATHAM_LEVELS } from '../../../src/dominosa/grade/ladder.js';

const [path, ...rest] = process.argv.slice(2);
if (path === undefined) {
  process.stderr.write('usage: node dist/scripts/eval/dominosa/tiers.js CATALOG [--per-size]\n');
  process.exit(2);
}
const perSize = rest.includes('--per-size');
const db = new Database(path, { readonly: true, fileMustExist: true });
const rows = db
  .prepare(`SELECT m, rows, cols, tier, grid FROM puzzles WHERE kind = 'dominosa' AND base_id IS NULL ORDER BY m, id`)
  .all() as {
  m: number;
  rows: number;
  cols: number;
  tier: Tier;
  grid: string;
}[];
db.close();

const heads = [...'beyond'];
type Table = Map<Tier, number[]>;
const empty = (): Table => new Map(TIERS.map((t) => [t, new Array<number>(BEYOND_EXTREME).fill(0)]));
const all = empty();
const bySize = new Map<number, Table>();
for (const r of rows) {
  const b = boardFromStored(r.grid, r);
  if (!b.ok) throw new Error(`M=${r.m}: a stored grid does not parse`);
  const label = tathamLevel(b.value); // 1..4, or BEYOND_EXTREME
  if (!bySize.has(r.m)) bySize.set(r.m, empty());
  for (const t of [all, bySize.get(r.m)!]) t.get(r.tier)![label - 1]++;
}

function print(title: string, t: Table): void {
  process.stdout.write(
    `${title}\n| tier | ${heads.join(' | ')} | on its level |\n|---|${heads.map(() => '---|').join('')}---|\n`,
  );
  for (const tier of TIERS) {
    const row = t.get(tier)!;
    const n = row.reduce((a, b) => a + b, 0);
    const own = row[TATHAM_LEVELS.indexOf(TATHAM_NAMES[tier])];
    process.stdout.write(
      `| ${tier} | ${row.join(' | ')} | ${n === 0 ? '-' : `${own}/${n} (${((100 * own) / n).toFixed(0)}%)`} |\n`,
    );
  }
}
print(`${path}: ${rows.length} base puzzles, tier × Tatham level (scripts/eval/dominosa/tatham-levels.ts)`, all);
if (perSize) for (const [m, t] of bySize) print(`\nM=${m}`, t);
