// Tests for src/formats/web.ts: the pack's data replays to every puzzle's solution and shares
// the json pack's checksum; the page is one document with nothing to fetch, data that cannot
// close its script, and a refusal over the size limit. The page in a browser: test/pipeline/web/.
import { describe, expect, it } from 'vitest';
import { boardFromGrid, type Board } from '../../src/dominosa/board.js';
import { replaySteps } from '../../src/dominosa/grade/replay.js';
import { buildPackJson } from '../../src/formats/pack.js';
import { buildWebHtml, webPackData } from '../../src/formats/web.js';
import { cellsOf } from '../../src/dominosa/play/geometry.js';
import { packNumbers, playPuzzle, type WebPack, type WebPuzzle } from '../../src/play/pack.js';
import { TIERS } from '../../src/rank/tiers.js';
import fc from 'fast-check';
import { toGraderStep } from '../../src/dominosa/play/steps.js';
import { packOf, packPuzzle } from '../helpers/packs.js';

const ASSETS = { script: 'document.title="x";', style: 'body{color:red}' };

function dataOf(html: string): WebPack {
  const m = /<script type="application\/json" id="dominosa-pack">(.*?)<\/script>/s.exec(html);
  return JSON.parse(m![1]) as WebPack;
}

describe('webPackData: faces and techniques', () => {
  it('carries the faces chosen (none for plain digits) and each graded puzzle\u2019s technique', () => {
    const graded = [packPuzzle(3, 1, { grade: 'parity' }), packPuzzle(3, 2)];
    expect(webPackData(graded, 'p').faces).toBeUndefined();
    expect(webPackData(graded, 'p', 'digits').faces).toBeUndefined();
    expect(webPackData(graded, 'p', 'pips').faces).toBe('pips');
    expect(webPackData(graded, 'p', 'one-based').puzzles.map((x) => x.technique)).toEqual(['Basic: parity', undefined]);
  });
});

describe('webPackData', () => {
  const puzzles = packOf(8, [3, 4, 5, 6]);
  const pack = webPackData(puzzles, 'Test pack') as WebPack<WebPuzzle>;

  it('carries every puzzle with steps that replay to its own solution', () => {
    expect(pack.puzzles.map((p) => p.id)).toEqual(puzzles.map((p) => p.id));
    for (const [i, wp] of pack.puzzles.entries()) {
      const board = (boardFromGrid(puzzles[i].grid, 0) as { board: Board }).board;
      expect(wp.values).toEqual(Array.from(board.cells));
      const pp = playPuzzle(pack, wp);
      const solution = wp.solution.map((p) => cellsOf(board, p));
      expect(solution.length).toBe(puzzles[i].solution.length);
      // The planted deals need not be unique; where the grader told a whole solution, it replays.
      if (wp.ending === 'solved') {
        const laid = replaySteps(
          board,
          pp.steps.map((s) => toGraderStep(board, s)),
        );
        expect(laid).not.toBeNull();
      }
    }
  });

  it('is keyed by the json pack checksum of the same puzzles', () => {
    const json = JSON.parse(
      buildPackJson(puzzles, { name: 'x', created: '2026-01-01T00:00:00Z', buildId: null, schemaVersion: 3 }),
    );
    expect(pack.checksum).toBe(json.manifest.checksum);
    expect(webPackData(puzzles.slice(1), 'Test pack').checksum).not.toBe(pack.checksum);
  });
});

describe('packNumbers', () => {
  const puzzle = fc.record({
    tier: fc.constantFrom('easy', 'normal', 'hard', 'expert', 'odd'),
    m: fc.integer({ min: 2, max: 12 }),
    rows: fc.integer({ min: 3, max: 13 }),
  });

  it('numbers a pack 1..N by tier from easy to expert (others after), then size, then pack order', () => {
    fc.assert(
      fc.property(fc.array(puzzle, { maxLength: 30 }), (list) => {
        const numbers = packNumbers(list);
        expect([...numbers].sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
        const rank = (t: string): number =>
          (TIERS as readonly string[]).includes(t) ? (TIERS as readonly string[]).indexOf(t) : TIERS.length;
        const byNumber = list.map((p, i) => ({ ...p, i, n: numbers[i] })).sort((a, b) => a.n - b.n);
        for (let k = 1; k < byNumber.length; k++) {
          const [a, b] = [byNumber[k - 1], byNumber[k]];
          const key = (x: typeof a): number[] => [rank(x.tier), x.m, x.rows, x.i];
          const [ka, kb] = [key(a), key(b)];
          const d = ka.map((v, j) => v - kb[j]).find((v) => v !== 0) ?? 0;
          expect(d).toBeLessThan(0);
        }
      }),
    );
  });

  it('puts each puzzle’s number in the web pack', () => {
    const puzzles = packOf(8, [5, 3, 4]);
    expect(webPackData(puzzles, 'p').puzzles.map((p) => p.number)).toEqual(packNumbers(puzzles));
  });
});

describe('buildWebHtml', () => {
  it('writes one self-contained page whose data reads back whole, even with markup in names', () => {
    const pack = webPackData(packOf(3, [4]), 'Pack </script><script>alert(1)</script> & co');
    const r = buildWebHtml(pack, ASSETS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.html).not.toMatch(/<link|<img|<iframe|@import|@font-face|url\(|src=|href=/i);
    expect(r.html.match(/<script/g)).toHaveLength(2);
    expect(r.html.match(/<\/script>/g)).toHaveLength(2);
    expect(r.html).toContain("default-src 'none'");
    expect(dataOf(r.html)).toEqual(pack);
    expect(r.bytes).toBe(Buffer.byteLength(r.html));
  });

  it('refuses a page over its size limit with one line, and a bundle that could close its own tag', () => {
    const pack = webPackData(packOf(4, [5]), 'p');
    const r = buildWebHtml(pack, ASSETS, 1000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^the web pack of 4 puzzles would be \d+ bytes, over its limit of 1000: select fewer/);
    expect(r.error).not.toContain('\n');
    expect(() => buildWebHtml(pack, { script: 'x="</script>"', style: '' })).toThrow(RangeError);
  });
});
