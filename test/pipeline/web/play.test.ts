// The web pack's page (pipeline/web/) in a real browser, opened from disk as a player would:
// solve by clicks, see pairs laid twice marked, follow hints from the empty board to the end,
// mistakes found, the keyboard, reveals, and progress kept across a reload and a moved file;
// no console errors and no requests beyond the file itself. Chromium is required under CI.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { WebPack, WebPuzzle } from '../../../src/dominosa/play/pack.js';
import { cli, DATA } from '../../helpers/cli.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Without Chromium the test is skipped on a developer's machine, never under CI.
const run = existsSync(CHROMIUM) || process.env.CI === 'true';

describe.skipIf(!run)('the web pack in Chromium', () => {
  let dir = '';
  let file = '';
  let context: BrowserContext;
  let page: Page;
  let pack: WebPack;
  const problems: string[] = [];
  const allowed = new Set<string>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dominosa-web-'));
    file = join(dir, 'pack.html');
    const r = cli(['export', '--db', join(DATA, 'catalog.sqlite'), '--format', 'web', '--sizes', '4,5', '--count', '8', '--seed', '3', '--name', 'Browser test', '--out', file]);
    expect(r.stderr).toContain('wrote 8 puzzles');
    allowed.add(pathToFileURL(file).href);
    context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1100, height: 900 } });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (req) => {
      if (!allowed.has(req.url().replace(/#.*$/, ''))) problems.push(`request: ${req.url()}`);
    });
    await page.goto(pathToFileURL(file).href);
    pack = await page.$eval('#dominosa-pack', (e) => JSON.parse(e.textContent ?? '') as WebPack);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // One puzzle per test: the one whose steps rule out the most (so its hints add marks), then the rest in order.
  const byRole = (): Record<'hint' | 'solve' | 'dup' | 'mistake' | 'keys', WebPuzzle> => {
    const eliminating = (p: WebPuzzle): number => p.steps.filter((s) => s[2].length > 0).length;
    const hint = [...pack.puzzles].sort((a, b) => eliminating(b) - eliminating(a))[0];
    const [solve, dup, mistake, keys] = pack.puzzles.filter((p) => p !== hint);
    return { hint, solve, dup, mistake, keys };
  };

  const cellsOf = (p: WebPuzzle, pl: number): [number, number] => [pl >> 1, (pl >> 1) + (pl & 1 ? p.cols : 1)];
  const pairOf = (p: WebPuzzle, pl: number): string => cellsOf(p, pl).map((c) => p.values[c]).sort((a, b) => a - b).join('-');

  // The board's box on screen, to click cells where a player would (the page's own geometry:
  // cells of 40 units inside a margin of 8, see pipeline/web/draw.ts).
  let box = { x: 0, y: 0, width: 0, height: 0 };
  let shown: WebPuzzle;

  async function open(p: WebPuzzle): Promise<void> {
    await page.click(`a.pick[data-puzzle="${p.id}"]`);
    box = (await (await page.waitForSelector('#board svg')).boundingBox())!;
    shown = p;
  }

  async function clickCell(c: number): Promise<void> {
    const unit = box.width / (shown.cols * 40 + 16);
    await page.mouse.click(box.x + (8 + ((c % shown.cols) + 0.5) * 40) * unit, box.y + (8 + (Math.floor(c / shown.cols) + 0.5) * 40) * unit);
  }

  async function join2(p: WebPuzzle, pl: number): Promise<void> {
    const [a, b] = cellsOf(p, pl);
    await clickCell(a);
    await clickCell(b);
  }

  const laid = (): Promise<number[]> => page.$$eval('[data-domino]', (es) => es.map((e) => Number(e.getAttribute('data-domino'))).sort((a, b) => a - b));
  const home = async (): Promise<void> => {
    await page.click('a.back');
    await page.waitForSelector('a.pick');
  };

  it('lists the puzzles by tier and size, all new', async () => {
    const tiers = await page.$$eval('section.tier h2', (hs) => hs.map((h) => h.textContent ?? ''));
    expect(tiers.length).toBeGreaterThan(0);
    expect(await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent))).toEqual(pack.puzzles.map(() => 'new'));
    expect(await page.$$eval('section.tier h3', (hs) => hs.every((h) => /^M = [45]/.test(h.textContent ?? '')))).toBe(true);
  });

  it('is solved by clicking the stored solution, and says so', async () => {
    const p = byRole().solve;
    await open(p);
    for (const pl of p.solution) await join2(p, pl);
    expect(await laid()).toEqual(p.solution);
    await expect.poll(() => page.textContent('#status')).toMatch(/^Solved in \d+:\d\d!$/);
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .status`)).toBe('solved');
  });

  it('marks both dominoes of a pair laid twice, and the pair in the tally', async () => {
    const p = byRole().dup;
    await open(p);
    const all = Array.from({ length: 2 * p.values.length }, (_, i) => i).filter((pl) => cellsOf(p, pl)[1] < p.values.length && (pl & 1 || (pl >> 1) % p.cols !== p.cols - 1));
    let twin: [number, number] | null = null;
    for (const a of all) for (const b of all) if (!twin && a < b && pairOf(p, a) === pairOf(p, b) && !cellsOf(p, a).some((c) => cellsOf(p, b).includes(c))) twin = [a, b];
    expect(twin).not.toBeNull();
    await join2(p, twin![0]);
    expect(await page.$$('.domino.dup')).toHaveLength(0);
    await join2(p, twin![1]);
    expect(await page.$$eval('.domino.dup', (es) => es.map((e) => Number(e.getAttribute('data-domino'))).sort((a, b) => a - b))).toEqual(twin);
    expect(await page.$$eval('.pair.dup', (es) => es.map((e) => e.textContent))).toEqual([pairOf(p, twin![0])]);
    expect(await page.textContent('#status')).toContain('2 dominoes spell a pair used twice');
    // A click on a laid domino lifts it; the warning goes with it.
    await clickCell(cellsOf(p, twin![1])[0]);
    expect(await page.$$('.domino.dup')).toHaveLength(0);
    await home();
  });

  it('follows hints from the empty board to the solution, marks and all, by hand', async () => {
    const p = byRole().hint;
    expect(p.steps.some((s) => s[2].length > 0)).toBe(true);
    await open(p);
    let marked = 0;
    for (let n = 0; n <= p.steps.length; n++) {
      await page.click('[data-act="hint"]');
      // What the hint shows, read in one trip: its sentence, highlighted cells, dashed dominoes and marks.
      const shown = await page.$eval('#app', (app) => {
        const ids = (sel: string, attr: string): number[] => [...app.querySelectorAll(sel)].map((e) => Number(e.getAttribute(attr)));
        return { text: app.querySelector('[data-hint="step"]')?.textContent ?? null, hinted: app.querySelectorAll('.cell.hinted').length, ghosts: ids('[data-ghost]', 'data-ghost'), marks: ids('[data-hint-mark]', 'data-hint-mark') };
      });
      if (shown.text === null) break;
      expect(shown.text).toMatch(/\S.*\d+-\d+.*\.$/);
      const { ghosts, marks } = shown;
      expect(ghosts.length + marks.length).toBeGreaterThan(0);
      expect(shown.hinted).toBeGreaterThan(0);
      for (const g of ghosts) await join2(p, g);
      if (marks.length > 0) {
        await page.click('[data-act="mark-mode"]');
        for (const m of marks) await join2(p, m);
        await page.click('[data-act="mark-mode"]');
        marked += marks.length;
      }
    }
    expect(marked).toBeGreaterThan(0);
    expect(await laid()).toEqual(p.solution);
    expect(await page.textContent('#status')).toMatch(/^Solved/);
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
    expect(await page.$$eval('.domino.wrong', (es) => es.map((e) => Number(e.getAttribute('data-domino'))))).toEqual([wrong]);
    await page.click('[data-act="remove-mistakes"]');
    expect(await laid()).toEqual([]);
    await page.click('[data-act="reveal"]');
    expect(await laid()).toEqual([]);
    await page.click('[data-act="reveal-one"]');
    expect((await laid()).filter((pl) => inSolution.has(pl))).toHaveLength(1);
    await page.click('[data-act="reveal"]');
    await page.click('[data-act="reveal-all"]');
    expect(await laid()).toEqual(p.solution);
    expect(await page.textContent('#status')).toMatch(/^Solved/);
    // Undo takes the reveal back as one move.
    await page.click('[data-act="undo"]');
    expect(await laid()).toHaveLength(1);
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
    expect(await page.$$eval('[data-mark]', (es) => es.map((e) => Number(e.getAttribute('data-mark'))))).toEqual([2 * 1 + 1]);
    await page.keyboard.press('Delete');
    expect(await laid()).toEqual([]);
    await page.keyboard.press('u');
    expect(await laid()).toEqual([2 * 1]);
    await home();
  });

  it('keeps progress across a reload and in a moved, renamed copy of the file', async () => {
    const status = (p: WebPuzzle): Promise<string | null> => page.textContent(`a.pick[data-puzzle="${p.id}"] .status`);
    const roles = byRole();
    // A puzzle once solved (here by a reveal, then undone) stays solved in the index.
    const expected = { hint: 'solved', solve: 'solved', dup: 'in progress', mistake: 'solved', keys: 'in progress' };
    for (const [role, want] of Object.entries(expected)) expect(await status(roles[role as keyof typeof expected])).toBe(want);
    const before = await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent));
    const p = roles.keys;
    await open(p);
    await page.reload();
    await page.waitForSelector('#board svg');
    expect(await laid()).toEqual([2 * 1]);
    const moved = join(dir, 'elsewhere', 'renamed.html');
    rmSync(join(dir, 'elsewhere'), { recursive: true, force: true });
    mkdirSync(join(dir, 'elsewhere'));
    copyFileSync(file, moved);
    allowed.add(pathToFileURL(moved).href);
    await page.goto(pathToFileURL(moved).href);
    expect(await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent))).toEqual(before);
  });

  it('logged no console errors and made no requests', () => {
    expect(problems).toEqual([]);
  });
});
