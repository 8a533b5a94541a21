// Paste a puzzle, in Chromium: a Dominosa game ID of Simon Tatham's and a Sudomino board in the
// text form, typed into the index's box, play to solved with hints and checks worked out in the
// page (the Dominosa one by the keyboard alone, a number key then ringing its cells); a paste that is unreadable, ambiguous or a
// random-seed ID gets one line saying what is wrong, and plays nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { parseTathamId } from '../../../src/dominosa/formats/tatham-read.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { webBoard } from '../../../src/sudomino/play/pack.js';
import { packPuzzle, tieredSudominoPuzzle } from '../../helpers/packs.js';
import { canRunChromium, openPuzzles, type AnyWebPuzzle, type PackSession } from '../../helpers/web.js';

describe.skipIf(!canRunChromium)('a pasted puzzle, in Chromium', () => {
  let session: PackSession<AnyWebPuzzle>;
  let page: Page;

  beforeAll(async () => {
    // A pack of one Sudomino puzzle: the pasted Dominosa one needs no Dominosa puzzle in the pack.
    session = await openPuzzles([tieredSudominoPuzzle({ rows: 6, cols: 6, values: 5 }, 'easy', 1, 't1')], 'Paste test');
    page = session.page;
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  /** Type a text into the paste box and send it, by the keyboard. */
  async function paste(text: string): Promise<void> {
    await page.goto(pathToFileURL(session.file).href);
    await page.waitForSelector('#paste-text');
    await page.focus('#paste-text');
    await page.keyboard.insertText(text);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  }

  it('plays a Tatham game ID to solved by the keyboard, with a hint and a check worked out in the page', async () => {
    // A planted board whose solution is unique (the page refuses any other), and that solution.
    const [id, p, solution] = Array.from({ length: 20 }, (_, k) => {
      const q = packPuzzle(4, k);
      const text = `${q.m}:${q.grid.flat().join('')}`;
      const read = parseTathamId(text);
      const proof = read.ok ? new Solver().solve(read.board, { cap: 2 }) : null;
      return [text, q, proof?.solutions === 1 ? proof.solution : null] as const;
    }).find(([, , s]) => s !== null)!;
    await paste(id);
    await page.waitForSelector('#board svg');
    expect(await page.$$('[data-act="hint"]')).toHaveLength(1);
    await page.focus('#board');
    await page.keyboard.press('h');
    expect(await page.textContent('[data-hint="step"]')).toMatch(/row \d+, columns \d+–\d+|column \d+, rows \d+–\d+/);
    await page.keyboard.press('c');
    expect(await page.textContent('#status')).toBe('No mistakes so far.');
    // Lay the solution: the cursor walks to each domino's first cell, Shift+arrow lays it.
    let at = 0;
    for (const [r1, c1, r2, c2] of solution!) {
      const [a, b] = [r1 * p.cols + c1, r2 * p.cols + c2].sort((x, y) => x - y);
      const [ar, ac, tr, tc] = [Math.floor(at / p.cols), at % p.cols, Math.floor(a / p.cols), a % p.cols];
      for (let k = ar; k < tr; k++) await page.keyboard.press('ArrowDown');
      for (let k = ar; k > tr; k--) await page.keyboard.press('ArrowUp');
      for (let k = ac; k < tc; k++) await page.keyboard.press('ArrowRight');
      for (let k = ac; k > tc; k--) await page.keyboard.press('ArrowLeft');
      at = a;
      await page.keyboard.press(b === a + 1 ? 'Shift+ArrowRight' : 'Shift+ArrowDown');
    }
    expect(await page.textContent('#status')).toMatch(/^Solved in \d+:\d\d with 1 hint and 1 check\.$/);
    // A number key rings every cell holding that number, and only those; again, it clears them.
    const values = p.grid.flat();
    const found = (): Promise<number[]> =>
      page.$$eval('[data-found]', (es) => es.map((e) => Number(e.getAttribute('data-found'))).sort((x, y) => x - y));
    await page.keyboard.press('3');
    expect(await found()).toEqual(values.flatMap((v, c) => (v === 3 ? [c] : [])));
    expect(await page.getAttribute('[data-find="3"]', 'aria-pressed')).toBe('true');
    await page.keyboard.press('3');
    expect(await found()).toEqual([]);
  });

  it('plays a Sudomino board in the text form to solved', async () => {
    const s = tieredSudominoPuzzle({ rows: 6, cols: 6, values: 5 }, 'hard', 4);
    await paste([`# values: ${s.values}`, ...s.board].join('\n'));
    await page.waitForSelector('#board svg');
    const shape = webBoard(s);
    const box = (await (await page.$('#board svg'))!.boundingBox())!;
    const unit = box.width / (s.cols * 40 + 16);
    for (let d = 0; d < shape.given.length; d++) {
      if (shape.given[d] !== 0) continue;
      const c = shape.cells[2 * d];
      await page.mouse.click(
        box.x + (8 + ((c % s.cols) + 0.5) * 40) * unit,
        box.y + (8 + (Math.floor(c / s.cols) + 0.5) * 40) * unit,
      );
      await page.keyboard.press(String(s.solution[Math.floor(c / s.cols)][c % s.cols]));
    }
    await expect.poll(() => page.textContent('#status')).toMatch(/^Solved in \d+:\d\d!$/);
    // The address plays it again after a reload, and keeps its progress.
    await page.reload();
    await page.waitForSelector('#board svg');
    expect(await page.textContent('#status')).toMatch(/^Solved in/);
  });

  it.each([
    ['text no kind reads', '12 34 ??', /^Not a puzzle this page reads/],
    ['a random-seed ID', '6#12345', /random-seed ID/],
    ['a Sudomino board with two solutions', '# values: 2\naabb\nccdd', /more than one solution/],
    ['a game ID cut short', '4:01234', /too short|values/],
  ])('refuses %s in one line, and stays on the index', async (_what, text, line) => {
    await paste(text);
    // The refusal comes once the address has changed and the page has read the paste.
    // Polled from the test, not evaluated in the page: the page's security policy forbids eval.
    await expect.poll(async () => (await page.textContent('#paste-error')) ?? '').not.toBe('');
    const error = (await page.textContent('#paste-error')) ?? '';
    expect(error).toMatch(line);
    expect(error).not.toContain('\n');
    expect(await page.$$('#board')).toHaveLength(0);
    // The text stays in the box to be mended.
    expect(await page.inputValue('#paste-text')).toBe(text);
  });

  it('met no console error and made no request', () => {
    expect(session.problems).toEqual([]);
  });
});
