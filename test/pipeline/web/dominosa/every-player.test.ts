// Dominosa's board for every player, in Chromium: a shown mistake reads in greyscale (its pixels
// differ from its correct twin's, inside the tile, not only along an outline), a wrong mark
// from a right one likewise, and a hint's cells from the others; a click on the line between
// two cells marks it; on a phone the title breaks only between its phrases.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { WebPuzzle } from '../../../../src/dominosa/play/pack.js';
import type { WebPack } from '../../../../src/play/pack.js';
import { BoardOnScreen, canRunChromium, openPack, placementsOf, type PackSession } from '../../../helpers/web.js';

/** A rectangle in cells from the board's corner: left, top, width, height. */
type CellRect = [x: number, y: number, w: number, h: number];

// A PNG's pixels as grey levels, decoded by the browser itself in a blank page (run as text:
// the test's own types know no DOM).
const DECODE = `(async () => {
  const img = new Image();
  img.src = 'data:image/png;base64,B64';
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, img.width, img.height).data;
  const out = [];
  for (let i = 0; i < d.length; i += 4) out.push(Math.round((d[i] + d[i + 1] + d[i + 2]) / 3));
  return out;
})()`;

describe.skipIf(!canRunChromium)('the web pack for every player', () => {
  let session: PackSession;
  let page: Page;
  let pack: WebPack<WebPuzzle>;
  let decoder: Page;

  beforeAll(async () => {
    session = await openPack(['--sizes', '5', '--count', '6', '--seed', '11', '--name', 'Every player']);
    ({ page, pack } = session);
    decoder = await session.context.newPage();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  // A test that failed on a puzzle's page leaves the next one the index, as each expects.
  afterEach(async () => {
    if ((await page.$('a.back')) !== null) await home();
  });

  const home = async (): Promise<void> => {
    await page.click('a.back');
    await page.waitForSelector('a.pick');
  };

  /** The grey levels (0..255) of a part of the board, as the page shows it in greyscale. */
  async function grey(board: BoardOnScreen, [x, y, w, h]: CellRect): Promise<number[]> {
    const a = board.point(x, y);
    const b = board.point(x + w, y + h);
    const style = await page.addStyleTag({ content: 'html { filter: grayscale(1); }' });
    const png = await page.screenshot({ clip: { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y } });
    await style.evaluate((e) => e.remove());
    return decoder.evaluate<number[]>(DECODE.replace('B64', png.toString('base64')));
  }

  /** The share of pixels whose grey levels differ by more than a fifth of the range. */
  function differing(a: number[], b: number[]): number {
    expect(a.length).toBe(b.length);
    return a.filter((v, i) => Math.abs(v - b[i]) > 51).length / a.length;
  }

  /** The inside of a domino's tile, clear of its outline and corner badges. */
  function tileInside(p: WebPuzzle, pl: number): CellRect {
    const a = pl >> 1;
    const [x, y] = [a % p.cols, Math.floor(a / p.cols)];
    return pl & 1 ? [x + 0.3, y + 0.3, 0.4, 1.4] : [x + 0.3, y + 0.3, 1.4, 0.4];
  }

  /** A small square on the middle of the line placement pl crosses. */
  function lineMiddle(board: BoardOnScreen, pl: number): CellRect {
    const [x, y] = board.lineMiddle(pl);
    return [x - 0.2, y - 0.2, 0.4, 0.4];
  }

  it('tells a shown mistake from its correct twin in greyscale, for dominoes and marks', async () => {
    // A correct domino and a wrong one spelling the same pair in the same order and direction,
    // so both are drawn as duplicates and only the mistake tells them apart.
    type Case = { p: WebPuzzle; right: number; wrong: number; badMark: number; goodMark: number };
    const cases: Case[] = [];
    for (const p of pack.puzzles) {
      const all = placementsOf(p);
      const inSolution = new Set(p.solution);
      const spell = (pl: number): string =>
        `${pl & 1}:${p.values[pl >> 1]}-${p.values[(pl >> 1) + (pl & 1 ? p.cols : 1)]}`;
      const cells = (pl: number): number[] => [pl >> 1, (pl >> 1) + (pl & 1 ? p.cols : 1)];
      for (const right of p.solution) {
        const wrong = all.find(
          (q) => !inSolution.has(q) && spell(q) === spell(right) && !cells(q).some((c) => cells(right).includes(c)),
        );
        if (wrong === undefined) continue;
        const used = new Set([...cells(right), ...cells(wrong)]);
        const free = (q: number): boolean => !cells(q).some((c) => used.has(c));
        const badMark = p.solution.find((q) => q !== right && free(q));
        const goodMark = all.find(
          (q) =>
            !inSolution.has(q) &&
            free(q) &&
            badMark !== undefined &&
            (q & 1) === (badMark & 1) &&
            !cells(q).some((c) => cells(badMark).includes(c)),
        );
        if (badMark !== undefined && goodMark !== undefined) cases.push({ p, right, wrong, badMark, goodMark });
        break;
      }
    }
    expect(cases.length).toBeGreaterThan(0);
    const { p, right, wrong, badMark, goodMark } = cases[0];
    const board = await BoardOnScreen.open(page, p);
    await board.join(right);
    await board.join(wrong);
    for (const m of [badMark, goodMark]) await board.clickAt(...board.lineMiddle(m));
    expect(await page.$$eval('.domino.dup', (es) => es.length)).toBe(2);
    expect(
      await page.$$eval('[data-mark]', (es) =>
        es.map((e) => Number(e.getAttribute('data-mark'))).sort((a, b) => a - b),
      ),
    ).toEqual([badMark, goodMark].sort((a, b) => a - b));
    await page.click('[data-act="hint"]');
    await page.click('[data-act="show-mistakes"]');
    expect(await page.$$eval('.domino.wrong', (es) => es.map((e) => Number(e.getAttribute('data-domino'))))).toEqual([
      wrong,
    ]);
    const dominoes = differing(await grey(board, tileInside(p, right)), await grey(board, tileInside(p, wrong)));
    const marks = differing(
      await grey(board, lineMiddle(board, goodMark)),
      await grey(board, lineMiddle(board, badMark)),
    );
    // Closed, the same two tiles read alike again but for the edges of their numbers: the
    // difference was the mistake's.
    await page.click('[data-act="close"]');
    const closed = differing(await grey(board, tileInside(p, right)), await grey(board, tileInside(p, wrong)));
    expect(dominoes).toBeGreaterThan(0.1);
    expect(marks).toBeGreaterThan(0.1);
    // Showing the mistakes is what sets the twins apart: most of the difference goes with it.
    expect(dominoes - closed).toBeGreaterThan(0.1);
    await home();
  });

  it('tells a hint\u2019s cells from the others in greyscale', async () => {
    const p = pack.puzzles[2];
    const board = await BoardOnScreen.open(page, p);
    await page.click('[data-act="hint"]');
    const hinted = await page.$$eval('.cell.hinted', (es) => es.map((e) => Number(e.getAttribute('data-cell'))));
    const plain = await page.$$eval('.cell:not(.hinted)', (es) => es.map((e) => Number(e.getAttribute('data-cell'))));
    expect(hinted.length).toBeGreaterThan(0);
    // A corner of each cell, clear of its number and of a dashed domino's outline.
    const corner = (c: number): CellRect => [(c % p.cols) + 0.15, Math.floor(c / p.cols) + 0.15, 0.2, 0.2];
    expect(differing(await grey(board, corner(hinted[0])), await grey(board, corner(plain[0])))).toBeGreaterThan(0.05);
    await page.click('[data-act="close"]');
    await home();
  });

  it('marks the line between two cells on a click there, and clears it on another', async () => {
    const p = pack.puzzles[1];
    const board = await BoardOnScreen.open(page, p);
    const marks = (): Promise<number[]> =>
      page.$$eval('[data-mark]', (es) => es.map((e) => Number(e.getAttribute('data-mark'))).sort((a, b) => a - b));
    const across = 2 * (p.cols + 1); // between row 1's first two cells
    const down = 2 * 2 + 1; // below row 0's third cell
    await board.clickAt(...board.lineMiddle(across));
    expect(await marks()).toEqual([across]);
    await board.clickAt(...board.lineMiddle(down));
    expect(await marks()).toEqual([down, across].sort((a, b) => a - b));
    await board.clickAt(...board.lineMiddle(across));
    expect(await marks()).toEqual([down]);
    // A click inside a cell still picks the cell, and a click on a laid domino's own line lifts it.
    await board.clickCell(0);
    expect(await page.$$eval('.cell.selected', (es) => es.map((e) => Number(e.getAttribute('data-cell'))))).toEqual([
      0,
    ]);
    await board.clickCell(1);
    expect(await page.$$eval('[data-domino]', (es) => es.map((e) => Number(e.getAttribute('data-domino'))))).toEqual([
      0,
    ]);
    await board.clickAt(...board.lineMiddle(0));
    expect(await page.$$('[data-domino]')).toHaveLength(0);
    expect(await marks()).toEqual([down]);
    await home();
  });

  it('keeps the title\u2019s phrases whole on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const p = [...pack.puzzles].sort((a, b) => String(b.id).length - String(a.id).length)[0];
    await BoardOnScreen.open(page, p);
    const phrases = await page.$$eval('.bar h1 .phrase', (es) =>
      es.map((e) => ({
        text: e.textContent,
        lines: e.getClientRects().length,
        right: e.getBoundingClientRect().right,
      })),
    );
    expect(phrases.map((x) => x.text)).toEqual([
      `Puzzle ${p.number}`,
      `Double-${p.m}, ${p.rows} × ${p.cols}`,
      p.tier[0].toUpperCase() + p.tier.slice(1),
    ]);
    for (const x of phrases) {
      expect(x.lines).toBe(1);
      expect(x.right).toBeLessThanOrEqual(390);
    }
    await home();
  });

  it('logged no console errors and made no requests', () => {
    expect(session.problems).toEqual([]);
  });
});
