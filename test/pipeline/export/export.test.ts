// Tests for pipeline/export/export.ts's trust in recorded verdicts, counted where it matters: how many
// puzzles an export proves. With verdicts recorded by audit --record it proves none; on a catalog
// without them, with --recheck, or for puzzles added after the record, it proves each. The proofs
// run in a worker thread, so they are seen through the fault point that spends every proof's
// budget at once (DOMINOSA_FAULT=exhaust:proof): an export that proves nothing still writes its
// pack; one that proves a puzzle refuses, naming it. And its refusal of a pack holding a puzzle of
// a kind the format does not write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EXPORT_FORMATS,
  formatRefusal,
  runExport,
  type ExportOptions,
  type VerifyStats,
} from '../../../pipeline/export/export.js';
import { allKinds } from '../../../src/kinds.js';
import { buildSmallCatalog, copyCatalog } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';

let dir: string;
let plain: string;
let recorded: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-export-trust-'));
  plain = join(dir, 'plain.sqlite');
  buildSmallCatalog(plain);
  recorded = copyCatalog(plain, join(dir, 'recorded.sqlite'));
  const r = cli(['audit', '--db', recorded, '--jobs', '2', '--record']);
  if (r.code !== 0) throw new Error(r.stderr);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The export with every proof's budget spent at once: the first puzzle it proves fails, and is named. */
async function exportWithoutBudget(db: string, extra: Partial<ExportOptions> = {}): Promise<string | null> {
  process.env.DOMINOSA_FAULT = 'exhaust:proof';
  try {
    await exportOf(db, extra);
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    delete process.env.DOMINOSA_FAULT;
  }
}

async function exportOf(db: string, extra: Partial<ExportOptions> = {}): Promise<{ text: string; stats: VerifyStats }> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => (text += c));
  let stats: VerifyStats | null = null;
  await runExport({ db, format: 'jsonl', out: '-', ...extra }, out, { verified: (s) => (stats = s) });
  return { text, stats: stats! };
}

describe('export trusts recorded verdicts', () => {
  it('runs no independent proof where every verdict holds, and writes what a full check writes', async () => {
    const trusted = await exportOf(recorded, { includeVariants: true });
    expect(await exportWithoutBudget(recorded, { includeVariants: true })).toBeNull();
    expect(trusted.stats).toMatchObject({ trusted: 72, proved: 0, distrust: null });
    const proved = await exportOf(plain, { includeVariants: true });
    expect(await exportWithoutBudget(plain, { includeVariants: true })).toMatch(
      /^puzzle \d+ fails its checks \(gave-up/,
    );
    expect(proved.stats).toMatchObject({
      trusted: 0,
      proved: 72,
      distrust: expect.stringMatching(/no verdicts recorded/),
    });
    expect(trusted.text).toBe(proved.text);
  });

  it('proves every puzzle again with recheck', async () => {
    const { stats } = await exportOf(recorded, { recheck: true, sizes: { dominosa: ['4'] } });
    expect(stats).toMatchObject({ trusted: 0, proved: 12 });
    expect(await exportWithoutBudget(recorded, { recheck: true, sizes: { dominosa: ['4'] } })).toMatch(
      /^puzzle \d+ fails its checks/,
    );
  });

  it('proves the puzzles a later build added, and trusts the rest', async () => {
    const path = copyCatalog(recorded, join(dir, 'extended.sqlite'));
    const b = cli([
      'build',
      '--sizes',
      '5',
      '--per-tier',
      '1',
      '--variants',
      '0',
      '--jobs',
      '2',
      '--tier-by',
      'nodes',
      '--extend',
      '--db',
      path,
    ]);
    expect(b.code, b.stderr).toBe(0);
    const { stats } = await exportOf(path);
    expect(stats).toMatchObject({ trusted: 24, proved: 4 });
    // The first puzzle proved is the later build's first: every one before it was trusted.
    const before = Math.max(
      ...(JSON.parse(`[${(await exportOf(recorded)).text.trim().split('\n').join(',')}]`) as { id: number }[]).map(
        (p) => p.id,
      ),
    );
    const named = /^puzzle (\d+) fails/.exec((await exportWithoutBudget(path)) ?? '');
    expect(Number(named?.[1])).toBeGreaterThan(before);
  });
});

describe('formatRefusal', () => {
  const names = allKinds().map((k) => k.name);
  const rows = fc.array(fc.record({ id: fc.nat(), kind: fc.constantFrom(...names) }), { maxLength: 12 });

  it('refuses exactly the packs holding a puzzle of a kind the format does not write, naming the first', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom(...EXPORT_FORMATS), (list, format) => {
        const lacking = (kind: string): boolean => {
          const f = allKinds().find((k) => k.name === kind)?.formats;
          return format === 'tatham' ? f?.tatham === undefined : false;
        };
        const first = list.find((r) => lacking(r.kind));
        const why = formatRefusal(format, list);
        expect(why === null).toBe(first === undefined);
        if (first !== undefined)
          expect(why).toBe(
            `--format tatham writes Simon Tatham's Dominosa game IDs, and puzzle ${first.id} is Sudomino, which his collection does not have`,
          );
      }),
      { numRuns: 100 },
    );
  });
});
