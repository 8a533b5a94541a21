// What only Sudomino's `dominosa tune --kind sudomino` does (what every kind does alike is
// every-kind.test.ts's), on catalogs of both kinds: it shows each shape's tiers, the median
// guardrail and the node ranges proposed; --apply writes them as grade ranges when every base lies
// in its tier's range, moving no row and keeping the thresholds file's other sections, and refuses,
// changing nothing, when the levels overlap in nodes; and it takes none of Dominosa's cuts' options.
import { copyFileSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTune } from '../../../pipeline/tune/tune.js';
import type { TunedSize } from '../../../src/sudomino/rank/tuning.js';
import { parseTierTable, TIERS, type Tier } from '../../../src/rank/tiers.js';
import { buildSmallCatalog, copyCatalog, expectUserError, freshCatalogs, query } from '../../helpers/catalog.js';
import { cli, DATA } from '../../helpers/cli.js';
import { rowsOf } from '../../helpers/every-kind.js';
import { addSudominoRows } from '../../sudomino/catalog-rows.js';

const fresh = freshCatalogs();
/** Sudomino's rows beside a Dominosa build: their tiers overlap in reference nodes, or lie apart. */
let overlapping = '';
let separable = '';
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(() => {
  overlapping = fresh();
  buildSmallCatalog(overlapping, '3');
  addSudominoRows(overlapping, { shape: '8x8:6', seed: 2, slots: 12, variants: 1 });
  separable = fresh();
  buildSmallCatalog(separable, '3');
  // Bases whose tiers' reference nodes do not overlap.
  rowsOf('sudomino').fillTunable(separable);
});

describe('tune --kind sudomino', () => {
  it('shows each shape: tiers on score and nodes, the guardrail, the ranges proposed', () => {
    const r = cli(['tune', '--kind', 'sudomino', '--db', overlapping]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sudomino 8x8:6: 12 base puzzles\n/);
    for (const t of TIERS)
      expect(r.stdout).toMatch(
        new RegExp(
          `\\n  ${t} +3 +\\d\\.\\d{3}\\.\\.\\d\\.\\d{3} \\(median \\d\\.\\d{3}\\) +\\d+\\.\\.\\d+ \\(median \\d+\\)\\n`,
        ),
      );
    expect(r.stdout).toContain(
      'guardrail: median reference nodes climb with the tier (easy 1, normal 9, hard 9, expert 12)',
    );
    expect(r.stdout).toContain('\n  tiered now by score cuts 2/3/4\n');
    expect(r.stdout).toMatch(/\n {2}proposed +\d+ +\d+ +\d+\n/);
    expect(r.stdout).toMatch(/\nnothing changed; rerun with --apply to write these ranges to the catalog\n$/);
  });

  it("refuses Dominosa's cuts' options in one line", () => {
    for (const extra of [['--measure', 'nodes'], ['--quantiles', '0.2,0.5,0.8'], ['--plot']]) {
      const r = cli(['tune', '--kind', 'sudomino', '--db', overlapping, ...extra]);
      expect([r.code, r.stderr]).toEqual([
        2,
        `dominosa: ${extra[0]}: not for Sudomino, whose cuts are the tiers' reference-node ranges\n`,
      ]);
    }
  });

  it("--apply refuses (exit 1, nothing changed) while a base would lie outside its tier's range", async () => {
    const db = copyCatalog(overlapping, fresh());
    const before = sha(db);
    let caught: unknown;
    await runTune({ kind: 'sudomino', db, apply: true }).catch((e: unknown) => (caught = e));
    expectUserError(() => {
      throw caught;
    }, /^8x8:6: \d+ base puzzles? would lie outside their tier's reference-node range under the proposed cuts/);
    expect(sha(db)).toBe(before);
  });

  it("--apply writes the ranges as grade cuts of Sudomino's reference: every tier stays, no row moves, and the thresholds file gains Sudomino's section beside Dominosa's", async () => {
    const db = copyCatalog(separable, fresh());
    const tiers = join(fresh() + '.tiers.json');
    copyFileSync(join(DATA, 'tiers.json'), tiers);
    const rowsBefore = query<{ id: number; tier: string }>(db, 'SELECT id, tier FROM puzzles ORDER BY id');
    const r = await runTune<TunedSize>({ kind: 'sudomino', db, apply: true, tiersFile: tiers });
    expect(r.applied).toBe(true);
    const [s] = r.sizes;
    expect(s.outside).toBe(0);
    const th = query(
      db,
      'SELECT kind, shape, measure, t1, t2, t3, solver_version FROM thresholds WHERE build_id IS NULL AND kind = ?',
      'sudomino',
    );
    expect(th).toEqual([
      { kind: 'sudomino', shape: '8x8:6', measure: 'grade', ...s.proposed, solver_version: 'sudomino-ref-1' },
    ]);
    // Every tier keeps bases; no row changed tier.
    const bases = query<{ tier: Tier }>(db, `SELECT tier FROM puzzles WHERE kind = 'sudomino' AND base_id IS NULL`);
    expect(new Set(bases.map((b) => b.tier)).size).toBe(TIERS.length);
    expect(query(db, 'SELECT id, tier FROM puzzles ORDER BY id')).toEqual(rowsBefore);
    // The file keeps Dominosa's sections and gains Sudomino's, which read back.
    const file = parseTierTable(JSON.parse(readFileSync(tiers, 'utf8')));
    expect(file.ok && file.kinds?.sudomino).toEqual({
      solverVersion: 'sudomino-ref-1',
      graderVersion: 'sudomino-grade-2',
      grade: { '8x8:6': s.proposed },
    });
    const packaged = parseTierTable(JSON.parse(readFileSync(join(DATA, 'tiers.json'), 'utf8')));
    expect(file.ok && packaged.ok && file.table).toEqual(packaged.ok && packaged.table);
  });
});
