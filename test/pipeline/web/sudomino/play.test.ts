// Sudomino in the web pack's page, in a real browser, in a pack that mixes both kinds: the index
// lists both; a generated puzzle is played to solved by clicking each domino and typing its
// number, another by the keyboard alone (finding a number rings its cells; a solve locks the
// board); a clash shows (and the hint calls it a mistake); hints appear and are followed to the
// end, writing no mark the player did not make; undo and redo; pencil marks; progress survives a
// reload; no console errors and no requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { webBoard, type WebPuzzle } from '../../../../src/sudomino/play/pack.js';
import type { Board } from '../../../../src/sudomino/board.js';
import { packPuzzle, tieredSudominoPuzzle } from '../../../helpers/packs.js';
import {
  BoardOnScreen,
  canRunChromium,
  openPuzzles,
  type AnyWebPuzzle,
  type PackSession,
} from '../../../helpers/web.js';

describe.skipIf(!canRunChromium)('Sudomino in the web pack, in Chromium', () => {
  let session: PackSession<AnyWebPuzzle>;
  let page: Page;
  let sudominos: WebPuzzle[];

  beforeAll(async () => {
    const puzzles = [
      packPuzzle(4, 1, { tier: 'easy' }),
      tieredSudominoPuzzle({ rows: 8, cols: 8, values: 6 }, 'normal', 4, 901),
      tieredSudominoPuzzle({ rows: 6, cols: 6, values: 5 }, 'hard', 2, 902),
      tieredSudominoPuzzle({ rows: 8, cols: 8, values: 6 }, 'expert', 1, 903),
      tieredSudominoPuzzle({ rows: 8, cols: 8, values: 10 }, 'easy', 0, 904),
      tieredSudominoPuzzle({ rows: 6, cols: 6, values: 5 }, 'normal', 3, 905),
      tieredSudominoPuzzle({ rows: 8, cols: 8, values: 6 }, 'hard', 5, 906),
    ];
    session = await openPuzzles(puzzles, 'Mixed test pack');
    page = session.page;
    sudominos = session.pack.puzzles.filter((p): p is WebPuzzle => p.kind === 'sudomino');
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  let board: BoardOnScreen;
  let shape: Board;

  async function open(p: WebPuzzle): Promise<void> {
    board = await BoardOnScreen.open(page, p);
    shape = webBoard(p);
  }

  /** Select domino d by clicking its first cell. */
  const select = (d: number): Promise<void> => board.clickCell(shape.cells[2 * d]);
  const open_ = (): number[] => Array.from(shape.given.keys()).filter((d) => shape.given[d] === 0);
  /** The numbers on the board, by cell. */
  const shown = (): Promise<Record<number, string>> =>
    page.$$eval('[data-value]', (es) =>
      Object.fromEntries(es.map((e) => [Number(e.getAttribute('data-value')), e.textContent ?? ''])),
    );
  const home = async (): Promise<void> => {
    await page.click('a.back');
    await page.waitForSelector('a.pick');
  };

  it('lists both kinds, each card naming its kind and size', async () => {
    const sizes = await page.$$eval('a.pick .size', (hs) => hs.map((h) => h.textContent));
    expect(sizes).toEqual([
      'Dominosa M = 4 5 × 6',
      'Sudomino 8×8 1–10',
      'Sudomino 6×6 1–5',
      'Sudomino 8×8 1–6',
      'Sudomino 6×6 1–5',
      'Sudomino 8×8 1–6',
      'Sudomino 8×8 1–6',
    ]);
    expect(await page.textContent('.sub')).toBe('Dominosa and Sudomino · 7 puzzles');
    expect(await page.$$eval('a.pick .status', (es) => es.map((e) => e.textContent))).toEqual(
      Array.from({ length: 7 }, () => 'new'),
    );
  });

  it('is solved by selecting every domino and typing its number, and says so', async () => {
    const p = sudominos[0];
    await open(p);
    const givens = shape.given.filter((v) => v !== 0).length;
    expect(await page.$$('text.given')).toHaveLength(2 * givens);
    expect(await page.$$('.cell.blocked')).toHaveLength(Array.from(shape.domino).filter((d) => d < 0).length);
    for (const d of open_()) {
      await select(d);
      await page.keyboard.press(String(p.solution[d]));
    }
    await expect.poll(() => page.textContent('#status')).toMatch(/^Solved in \d+:\d\d!$/);
    const values = await shown();
    for (let d = 0; d < shape.given.length; d++)
      for (const c of [shape.cells[2 * d], shape.cells[2 * d + 1]]) expect(values[c]).toBe(String(p.solution[d]));
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .status`)).toBe('solved');
  });

  it('shows a clash in red, calls it a mistake, and clears it with Backspace', async () => {
    const p = sudominos[1];
    await open(p);
    // An open domino and another of one of its rows holding a different number in the solution.
    const cols = shape.cols;
    const rowOf = (c: number): number => Math.floor(c / cols);
    let pick: [number, number] | null = null;
    for (const d of open_()) {
      const r = rowOf(shape.cells[2 * d]);
      for (const e of open_())
        if (!pick && e !== d && [shape.cells[2 * e], shape.cells[2 * e + 1]].some((c) => rowOf(c) === r)) pick = [d, e];
    }
    expect(pick).not.toBeNull();
    const [d, e] = pick!;
    await select(d);
    await page.keyboard.press(String(p.solution[d]));
    expect(await page.$$('[data-clash]')).toHaveLength(0);
    await select(e);
    await page.keyboard.press(String(p.solution[d]));
    const clash = await page.$$eval('[data-clash]', (es) =>
      es.map((x) => Number(x.getAttribute('data-clash'))).sort((a, b) => a - b),
    );
    const inRow = (x: number): number[] =>
      [shape.cells[2 * x], shape.cells[2 * x + 1]].filter((c) => rowOf(c) === rowOf(shape.cells[2 * d]));
    expect(clash).toEqual([...inRow(d), ...inRow(e)].sort((a, b) => a - b));
    expect(await page.$$('text.entered.clash')).not.toHaveLength(0);
    expect(await page.textContent('#status')).toMatch(/cells clash/);
    await page.click('[data-act="hint"]');
    expect(await page.textContent('[data-hint="mistake"]')).toBe('There is a mistake on the board.');
    await page.click('[data-act="close"]');
    await select(e);
    await page.keyboard.press('Backspace');
    expect(await page.$$('[data-clash]')).toHaveLength(0);
    await page.click('[data-act="restart"]');
    expect(Object.keys(await shown())).toHaveLength(2 * shape.given.filter((v) => v !== 0).length);
    await home();
  });

  it('gives the grader\u2019s worded step as a hint, and follows it', async () => {
    const p = sudominos[2];
    await open(p);
    await page.click('[data-act="hint"]');
    const text = await page.textContent('[data-hint="step"]');
    // Dominoes named where they lie, as Dominosa's hints name them.
    expect(text).toMatch(
      /^(singles|pairs|subsets|chains) \S.*(row \d+, columns \d+–\d+|column \d+, rows \d+–\d+).*[.)]$/,
    );
    expect(text).not.toMatch(/\br\d+c\d+/);
    expect((await page.$$('.cell.hinted')).length).toBeGreaterThan(0);
    const ghosts = await page.$$eval('[data-ghost]', (es) =>
      es.map((x) => [Number(x.getAttribute('data-ghost')), x.textContent]),
    );
    const before = Object.keys(await shown()).length;
    await page.click('[data-act="apply-hint"]');
    const after = await shown();
    for (const [c, v] of ghosts) expect(after[c as number]).toBe(v);
    expect(Object.keys(after).length).toBeGreaterThan(before);
    expect(await page.$$('text.pencil')).toHaveLength(0);
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .note`)).toBe('1 hint');
  });

  it('follows hints to the end, writing no mark the player did not make and crossing out only the player\u2019s', async () => {
    const p = sudominos[4];
    await open(p);
    // The player's own marks on one open domino: every value.
    const mine = open_()[open_().length - 1];
    await select(mine);
    await page.click('[data-act="mark-mode"]');
    for (let v = 1; v <= p.values; v++) await page.click(`[data-num="${v}"]`);
    await page.click('[data-act="mark-mode"]');
    const mineCells = new Set([shape.cells[2 * mine], shape.cells[2 * mine + 1]]);
    /** The cells that show pencil marks, from the marks' places in the drawing. */
    const pencilled = (): Promise<number[]> =>
      page.$$eval(
        'text.pencil',
        (es, [cols, pad, cell]) => [
          ...new Set(
            es.map(
              (e) =>
                Math.floor((Number(e.getAttribute('y')) - pad) / cell) * cols +
                Math.floor((Number(e.getAttribute('x')) - pad) / cell),
            ),
          ),
        ],
        [shape.cols, 8, 40],
      );
    let hints = 0;
    for (let k = 0; k < 200; k++) {
      if ((await page.textContent('#status'))?.startsWith('Solved')) break;
      await page.keyboard.press('Escape');
      await page.keyboard.press('h');
      if ((await page.$$('[data-act="apply-hint"]')).length === 0) break;
      hints++;
      const before = await shown();
      await page.click('[data-act="apply-hint"]');
      const after = await shown();
      // Only marks the player made, on the domino the player marked (until a hint fills it).
      for (const c of await pencilled()) expect(mineCells.has(c)).toBe(true);
      // Values change only on the dominoes the hint placed: nothing already there is touched.
      for (const [c, v] of Object.entries(before)) expect(after[Number(c)]).toBe(v);
    }
    expect(hints).toBeGreaterThan(0);
    expect(await page.textContent('#status')).toBe(
      `Solved in ${await page.textContent('#timer')} with ${hints} hint${hints === 1 ? '' : 's'}.`,
    );
    // The technique shows once the puzzle is solved.
    expect(await page.isVisible('.bar .tech')).toBe(true);
    await home();
  });

  it('plays to the end by the keyboard alone: arrows, numbers; finds a number; locks once solved', async () => {
    const p = sudominos[5];
    await page.focus(`a.pick[data-puzzle="${p.id}"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#board svg');
    shape = webBoard(p);
    const { rows, cols, domino } = shape;
    // The cell an arrow reaches from a cell: the first cell that way of another domino.
    const reach = (from: number, dr: number, dc: number): number => {
      for (
        let r = Math.floor(from / cols) + dr, c = (from % cols) + dc;
        r >= 0 && r < rows && c >= 0 && c < cols;
        r += dr, c += dc
      ) {
        const o = domino[r * cols + c];
        if (o >= 0 && o !== domino[from]) return r * cols + c;
      }
      return from;
    };
    const keys: [string, number, number][] = [
      ['ArrowUp', -1, 0],
      ['ArrowDown', 1, 0],
      ['ArrowLeft', 0, -1],
      ['ArrowRight', 0, 1],
    ];
    /** The arrows from one cell to a cell of domino d, by a search over arrow moves. */
    const path = (from: number, d: number): { keys: string[]; to: number } => {
      const prev = new Map<number, [number, string]>([[from, [-1, '']]]);
      const queue = [from];
      while (queue.length > 0) {
        const at = queue.shift()!;
        if (domino[at] === d) {
          const out: string[] = [];
          for (let x = at; x !== from; x = prev.get(x)![0]) out.unshift(prev.get(x)![1]);
          return { keys: out, to: at };
        }
        for (const [k, dr, dc] of keys) {
          const next = reach(at, dr, dc);
          if (!prev.has(next)) {
            prev.set(next, [at, k]);
            queue.push(next);
          }
        }
      }
      throw new Error(`domino ${d} cannot be reached by arrows`);
    };
    // Find a number: nothing selected, a number key rings every cell holding it.
    await page.keyboard.press('1');
    const ones = Object.entries(await shown())
      .filter(([, v]) => v === '1')
      .map(([c]) => Number(c));
    expect(
      await page.$$eval('[data-found]', (es) =>
        es.map((e) => Number(e.getAttribute('data-found'))).sort((a, b) => a - b),
      ),
    ).toEqual(ones.sort((a, b) => a - b));
    expect(await page.getAttribute('[data-find="1"]', 'aria-pressed')).toBe('true');
    await page.keyboard.press('1');
    expect(await page.$$('[data-found]')).toHaveLength(0);
    // The first arrow selects the first domino; then each open domino is reached and typed.
    await page.keyboard.press('ArrowRight');
    let at = domino.findIndex((d) => d >= 0);
    for (const d of open_()) {
      const route = path(at, d);
      for (const k of route.keys) await page.keyboard.press(k);
      at = route.to;
      await page.keyboard.press(String(p.solution[d]));
    }
    await expect.poll(() => page.textContent('#status')).toMatch(/^Solved in \d+:\d\d!$/);
    // Solved: the board is locked, and a number key still finds (Escape drops the selection first).
    const before = await shown();
    await page.keyboard.press('Backspace');
    await page.keyboard.press(String((p.solution[open_()[0]] % p.values) + 1));
    expect(await shown()).toEqual(before);
    await page.keyboard.press('Escape');
    await page.keyboard.press('2');
    const twos = Object.entries(before)
      .filter(([, v]) => v === '2')
      .map(([c]) => Number(c));
    expect((await page.$$('[data-found]')).length).toBe(twos.length);
    expect(twos.length).toBeGreaterThan(0);
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .status`)).toBe('solved');
  });

  it('undoes and redoes, takes pencil marks, and keeps the board across a reload', async () => {
    const p = sudominos[1];
    await open(p);
    const [d, e] = open_();
    const at = shape.cells[2 * d];
    await select(d);
    await page.keyboard.press(String(p.solution[d]));
    expect((await shown())[at]).toBe(String(p.solution[d]));
    await page.click('[data-act="undo"]');
    expect((await shown())[at]).toBeUndefined();
    await page.keyboard.press('Control+y');
    expect((await shown())[at]).toBe(String(p.solution[d]));
    // Pencil marks: Shift+number, or the marks mode.
    await select(e);
    await page.keyboard.press('Shift+Digit1');
    await page.click('[data-act="mark-mode"]');
    await page.click('[data-num="2"]');
    await page.click('[data-act="mark-mode"]');
    expect(await page.$$eval('text.pencil', (es) => [...new Set(es.map((x) => x.textContent))].sort())).toEqual([
      '1',
      '2',
    ]);
    await page.reload();
    await page.waitForSelector('#board svg');
    expect((await shown())[at]).toBe(String(p.solution[d]));
    expect(await page.$$eval('text.pencil', (es) => [...new Set(es.map((x) => x.textContent))].sort())).toEqual([
      '1',
      '2',
    ]);
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .status`)).toBe('in progress');
  });

  it('moves the selection with the arrows to the next domino that way, past blocked cells', async () => {
    const p = sudominos[2];
    await open(p);
    const selected = (): Promise<number> =>
      page.$eval('[data-selected]', (x) => Number(x.getAttribute('data-selected')));
    const { rows, cols, domino } = shape;
    // The domino an arrow reaches from a cell: the first cell that way of another domino.
    const reach = (from: number, dr: number, dc: number): number => {
      for (
        let r = Math.floor(from / cols) + dr, c = (from % cols) + dc;
        r >= 0 && r < rows && c >= 0 && c < cols;
        r += dr, c += dc
      ) {
        const o = domino[r * cols + c];
        if (o >= 0 && o !== domino[from]) return r * cols + c;
      }
      return from;
    };
    let at = shape.cells[0];
    await board.clickCell(at);
    expect(await selected()).toBe(domino[at]);
    for (const [key, dr, dc] of [
      ['ArrowRight', 0, 1],
      ['ArrowDown', 1, 0],
      ['ArrowDown', 1, 0],
      ['ArrowLeft', 0, -1],
      ['ArrowUp', -1, 0],
    ] as const) {
      await page.keyboard.press(key);
      at = reach(at, dr, dc);
      expect(await selected()).toBe(domino[at]);
    }
    await home();
  });

  it('takes numbers above 9 as two digits, values and marks alike, and reveals one domino after asking', async () => {
    const p = sudominos.find((q) => q.values === 10)!;
    await open(p);
    const [d, e] = open_();
    await select(d);
    await page.keyboard.press('1');
    await page.keyboard.press('0');
    expect((await shown())[shape.cells[2 * d]]).toBe('10');
    await page.keyboard.press('2');
    await page.keyboard.press('3');
    expect((await shown())[shape.cells[2 * d]]).toBe('3');
    await select(e);
    await page.keyboard.press('Shift+Digit1');
    await page.keyboard.press('Shift+Digit0');
    expect(await page.$$eval('text.pencil', (es) => [...new Set(es.map((x) => x.textContent))])).toEqual(['10']);
    await page.click('[data-act="reveal"]');
    await page.click('[data-act="reveal-one"]');
    expect((await shown())[shape.cells[2 * e]]).toBe(String(p.solution[e]));
    await home();
    expect(await page.textContent(`a.pick[data-puzzle="${p.id}"] .note`)).toBe('1 domino revealed');
  });

  it('met no console error and made no request', () => {
    expect(session.problems).toEqual([]);
  });
});
