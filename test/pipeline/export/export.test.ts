// Tests for pipeline/export/export.ts's trust in recorded verdicts, counted where it matters: how many
// independent proofs an export runs. With verdicts recorded by audit --record it runs none; on a
// catalog without them, with --recheck, or for puzzles added after the record, it proves each.
// And its refusal of a pack holding a puzzle of a kind the format does not write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  EXPORT_FORMATS,
  formatRefusal,
  runExport,
  type ExportOptions,
  type VerifyStats,
} from '../../../pipeline/export/export.js';
import { allKinds } from '../../../src/kinds.js';
import { proveIndependently } from '../../../src/dominosa/solve/independent.js';
import { buildSmallCatalog, copyCatalog } from '../../helpers/catalog.js';
import { cli } from '../../helpers/cli.js';

// The real proof, wrapped so the test can count its calls.
vi.mock('../../../src/dominosa/solve/independent.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/dominosa/solve/independent.js')>();
  return { ...real, proveIndependently: vi.fn(real.proveIndependently) };
});
const proofs = vi.mocked(proveIndependently);

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
// A block body: a function returned from beforeEach would be run as its cleanup.
beforeEach(() => {
  proofs.mockClear();
});

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
    expect(proofs).toHaveBeenCalledTimes(0);
    expect(trusted.stats).toMatchObject({ trusted: 72, proved: 0, distrust: null });
    const proved = await exportOf(plain, { includeVariants: true });
    expect(proofs).toHaveBeenCalledTimes(72);
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
    expect(proofs).toHaveBeenCalledTimes(12);
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
    expect(proofs).toHaveBeenCalledTimes(4);
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
