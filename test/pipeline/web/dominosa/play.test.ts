// Dominosa on the web pack's page (pipeline/web/dominosa/) in a real browser, opened from disk:
// solve by clicks, see pairs laid twice marked, follow hints by "Do it" to the end (laying only
// the hint's dominoes, the player's marks left alone, the steps the board does not show named),
// mistakes found, the keyboard, reveals (recorded apart from solves), numbers and the next
// puzzle, and progress kept across a reload and a moved file; no console errors and no requests
// beyond the file itself. Chromium is required under CI.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { WebPuzzle } from '../../../../src/dominosa/play/pack.js';
import type { WebPack } from '../../../../src/play/pack.js';
import {
  BoardOnScreen,
  canRunChromium,
  openPack,
  pairOf,
  placementsOf,
  type PackSession,
} from '../../../helpers/web.js';

describe.skipIf(!canRunChromium)('the web pack in Chromium', () => {
  let session: PackSession;
  let page: Page;
  let pack: WebPack<WebPuzzle>;

  beforeAll(async () => {
    session = await openPack(['--sizes', '4,5', '--count', '8', '--seed', '3', '--name', 'Browser test']);
    ({ page, pack } = session);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  // One puzzle per test: the one with the most steps that only rule out (so its hints pass over
  // some, having no mark to write for them), then the rest in order.
  const byRole = (): Record<'hint' | 'solve' | 'dup' | 'mistake' | 'keys', WebPuzzle> => {
    const eliminating = (p: WebPuzzle): number => p.steps.filter((s) => s[1].length === 0 && s[2].length > 0).length;
    const hint = [...pack.puzzles].sort((a, b) => eliminating(b) - eliminating(a))[0];
    const [solve, dup, mistake, keys] = pack.puzzles.filter((p) => p !== hint);
    return { hint, solve, dup, mistake, keys };
  };

  const cellsOf = (p: WebPuzzle, pl: number): [number, number] => [pl >> 1, (pl >> 1) + (pl & 1 ? p.cols : 1)];
  let board: BoardOnScreen;

  async function open(p: WebPuzzle): Promise<void> {
    board = await BoardOnScreen.open(page, p);
  }

  const clickCell = (c: number): Promise<void> => board.clickCell(c);
  const join2 = (_p: WebPuzzle, pl: number): Promise<void> => board.join(pl);

  const laid = (): Promise<number[]> =>
    page.$$eval('[data-domino]', (es) => es.map((e) => Number(e.getAttribute('data-domino'))).sort((a, b) => a - b));
  const home = async (): Promise<void> => {
    await page.click('a.back');
    await page.waitForSelector('a.pick');
  };

  it('lists the puzzles by tier and size, all new', async () => {
    const tiers = await page.$$eval('section.tier h2', (hs) => hs.map((h) => h.textContent ?? ''));
    expect(tiers.length).toBeGreaterThan(0);
    expect(await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent))).toEqual(
      pack.puzzles.map(() => 'new'),
    );
    // Each card names the kind and its size.
    expect(
      await page.$$eval('a.pick .size', (hs) => hs.every((h) => /^Dominosa M = [45] /.test(h.textContent ?? ''))),
    ).toBe(true);
    // Numbered 1..N down the index, each with its database id in small print.
    const picks = await page.$$eval('a.pick', (as) =>
      as.map((a) => [
        a.querySelector('.num')?.textContent,
        a.querySelector('.dbid')?.textContent,
        a.getAttribute('data-puzzle'),
      ]),
    );
    expect(picks.map(([n]) => n)).toEqual(pack.puzzles.map((_, i) => String(i + 1)));
    for (const [, small, id] of picks) expect(small).toBe(`#${id}`);
  });

  it('is solved by clicking the stored solution, and says so', async () => {
    const p = byRole().solve;
    await open(p);
    for (const pl of p.solution) await join2(p, pl);
    expect(await laid()).toEqual(p.solution);
    await expect.poll(() => page.textContent('#status')).toMatch(/^Solved in \d+:\d\d!$/);
    // A solve offers the next puzzle by number, which the link opens.
    const next = pack.puzzles.find((q) => q.number === p.number! + 1);
    expect(next).toBeDefined();
    expect(await page.textContent('a.next')).toBe(`Next puzzle: ${next!.number} →`);
    await page.click('a.next');
    await expect.poll(() => page.textContent('.bar h1')).toContain(`Puzzle ${next!.number} #${next!.id}`);
    expect(await page.$$('[data-domino]')).toHaveLength(0);
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .status`)).toBe('solved');
  });

  it('marks both dominoes of a pair laid twice, and the pair in the tally', async () => {
    const p = byRole().dup;
    await open(p);
    const all = placementsOf(p);
    let twin: [number, number] | null = null;
    for (const a of all)
      for (const b of all)
        if (!twin && a < b && pairOf(p, a) === pairOf(p, b) && !cellsOf(p, a).some((c) => cellsOf(p, b).includes(c)))
          twin = [a, b];
    expect(twin).not.toBeNull();
    await join2(p, twin![0]);
    expect(await page.$$('.domino.dup')).toHaveLength(0);
    await join2(p, twin![1]);
    expect(
      await page.$$eval('.domino.dup', (es) =>
        es.map((e) => Number(e.getAttribute('data-domino'))).sort((a, b) => a - b),
      ),
    ).toEqual(twin);
    expect(await page.$$eval('.pair.dup', (es) => es.map((e) => e.textContent))).toEqual([pairOf(p, twin![0])]);
    expect(await page.textContent('#status')).toContain('2 dominoes spell a pair used twice');
    // A click on a laid domino lifts it; the warning goes with it.
    await clickCell(cellsOf(p, twin![1])[0]);
    expect(await page.$$('.domino.dup')).toHaveLength(0);
    await home();
  });

  it('follows hints by "Do it" to the solution, laying only the dashed dominoes and leaving the player\u2019s marks alone', async () => {
    const p = byRole().hint;
    expect(p.steps.some((s) => s[1].length === 0 && s[2].length > 0)).toBe(true);
    await open(p);
    // The player's own mark: a boundary no domino of the solution crosses.
    const inSolution = new Set(p.solution);
    const mine = placementsOf(p).find((pl) => !inSolution.has(pl))!;
    await page.click('[data-act="mark-mode"]');
    await join2(p, mine);
    await page.click('[data-act="mark-mode"]');
    const marksNow = (): Promise<number[]> =>
      page.$$eval('[data-mark]', (es) => es.map((e) => Number(e.getAttribute('data-mark'))).sort((a, b) => a - b));
    expect(await marksNow()).toEqual([mine]);
    let hints = 0;
    let passed = 0;
    for (let n = 0; n <= p.steps.length; n++) {
      // A solved board is locked, its Hint button off.
      if ((await page.textContent('#status'))?.startsWith('Solved')) break;
      await page.focus('#board');
      await page.keyboard.press('h');
      // What the hint shows, read in one trip: its sentence, highlighted cells, dashed dominoes,
      // the steps it stands on that the board does not show.
      const shown = await page.$eval('#app', (app) => {
        const ids = (sel: string, attr: string): number[] =>
          [...app.querySelectorAll(sel)].map((e) => Number(e.getAttribute(attr)));
        return {
          text: app.querySelector('[data-hint="step"]')?.textContent ?? null,
          hinted: app.querySelectorAll('.cell.hinted').length,
          ghosts: ids('[data-ghost]', 'data-ghost').sort((a, b) => a - b),
          before: app.querySelector('details.before summary')?.textContent ?? null,
          listed: app.querySelectorAll('details.before li').length,
        };
      });
      if (shown.text === null) break;
      hints++;
      expect(shown.text).toMatch(/\S.*\d+-\d+.*\.$/);
      expect(shown.hinted).toBeGreaterThan(0);
      expect(shown.ghosts.length).toBeGreaterThan(0);
      if (shown.before !== null) {
        expect(shown.before).toBe(
          `It stands on ${shown.listed} step${shown.listed === 1 ? '' : 's'} your marks do not show`,
        );
        passed++;
      }
      const was = await laid();
      await page.click('[data-act="apply-hint"]');
      // "Do it" lays the dashed dominoes and nothing else: no mark appears, the player's stays.
      expect(await laid()).toEqual([...was, ...shown.ghosts].sort((a, b) => a - b));
      expect(await marksNow()).toEqual([mine]);
    }
    expect(passed).toBeGreaterThan(0);
    expect(await laid()).toEqual(p.solution);
    // A solve with help says how much it took.
    expect(await page.textContent('#status')).toBe(
      `Solved in ${await page.textContent('#timer')} with ${hints} hint${hints === 1 ? '' : 's'}.`,
    );
    // A solved board is locked: no button edits it, no key or click changes it.
    for (const act of ['undo', 'restart', 'hint', 'check', 'reveal'])
      expect(await page.isDisabled(`[data-act="${act}"]`)).toBe(true);
    await page.focus('#board');
    await page.keyboard.press('Delete');
    await board.join(p.solution[0]);
    expect(await laid()).toEqual(p.solution);
    await home();
  });

  it('says there is a mistake on the board and shows it, and reveals after asking', async () => {
    const p = byRole().mistake;
    await open(p);
    const inSolution = new Set(p.solution);
    const wrong = [0, 1].find((pl) => !inSolution.has(pl))!;
    await join2(p, wrong);
    await page.click('[data-act="hint"]');
    expect(await page.textContent('[data-hint="mistake"]')).toBe('There is a mistake on the board.');
    expect(await page.$$('[data-ghost]')).toHaveLength(0);
    await page.click('[data-act="show-mistakes"]');
    expect(await page.$$eval('.domino.wrong', (es) => es.map((e) => Number(e.getAttribute('data-domino'))))).toEqual([
      wrong,
    ]);
    await page.click('[data-act="remove-mistakes"]');
    expect(await laid()).toEqual([]);
    await page.click('[data-act="reveal"]');
    expect(await laid()).toEqual([]);
    await page.click('[data-act="reveal-one"]');
    expect((await laid()).filter((pl) => inSolution.has(pl))).toHaveLength(1);
    await page.click('[data-act="reveal"]');
    await page.click('[data-act="reveal-all"]');
    expect(await laid()).toEqual(p.solution);
    // A revealed solution is not a solve.
    expect(await page.textContent('#status')).toBe('Solution revealed.');
    expect(await page.$$('a.next')).toHaveLength(1);
    // A revealed board is locked like a solved one.
    expect(await page.isDisabled('[data-act="undo"]')).toBe(true);
    await page.focus('#board');
    await page.keyboard.press('u');
    expect(await laid()).toEqual(p.solution);
    await home();
  });

  it('plays from the keyboard: move, join, mark, lift, undo', async () => {
    const p = byRole().keys;
    await open(p);
    await page.focus('#board');
    await page.keyboard.press('ArrowRight'); // the cursor on cell 1
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown'); // joins cells 1 and 1 + cols
    expect(await laid()).toEqual([2 * 1 + 1]);
    await page.keyboard.press('Shift+ArrowRight'); // joins cells 1 and 2, lifting the first
    expect(await laid()).toEqual([2 * 1]);
    await page.keyboard.press('x');
    await page.keyboard.press('ArrowDown'); // marks the boundary below cell 1
    expect(await page.$$eval('[data-mark]', (es) => es.map((e) => Number(e.getAttribute('data-mark'))))).toEqual([
      2 * 1 + 1,
    ]);
    await page.keyboard.press('Delete');
    expect(await laid()).toEqual([]);
    await page.keyboard.press('u');
    expect(await laid()).toEqual([2 * 1]);
    await home();
  });

  it('keeps progress across a reload and in a moved, renamed copy of the file', async () => {
    const status = (p: WebPuzzle): Promise<string | null> => page.textContent(`a.pick[data-puzzle="${p.id}"] .status`);
    const roles = byRole();
    // A puzzle once revealed (then undone) stays revealed in the index, apart from the solved ones,
    // and the help each took is noted.
    const expected = { hint: 'solved', solve: 'solved', dup: 'in progress', mistake: 'revealed', keys: 'in progress' };
    for (const [role, want] of Object.entries(expected))
      expect(await status(roles[role as keyof typeof expected])).toBe(want);
    const note = (p: WebPuzzle): Promise<(string | null)[]> =>
      page.$$eval(`a.pick[data-puzzle="${p.id}"] .note`, (es) => es.map((e) => e.textContent));
    expect(await note(roles.solve)).toEqual([]);
    expect((await note(roles.hint))[0]).toMatch(/^\d+ hints$/);
    // A hint that found a mistake counts as a check, apart from hints.
    expect(await note(roles.mistake)).toEqual(['1 check and 1 domino revealed']);
    const before = await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent));
    const p = roles.keys;
    await open(p);
    await page.reload();
    await page.waitForSelector('#board svg');
    expect(await laid()).toEqual([2 * 1]);
    const moved = join(session.dir, 'elsewhere', 'renamed.html');
    rmSync(join(session.dir, 'elsewhere'), { recursive: true, force: true });
    mkdirSync(join(session.dir, 'elsewhere'));
    copyFileSync(session.file, moved);
    session.allowed.add(pathToFileURL(moved).href);
    await page.goto(pathToFileURL(moved).href);
    expect(await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent))).toEqual(before);
  });

  it('logged no console errors and made no requests', () => {
    expect(session.problems).toEqual([]);
  });
});
