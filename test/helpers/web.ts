// The web pack in Chromium for the page's tests: export a pack from the shipped catalog, open it
// from disk as a player would, note console errors and requests, and click on a board where a
// player would (the page's own geometry: cells of 40 units inside a margin of 8, see
// pipeline/web/geometry.ts). Chromium is required under CI; elsewhere the tests skip without it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { WebPuzzle } from '../../src/dominosa/play/pack.js';
import type { PackPuzzle } from '../../src/formats/kind.js';
import { buildWebHtml, webPackData } from '../../src/formats/web.js';
import { allKinds } from '../../src/kinds.js';
import type { WebPack } from '../../src/play/pack.js';
import type { WebPuzzle as SudominoWebPuzzle } from '../../src/sudomino/play/pack.js';
import { readWebAssets } from '../../pipeline/export/web-assets.js';
import { cli, DATA } from './cli.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A puzzle of a web pack, of either kind. */
export type AnyWebPuzzle = WebPuzzle | SudominoWebPuzzle;

export const canRunChromium = existsSync(CHROMIUM) || process.env.CI === 'true';

export interface PackSession<P extends AnyWebPuzzle = WebPuzzle> {
  dir: string;
  file: string;
  context: BrowserContext;
  page: Page;
  pack: WebPack<P>;
  /** Console errors and warnings, page errors, and requests for anything but the allowed files. */
  problems: string[];
  allowed: Set<string>;
  close(): Promise<void>;
}

/** Export a web pack with these export options and open it in a fresh browser profile. */
export async function openPack(exportArgs: string[], viewport = { width: 1100, height: 900 }): Promise<PackSession> {
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-web-'));
  const file = join(dir, 'pack.html');
  const r = cli(['export', '--db', join(DATA, 'catalog.sqlite'), '--format', 'web', ...exportArgs, '--out', file]);
  if (r.code !== 0) throw new Error(`export failed: ${r.stderr}`);
  return openPage<WebPuzzle>(dir, file, viewport);
}

/** Write a web pack of these puzzles (either kind, as the exporter receives them) with the built page, and open it. */
export async function openPuzzles(
  puzzles: readonly PackPuzzle[],
  name: string,
  viewport = { width: 1100, height: 900 },
): Promise<PackSession<AnyWebPuzzle>> {
  const dir = mkdtempSync(join(tmpdir(), 'dominosa-web-'));
  const file = join(dir, 'pack.html');
  const page = buildWebHtml(webPackData(puzzles, allKinds(), name), readWebAssets());
  if (!page.ok) throw new Error(page.error);
  writeFileSync(file, page.html);
  return openPage<AnyWebPuzzle>(dir, file, viewport);
}

/** Open a written page in a fresh browser profile, noting problems. */
async function openPage<P extends AnyWebPuzzle>(
  dir: string,
  file: string,
  viewport: { width: number; height: number },
): Promise<PackSession<P>> {
  const problems: string[] = [];
  const allowed = new Set([pathToFileURL(file).href]);
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (req) => {
    if (!allowed.has(req.url().replace(/#.*$/, ''))) problems.push(`request: ${req.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  const pack = await page.$eval('#dominosa-pack', (e) => JSON.parse(e.textContent ?? '') as WebPack<P>);
  const close = async (): Promise<void> => {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, file, context, page, pack, problems, allowed, close };
}

/** A puzzle's board on screen: points in cell units from its top-left corner, and clicks there. */
export class BoardOnScreen {
  private constructor(
    readonly page: Page,
    readonly puzzle: AnyWebPuzzle,
    private readonly box: { x: number; y: number; width: number },
  ) {}

  /** Open the puzzle from the index and find its board. */
  static async open(page: Page, p: AnyWebPuzzle): Promise<BoardOnScreen> {
    await page.click(`a.pick[data-puzzle="${p.id}"]`);
    const box = (await (await page.waitForSelector('#board svg')).boundingBox())!;
    return new BoardOnScreen(page, p, box);
  }

  /** The screen point (x, y) cells from the board's top-left corner. */
  point(x: number, y: number): { x: number; y: number } {
    const unit = this.box.width / (this.puzzle.cols * 40 + 16);
    return { x: this.box.x + (8 + x * 40) * unit, y: this.box.y + (8 + y * 40) * unit };
  }

  /** How many screen pixels a cell is wide. */
  get cellPixels(): number {
    return (this.box.width / (this.puzzle.cols * 40 + 16)) * 40;
  }

  async clickAt(x: number, y: number): Promise<void> {
    const p = this.point(x, y);
    await this.page.mouse.click(p.x, p.y);
  }

  async clickCell(c: number): Promise<void> {
    await this.clickAt((c % this.puzzle.cols) + 0.5, Math.floor(c / this.puzzle.cols) + 0.5);
  }

  /** The two cells of placement pl. */
  cellsOf(pl: number): [number, number] {
    return [pl >> 1, (pl >> 1) + (pl & 1 ? this.puzzle.cols : 1)];
  }

  /** Lay a domino by clicking its two cells. */
  async join(pl: number): Promise<void> {
    const [a, b] = this.cellsOf(pl);
    await this.clickCell(a);
    await this.clickCell(b);
  }

  /** The midpoint of the line placement pl crosses, in cells. */
  lineMiddle(pl: number): [number, number] {
    const a = pl >> 1;
    const [r, c] = [Math.floor(a / this.puzzle.cols), a % this.puzzle.cols];
    return pl & 1 ? [c + 0.5, r + 1] : [c + 1, r + 0.5];
  }
}

/** Every placement of a puzzle's grid. */
export function placementsOf(p: WebPuzzle): number[] {
  return Array.from({ length: 2 * p.values.length }, (_, i) => i).filter((pl) =>
    pl & 1 ? (pl >> 1) + p.cols < p.values.length : (pl >> 1) % p.cols !== p.cols - 1,
  );
}

/** The pair placement pl spells, as "u-v". */
export function pairOf(p: WebPuzzle, pl: number): string {
  const a = pl >> 1;
  const b = a + (pl & 1 ? p.cols : 1);
  return [p.values[a], p.values[b]].sort((x, y) => x - y).join('-');
}
