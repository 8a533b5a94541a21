// The page's shell over every kind it plays (pipeline/web/kinds.ts), in Chromium, one body per
// kind in a pack that holds them all: the index heads with each kind's rules and groups its
// puzzles; a puzzle's title bar; help taken and a reveal show in the index apart from a solve;
// each kind's saved entries keep their key and fields (players' browsers resume them), and a
// reload reads them back; no console errors and no requests.
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PackPuzzle } from '../../../src/formats/pack.js';
import { packPuzzle, tieredSudominoPuzzle } from '../../helpers/packs.js';
import {
  BoardOnScreen,
  canRunChromium,
  openPack,
  openPuzzles,
  type AnyWebPuzzle,
  type PackSession,
} from '../../helpers/web.js';

/** What the test knows of a kind on the page: a puzzle of it, and what the page shows and stores of it. */
interface PageKind {
  title: string;
  puzzle: PackPuzzle;
  /** The index's heading of the puzzle's group, and the title bar's size phrase. */
  head: string;
  size: string;
  /** Saved entries' key prefix and fields, in their stored order. */
  prefix: string;
  fields: string[];
}

// The page's kinds, in its order (the registry of the page is the bundle's; a test cannot import it).
const KINDS: PageKind[] = [
  {
    title: 'Dominosa',
    puzzle: packPuzzle(4, 1, { tier: 'easy' }),
    head: 'Dominosa M = 4 5 × 6',
    size: 'Double-4, 5 × 6',
    prefix: 'dominosa-web',
    fields: ['laid', 'marks'],
  },
  {
    title: 'Sudomino',
    puzzle: tieredSudominoPuzzle({ rows: 6, cols: 6, values: 5 }, 'hard', 2),
    head: 'Sudomino 6×6 1–5',
    size: 'Sudomino 6×6 · 1–5',
    prefix: 'sudomino-web',
    fields: ['values', 'marks'],
  },
];
const RECORD = ['ms', 'solved', 'revealed', 'hints', 'reveals', 'checks'];

describe.skipIf(!canRunChromium)('the page over its kinds, in Chromium', () => {
  let session: PackSession<AnyWebPuzzle>;
  let page: Page;

  beforeAll(async () => {
    session = await openPuzzles(
      KINDS.map((k) => k.puzzle),
      'Every kind',
    );
    page = session.page;
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  const webOf = (k: PageKind): AnyWebPuzzle => session.pack.puzzles.find((p) => p.id === k.puzzle.id)!;
  const pick = (k: PageKind, part: string): Promise<string | null> =>
    page.textContent(`a.pick[data-puzzle="${k.puzzle.id}"] ${part}`);
  const home = async (): Promise<void> => {
    await page.click('a.back');
    await page.waitForSelector('a.pick');
  };
  /** The kind's saved entry, as the browser holds it (read as text: the test's own types know no DOM). */
  const stored = async (k: PageKind): Promise<Record<string, unknown> | null> => {
    const key = `${k.prefix}:${session.pack.checksum}:${JSON.stringify(k.puzzle.id)}`;
    const text = await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
    return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
  };

  it('heads the index with each kind’s rules, and lists each kind’s puzzles under its size, new', async () => {
    expect(await page.textContent('.sub')).toBe(`${KINDS.map((k) => k.title).join(' and ')} · ${KINDS.length} puzzles`);
    expect(await page.$$eval('p.rules b', (bs) => bs.map((b) => b.textContent))).toEqual(
      KINDS.map((k) => `${k.title}:`),
    );
    const heads = await page.$$eval('a.pick .size', (hs) => hs.map((h) => h.textContent));
    expect([...heads].sort()).toEqual(KINDS.map((k) => k.head).sort());
    for (const k of KINDS) expect(await pick(k, '.status')).toBe('new');
  });

  describe.each(KINDS)('$title', (k) => {
    it('opens its puzzle under a title bar: its number, its size, its tier, the clock', async () => {
      const p = webOf(k);
      await BoardOnScreen.open(page, p);
      expect(await page.$$eval('.bar h1 .phrase', (es) => es.map((e) => e.textContent))).toEqual([
        `Puzzle ${p.number}`,
        k.size,
        p.tier[0].toUpperCase() + p.tier.slice(1),
      ]);
      expect(await page.textContent('.bar .dbid')).toBe(`#${p.id}`);
      expect(await page.textContent('#timer')).toMatch(/^\d+:\d\d$/);
      expect(await page.title()).toBe(
        `Puzzle ${p.number} (#${p.id}) · ${k.size} · ${p.tier[0].toUpperCase()}${p.tier.slice(1)} — Every kind`,
      );
      await home();
    });

    it('counts a hint and a domino revealed, and records the whole solution revealed apart from a solve', async () => {
      await BoardOnScreen.open(page, webOf(k));
      await page.click('[data-act="hint"]');
      expect(await page.$$('[data-hint="step"]')).toHaveLength(1);
      await page.click('[data-act="reveal"]');
      await page.click('[data-act="reveal-one"]');
      await home();
      expect(await pick(k, '.status')).toBe('in progress');
      expect(await pick(k, '.note')).toBe('1 hint and 1 domino revealed');
      await BoardOnScreen.open(page, webOf(k));
      await page.click('[data-act="reveal"]');
      await page.click('[data-act="reveal-all"]');
      expect(await page.textContent('#status')).toBe('Solution revealed.');
      await home();
      expect(await pick(k, '.status')).toBe('revealed');
    });

    it('keeps its saved entry under its own key, its fields in their order', async () => {
      const entry = await stored(k);
      expect(Object.keys(entry ?? {})).toEqual([...k.fields, ...RECORD]);
      expect(entry).toMatchObject({ solved: false, revealed: true, hints: 1, reveals: 1 });
    });
  });

  it('reads every kind’s records back after a reload', async () => {
    await page.reload();
    await page.waitForSelector('a.pick');
    for (const k of KINDS) {
      expect(await pick(k, '.status')).toBe('revealed');
      expect(await pick(k, '.note')).toBe('1 hint and 1 domino revealed');
    }
  });

  it('met no console error and made no request', () => {
    expect(session.problems).toEqual([]);
  });
});

describe.skipIf(!canRunChromium)('a 40-puzzle index of both kinds, in Chromium at 1280×900', () => {
  let session: PackSession;
  let page: Page;
  const VIEW = { width: 1280, height: 900 };

  beforeAll(async () => {
    session = await openPack(['--count', '40', '--kind', 'dominosa,sudomino', '--seed', '1'], VIEW);
    page = session.page;
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  const kinds = (): Promise<string[]> =>
    page.$$eval('a.pick .size', (es) => [...new Set(es.map((e) => (e.textContent ?? '').split(' ')[0]))]);

  it('fits in one and a half screen heights, and the page stays within 0.6 MB', async () => {
    expect(await page.$$('a.pick')).toHaveLength(40);
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    expect(height).toBeLessThanOrEqual(1.5 * VIEW.height);
    expect(statSync(session.file).size).toBeLessThanOrEqual(600_000);
  });

  it('filters by kind and tier, keeps the filter in the address across a reload, and back from a puzzle', async () => {
    expect(await kinds()).toEqual(['Dominosa', 'Sudomino']);
    await page.click('.filter a[data-filter="sudomino"]');
    expect(new URL(page.url()).hash).toBe('#kind=sudomino');
    expect(await kinds()).toEqual(['Sudomino']);
    await page.click('.filter a[data-filter="hard"]');
    expect(new URL(page.url()).hash).toBe('#kind=sudomino&tier=hard');
    const tiers = await page.$$eval('section.tier', (es) => es.map((e) => e.getAttribute('data-tier')));
    expect(tiers).toEqual(['hard']);
    const cards = await page.$$eval('a.pick', (es) => es.length);
    expect(cards).toBe(
      session.pack.puzzles.filter((p) => (p as AnyWebPuzzle).kind === 'sudomino' && p.tier === 'hard').length,
    );
    await page.reload();
    await page.waitForSelector('a.pick');
    expect(await kinds()).toEqual(['Sudomino']);
    expect(await page.$$('a.pick')).toHaveLength(cards);
    // A puzzle's way back leads to the filtered index.
    await page.click('a.pick');
    await page.waitForSelector('#board svg');
    await page.click('a.back');
    await page.waitForSelector('a.pick');
    expect(new URL(page.url()).hash).toBe('#kind=sudomino&tier=hard');
    expect(await page.$$('a.pick')).toHaveLength(cards);
    await page.click('.filter a[data-filter=""]');
    expect(await page.$$('section.tier')).toHaveLength(1);
  });

  it('met no console error and made no request', () => {
    expect(session.problems).toEqual([]);
  });
});
