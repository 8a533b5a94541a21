// The formats' part of `npm run bench`: building 1,000-puzzle packs in every pure format (json,
// text, html and pdf booklets, the web pack's data) and verifying the json pack, plus refusing absurd board sizes
// without walking them. Wall-clock figures here replace the time bounds unit tests used to hold.
import { boardFromGrid, BoardReader, boardToGrid } from '../../src/dominosa/board.js';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import { buildPackJson, buildPackText, verifyPackJson } from '../../src/formats/pack.js';
import type { DominosaPackPuzzle } from '../../src/dominosa/formats/pack.js';
import { allKinds } from '../../src/kinds.js';
import { bookletFonts } from '../../pipeline/export/fonts.js';
import { buildBookletPdf } from '../../src/formats/pdf.js';
import { webPackData } from '../../src/formats/web.js';
import { dealOnto } from '../../src/dominosa/make/deal.js';
import { tilingFor } from '../../src/tiling/tiling.js';
import { TIERS } from '../../src/rank/tiers.js';
import { derive } from '../../src/rng.js';
import { tilingToSolution } from '../../src/dominosa/solve/solution.js';

export interface FormatRow {
  what: string;
  ms: number;
  targetMs?: number;
}

/** `count` puzzles of sizes 5..12 dealt onto random tilings (the tiling is the solution). */
function planted(count: number): DominosaPackPuzzle[] {
  const sizes = [5, 6, 7, 8, 9, 10, 12];
  return Array.from({ length: count }, (_, k) => {
    const m = sizes[k % sizes.length];
    const rows = m + 1;
    const cols = m + 2;
    const rng = derive(5, m, k);
    const mate = tilingFor(rows, cols).sample(rng);
    const cells = dealOnto(mate, rows, cols, m, rng);
    const b = boardFromGrid(
      Array.from({ length: rows }, (_, r) => Array.from(cells.subarray(r * cols, (r + 1) * cols))),
      k,
    );
    if (!b.ok) throw new Error('bench board did not parse');
    return {
      kind: 'dominosa',
      id: k + 1,
      m,
      rows,
      cols,
      tier: TIERS[k % 4],
      nodes: k,
      grid: boardToGrid(b.board),
      solution: tilingToSolution(mate, rows, cols),
      baseId: null,
      transform: null,
    };
  });
}

function timed(what: string, f: () => unknown, targetMs?: number): FormatRow {
  const t0 = performance.now();
  f();
  const row: FormatRow = { what, ms: performance.now() - t0 };
  if (targetMs !== undefined) row.targetMs = targetMs;
  return row;
}

export async function formatsTable(): Promise<FormatRow[]> {
  const puzzles = planted(1000);
  const kinds = allKinds();
  const meta = { name: 'bench', created: '2026-01-01T00:00:00.000Z', buildId: 1, schemaVersion: 2 };
  let json = '';
  const rows: FormatRow[] = [
    timed('json pack, 1,000 puzzles', () => (json = buildPackJson(puzzles, kinds, meta)), 2500),
    timed('text pack, 1,000 puzzles', () => buildPackText(puzzles, kinds), 2500),
    timed('verify json pack, 1,000 puzzles', () => verifyPackJson(json, kinds), 2500),
    timed('html booklet, 1,000 puzzles', () => buildBookletHtml(puzzles, kinds, { title: 'bench' })),
    // The grader's steps for every puzzle are most of a web pack's cost.
    timed('web pack data (hint steps), 1,000 puzzles', () => webPackData(puzzles, kinds, 'bench')),
  ];
  let t0 = performance.now();
  await buildBookletPdf(puzzles, kinds, { title: 'bench' });
  rows.push({ what: 'pdf booklet, 1,000 puzzles (Helvetica)', ms: performance.now() - t0, targetMs: 5000 });
  // What export writes: DejaVu Sans embedded as a subset, read from its package each time.
  t0 = performance.now();
  await buildBookletPdf(puzzles, kinds, { title: 'bench', fonts: bookletFonts() });
  rows.push({ what: 'pdf booklet, 1,000 puzzles (embedded font)', ms: performance.now() - t0, targetMs: 5000 });
  rows.push(
    timed(
      'refuse a 10^9-row board',
      () => {
        const tall: unknown[] = [];
        tall.length = 1e9;
        boardFromGrid(tall, 0);
      },
      3000,
    ),
    timed(
      'refuse a text row of 6,000,000 values',
      () => {
        const line = '0 '.repeat(1_000_000);
        const reader = new BoardReader('text');
        for (let k = 0; k < 6; k++) reader.push(line);
        reader.end();
      },
      3000,
    ),
  );
  console.log('\nFormats (pure builders, one core)');
  for (const r of rows) {
    const target = r.targetMs === undefined ? '' : `  target ≤ ${r.targetMs} ms (${(r.ms / r.targetMs).toFixed(2)}×)`;
    console.log(`  ${r.what.padEnd(40)} ${r.ms.toFixed(0).padStart(7)} ms${target}`);
  }
  return rows;
}
