// Tests for board parsing and formatting: round trips on random boards, one test per
// validation kind (checking board, line, row and column are named), and the reader's framing.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import {
  type Board,
  type BoardError,
  type ParseResult,
  BoardReader,
  boardFromGrid,
  boardToGrid,
  formatBoardError,
  formatBoardJsonl,
  formatBoardText,
  isWide,
  mFromDimensions,
  parseBoards,
} from '../../src/dominosa/board.js';
import { parseTathamId, toTathamId } from '../../src/dominosa/formats/tatham.js';
import { toWide } from '../../src/dominosa/transform.js';

/** Every value 0..m, each m+2 times: the multiset of a double-m board. */
function multiset(m: number): number[] {
  const out: number[] = [];
  for (let v = 0; v <= m; v++) for (let k = 0; k < m + 2; k++) out.push(v);
  return out;
}

function makeBoard(m: number, wide: boolean, values: number[], meta?: Record<string, unknown>): Board {
  const rows = wide ? m + 1 : m + 2;
  const cols = wide ? m + 2 : m + 1;
  const cells = Uint16Array.from(values);
  return meta === undefined ? { rows, cols, m, cells } : { rows, cols, m, cells, meta };
}

/** A valid (not necessarily solvable) board of random size and orientation. */
const arbBoard = (maxM = 12): fc.Arbitrary<Board> =>
  fc.record({ m: fc.integer({ min: 1, max: maxM }), wide: fc.boolean() }).chain(({ m, wide }) => {
    const all = multiset(m);
    return fc
      .shuffledSubarray(all, { minLength: all.length, maxLength: all.length })
      .map((values) => makeBoard(m, wide, values));
  });

const arbId: fc.Arbitrary<string | number> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
);

/** JSON-safe extra fields; `grid` and `n` are left out (n is checked against M). */
const arbExtra = fc.dictionary(
  fc.string({ maxLength: 6 }).filter((k) => k !== 'grid' && k !== 'n' && k !== 'id'),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
  { maxKeys: 4 },
);

function only(results: readonly ParseResult[]): Board {
  expect(results).toHaveLength(1);
  const r = results[0];
  if (!r.ok) throw new Error(formatBoardError(r.error));
  return r.board;
}

function failure(results: readonly ParseResult[], at = 0): BoardError {
  const r = results[at];
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

function sameGrid(a: Board, b: Board): void {
  expect([a.rows, a.cols, a.m]).toEqual([b.rows, b.cols, b.m]);
  expect(Array.from(a.cells)).toEqual(Array.from(b.cells));
}

/** The board's values as text tokens, row by row, ready to be corrupted. */
function rowsOf(b: Board): string[][] {
  return boardToGrid(b).map((row) => row.map(String));
}

describe('round trips', () => {
  it('formatBoardText then parse is the identity (grid and id)', () => {
    fc.assert(
      fc.property(arbBoard(), fc.option(arbId, { nil: undefined }), (b0, id) => {
        const b = id === undefined ? b0 : { ...b0, meta: { id } };
        const text = formatBoardText(b);
        expect(text.endsWith('\n')).toBe(false);
        for (const format of ['text', 'auto'] as const) {
          const back = only(parseBoards(text, format));
          sameGrid(back, b);
          expect(back.meta).toEqual(id === undefined ? undefined : { id });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('formatBoardJsonl then parse is the identity (grid and all meta)', () => {
    fc.assert(
      fc.property(arbBoard(), fc.option(arbId, { nil: undefined }), fc.boolean(), arbExtra, (b0, id, withN, extra) => {
        const meta: Record<string, unknown> = {};
        if (id !== undefined) meta.id = id;
        if (withN) meta.n = b0.m;
        Object.assign(meta, extra);
        const b = Object.keys(meta).length ? { ...b0, meta } : b0;
        const line = formatBoardJsonl(b);
        expect(line).not.toContain('\n');
        const back = only(parseBoards(line, 'jsonl'));
        sameGrid(back, b);
        expect(back.meta).toEqual(b.meta);
        // Meta fields come first, in order, then the grid.
        const keys = Object.keys(JSON.parse(line) as object);
        expect(keys[keys.length - 1]).toBe('grid');
        expect(JSON.parse(line).grid).toEqual(boardToGrid(b));
      }),
      { numRuns: 300 },
    );
  });

  it('text rows are plain for M < 10 and column-aligned for M >= 10', () => {
    fc.assert(
      fc.property(arbBoard(14), (b) => {
        const lines = formatBoardText(b).split('\n');
        const grid = boardToGrid(b);
        expect(lines).toHaveLength(b.rows);
        if (b.m < 10) {
          lines.forEach((l, r) => expect(l).toBe(grid[r].join(' ')));
        } else {
          // Every value occupies the same width, so all lines are equally long and the
          // right edge of column c sits at the same position on every line.
          const w = String(b.m).length;
          lines.forEach((l, r) => {
            expect(l.length).toBe(b.cols * w + b.cols - 1);
            for (let c = 0; c < b.cols; c++) expect(Number(l.slice(c * (w + 1), c * (w + 1) + w))).toBe(grid[r][c]);
          });
        }
      }),
      { numRuns: 100 },
    );
  });

  it('several boards separated by blank lines and comments come back in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbBoard(8), fc.integer({ min: 1, max: 3 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (items, trailing) => {
          let text = '';
          items.forEach(([b, blanks, comment], k) => {
            if (k > 0) text += '\n'.repeat(blanks + 1);
            if (comment) text += `# board number ${k}\n   # indented comment\n`;
            text += formatBoardText(b);
          });
          if (trailing) text += '\n\n';
          const results = parseBoards(text);
          expect(results.map((r) => r.index)).toEqual(items.map((_, k) => k));
          results.forEach((r, k) => sameGrid(only([r]), items[k][0]));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('formatBoardError', () => {
  it('writes one line with 1-based positions', () => {
    const e: BoardError = { index: 3, id: 'p17', line: 23, row: 1, col: 4, message: 'value 9 is above M=6' };
    expect(formatBoardError(e)).toBe('board 4 (id "p17"), line 23, row 2, column 5: value 9 is above M=6');
    expect(formatBoardError({ index: 0, message: 'empty grid' })).toBe('board 1: empty grid');
    expect(formatBoardError({ index: 1, line: 7, row: 0, message: 'x' })).toBe('board 2, line 7, row 1: x');
  });
});

// Text input of k valid filler boards and then `target`, with the line number (1-based) of
// each row of the target, so tests can say where an error must be reported.
function textWithTarget(fillers: Board[], targetRows: string[][]): { text: string; rowLine: number[] } {
  const lines: string[] = ['# leading comment'];
  for (const f of fillers) lines.push(formatBoardText(f), '');
  const joined = lines.join('\n').split('\n');
  const rowLine: number[] = [];
  for (const row of targetRows) {
    joined.push(row.join(' '));
    rowLine.push(joined.length);
  }
  return { text: joined.join('\n'), rowLine };
}

const arbFillers = fc.array(arbBoard(5), { maxLength: 3 });

describe('validation names the board, line, row and column', () => {
  it('empty grid', () => {
    expect(failure([boardFromGrid([], 2)])).toMatchObject({ index: 2 });
    expect(failure([boardFromGrid([], 2)]).message).toMatch(/empty/);
    expect(failure([boardFromGrid([[], [], []], 0)]).message).toMatch(/empty/);
    const e = failure(parseBoards('\n{"id":"e","grid":[]}', 'jsonl'));
    expect(e).toMatchObject({ index: 0, id: 'e', line: 2 });
    expect(formatBoardError(e)).toMatch(/^board 1 \(id "e"\), line 2: .*empty/);
  });

  it('not an array of arrays', () => {
    expect(failure([boardFromGrid('1 2 3', 0)]).message).toMatch(/not an array/);
    expect(failure([boardFromGrid({ rows: 2 }, 0)]).message).toMatch(/not an array/);
    const e = failure([boardFromGrid([[0, 1, 1], 5, [0, 0, 1]], 4)]);
    expect(e).toMatchObject({ index: 4, row: 1 });
    expect(e.message).toMatch(/not an array of arrays/);
    expect(formatBoardError(e)).toMatch(/^board 5, row 2: /);
  });

  it('non-rectangular rows name the row and both lengths', () => {
    fc.assert(
      fc.property(arbFillers, arbBoard(8), fc.nat(), fc.boolean(), (fillers, b, pick, longer) => {
        const rows = rowsOf(b);
        const r = 1 + (pick % (b.rows - 1));
        if (longer) rows[r].push('0');
        else rows[r].pop();
        const got = longer ? b.cols + 1 : b.cols - 1;
        const { text, rowLine } = textWithTarget(fillers, rows);
        const e = failure(parseBoards(text), fillers.length);
        expect(e).toMatchObject({ index: fillers.length, line: rowLine[r], row: r });
        expect(e.message).toContain(`${got} values`);
        expect(e.message).toContain(`expected ${b.cols}`);
        // The same through a JSON grid.
        const j = failure([
          boardFromGrid(
            rows.map((row) => row.map(Number)),
            9,
          ),
        ]);
        expect(j).toMatchObject({ index: 9, row: r });
        expect(j.message).toContain(`expected ${b.cols}`);
      }),
      { numRuns: 60 },
    );
  });

  it('a text token that is not a non-negative integer names row, column and token', () => {
    const bad = ['7a', '1.5', '-2', 'x', '+3', '0x1', '{', '3,'];
    fc.assert(
      fc.property(arbFillers, arbBoard(8), fc.nat(), fc.nat(), fc.constantFrom(...bad), (fillers, b, pr, pc, token) => {
        const rows = rowsOf(b);
        const r = pr % b.rows;
        const c = pc % b.cols;
        rows[r][c] = token;
        const { text, rowLine } = textWithTarget(fillers, rows);
        const results = parseBoards(text, 'text');
        expect(results).toHaveLength(fillers.length + 1);
        const e = failure(results, fillers.length);
        expect(e).toMatchObject({ index: fillers.length, line: rowLine[r], row: r, col: c });
        expect(e.message).toContain(token);
        expect(formatBoardError(e)).toContain(
          `board ${fillers.length + 1}, line ${rowLine[r]}, row ${r + 1}, column ${c + 1}: `,
        );
      }),
      { numRuns: 80 },
    );
  });

  it('a JSON entry that is not a non-negative integer names row and column', () => {
    const bad: unknown[] = [1.5, -1, '3', null, true, [], {}, Number.NaN, Infinity];
    fc.assert(
      fc.property(arbBoard(8), fc.nat(), fc.nat(), fc.constantFrom(...bad), (b, pr, pc, v) => {
        const grid: unknown[][] = boardToGrid(b);
        const r = pr % b.rows;
        const c = pc % b.cols;
        grid[r][c] = v;
        const e = failure([boardFromGrid(grid, 1, { id: 'q' })]);
        expect(e).toMatchObject({ index: 1, id: 'q', row: r, col: c });
        expect(e.message).toMatch(/not a non-negative integer/);
      }),
      { numRuns: 60 },
    );
  });

  it('dimensions that fit no M', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 15 }), (rows, cols) => {
        fc.pre(!((cols === rows + 1 && rows >= 2) || (rows === cols + 1 && cols >= 2)));
        const grid = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
        const e = failure([boardFromGrid(grid, 0)]);
        expect(e.row).toBeUndefined();
        expect(e.message).toContain(`${rows}x${cols}`);
        const t = failure(parseBoards(grid.map((row) => row.join(' ')).join('\n')));
        expect(t).toMatchObject({ line: 1 });
        expect(t.message).toContain(`${rows}x${cols}`);
      }),
      { numRuns: 80 },
    );
  });

  it('n in the input disagreeing with M from the dimensions', () => {
    fc.assert(
      fc.property(arbBoard(8), fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant('x')), (b, n) => {
        fc.pre(n !== b.m);
        const line = JSON.stringify({ id: 7, n, grid: boardToGrid(b) });
        const e = failure(parseBoards(`# header\n${line}`));
        expect(e).toMatchObject({ index: 0, id: '7', line: 2 });
        expect(e.message).toContain(`M=${b.m}`);
        expect(e.message).toContain(String(n));
      }),
      { numRuns: 40 },
    );
  });

  it('a value above M names its row and column', () => {
    fc.assert(
      fc.property(
        arbFillers,
        arbBoard(),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 70000 }),
        (fillers, b, pr, pc, over) => {
          const r = pr % b.rows;
          const c = pc % b.cols;
          const v = b.m + over;
          const rows = rowsOf(b);
          rows[r][c] = String(v);
          const { text, rowLine } = textWithTarget(fillers, rows);
          const e = failure(parseBoards(text), fillers.length);
          expect(e).toMatchObject({ index: fillers.length, line: rowLine[r], row: r, col: c });
          expect(e.message).toContain(`value ${v} is above M=${b.m}`);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a value whose count is not M+2 is named with its count', () => {
    fc.assert(
      fc.property(arbBoard(), fc.nat(), fc.nat(), (b, pi, shift) => {
        const i = pi % b.cells.length;
        const a = b.cells[i];
        const to = (a + 1 + (shift % b.m)) % (b.m + 1); // any value 0..M other than a
        const grid = boardToGrid(b);
        grid[Math.floor(i / b.cols)][i % b.cols] = to;
        const e = failure([boardFromGrid(grid, 0)]);
        const m = /value (\d+) appears (\d+) times/.exec(e.message);
        expect(m).not.toBeNull();
        const named = [Number(m![1]), Number(m![2])];
        expect([
          [a, b.m + 1],
          [to, b.m + 3],
        ]).toContainEqual(named);
      }),
      { numRuns: 100 },
    );
  });

  it('absurd sizes are refused without walking the input', () => {
    // Arrays of 10^9 slots that count every element read: refusing them must read almost none.
    let reads = 0;
    const counted = (): unknown[] => {
      const a: unknown[] = [];
      a.length = 1e9;
      return new Proxy(a, {
        get(t, k, r) {
          if (typeof k === 'string' && /^\d+$/.test(k)) reads++;
          return Reflect.get(t, k, r);
        },
      });
    };
    expect(failure([boardFromGrid(counted(), 0)]).message).toMatch(/too large/);
    expect(failure([boardFromGrid([counted(), counted()], 0)]).message).toMatch(/too large/);
    expect(reads).toBeLessThan(10);

    // A text row of a million values stops being read at the limit (its time is in npm run bench).
    const line = '0 '.repeat(1_000_000);
    const reader = new BoardReader('text');
    expect(reader.push(line)).toEqual([]);
    for (let k = 0; k < 5; k++) reader.push(line);
    const e = failure(reader.end());
    expect(e).toMatchObject({ line: 1, row: 0 });
    expect(e.message).toMatch(/too large/);

    // Too many rows.
    const many = failure(parseBoards('1 0\n'.repeat(5000)));
    expect(many.message).toMatch(/too large/);
    expect(many.row).toBe(1000);

    // JSON with a huge row.
    const j = failure(parseBoards(JSON.stringify({ grid: [new Array(5000).fill(0)] })));
    expect(j.message).toMatch(/too large/);
  });
});

describe('BoardReader framing', () => {
  it('ignores comments inside a board, tolerates BOM and CRLF, separates on blank lines', () => {
    fc.assert(
      fc.property(arbBoard(8), arbBoard(8), fc.nat(), (a, b, cut) => {
        const aRows = formatBoardText(a).split('\n');
        const k = 1 + (cut % (aRows.length - 1));
        // A comment between rows neither adds a row nor ends the board; a whitespace-only line does end it.
        const lines = [
          '# about a',
          ...aRows.slice(0, k),
          '  # mid-board comment',
          ...aRows.slice(k),
          ' \t ',
          '',
          ...formatBoardText(b).split('\n'),
        ];
        const text = `\ufeff${lines.join('\r\n')}\r\n`;
        const results = parseBoards(text);
        expect(results).toHaveLength(2);
        sameGrid(only([results[0]]), a);
        sameGrid(only([results[1]]), b);
        const jl = `\ufeff${formatBoardJsonl(a)}\r\n\r\n${formatBoardJsonl(b)}\r\n`;
        const jr = parseBoards(jl);
        sameGrid(only([jr[0]]), a);
        sameGrid(only([jr[1]]), b);
      }),
      { numRuns: 60 },
    );
  });

  it('pushing line by line matches parseBoards, each board returned by the line that completes it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbBoard(6), fc.boolean()), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('text', 'jsonl'),
        fc.boolean(),
        (items, form, crlf) => {
          const chunks = items.map(([b, broken]) => {
            const s = form === 'text' ? formatBoardText(b) : formatBoardJsonl(b);
            return broken ? s.replace(/\d+/, form === 'text' ? 'z' : '[') : s;
          });
          const text = chunks.join(form === 'text' ? '\n\n' : '\n').replace(/\n/g, crlf ? '\r\n' : '\n');
          const whole = parseBoards(text);
          const reader = new BoardReader();
          const streamed: ParseResult[] = [];
          const lines = text.split('\n');
          lines.forEach((l) => {
            const done = reader.push(l);
            expect(done.length).toBeLessThanOrEqual(1);
            // A text board completes on the blank line after it; a JSON board on its own line.
            if (form === 'jsonl') expect(done.length).toBe(1);
            else expect(done.length).toBe(/^\s*$/.test(l) ? 1 : 0);
            streamed.push(...done);
          });
          streamed.push(...reader.end());
          expect(streamed).toEqual(whole);
          expect(whole).toHaveLength(items.length);
          whole.forEach((r, k) => expect(r.ok).toBe(!items[k][1]));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('lines read in place from one block (pushPart) give what pushing them one by one gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbBoard(6), fc.boolean(), fc.option(arbId, { nil: undefined })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom('text', 'jsonl'),
        fc.boolean(),
        fc.boolean(),
        (items, form, crlf, bom) => {
          const chunks = items.map(([b, broken, id]) => {
            const withId = id === undefined ? b : { ...b, meta: { id } };
            const s = form === 'text' ? formatBoardText(withId) : formatBoardJsonl(withId);
            // Broken at its last character: a text board's last value, a JSON line's closing brace.
            return broken ? `${s.slice(0, -1)}${form === 'text' ? 'z' : ''}` : s;
          });
          const eol = crlf ? '\r\n' : '\n';
          const text = `${bom ? '\ufeff' : ''}${chunks.join(form === 'text' ? '\n\n' : '\n')}`.replace(/\n/g, eol);
          // Inside a larger string, so that start and end offsets matter.
          const block = `xx\n${text}\nyy`;
          const byLine = new BoardReader();
          const inPlace = new BoardReader();
          const a: ParseResult[] = [];
          const b: ParseResult[] = [];
          for (const l of text.split('\n')) a.push(...byLine.push(l));
          for (let start = 3; start < block.length - 3;) {
            const nl = block.indexOf('\n', start);
            const r = inPlace.pushPart(block, start, nl);
            if (r !== null) b.push(r);
            start = nl + 1;
          }
          a.push(...byLine.end());
          b.push(...inPlace.end());
          expect(b).toEqual(a);
          expect(b).toHaveLength(items.length);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a bad JSON line is an error naming the line, and reading goes on', () => {
    const good = '{"id":"ok","grid":[[0,0,1],[1,1,0]]}';
    const lines = [good, '{"id":"cut","grid":[[0,0,1],[1', '[1,2]', '{"id":5}', good];
    const results = parseBoards(lines.join('\n'));
    expect(results.map((r) => r.ok)).toEqual([true, false, false, false, true]);
    expect(failure(results, 1)).toMatchObject({ index: 1, line: 2 });
    expect(failure(results, 1).message).toMatch(/invalid JSON/);
    expect(failure(results, 2)).toMatchObject({ index: 2, line: 3 });
    expect(failure(results, 3)).toMatchObject({ index: 3, line: 4, id: '5' });
    expect(failure(results, 3).message).toMatch(/grid/);
    expect(results[4].index).toBe(4);
  });

  it('auto detection looks past blank and comment lines', () => {
    const b = makeBoard(1, true, [0, 1, 1, 0, 0, 1]);
    const viaJson = only(parseBoards(`\n# c\n\n${formatBoardJsonl(b)}`));
    sameGrid(viaJson, b);
    // Forced text on JSON input reports the first token.
    const e = failure(parseBoards(formatBoardJsonl(b), 'text'));
    expect(e).toMatchObject({ row: 0, col: 0, line: 1 });
    // Forced JSON on text input reports invalid JSON per line.
    const j = parseBoards(formatBoardText(b), 'jsonl');
    expect(j).toHaveLength(2);
    expect(j.every((r) => !r.ok)).toBe(true);
  });

  it('an id comment names the next board only when it comes before the first row', () => {
    const rows = '0 1 1\n0 0 1';
    const r = parseBoards(`# id: first\n${rows}\n# id: ignored\n\n${rows}\n\n# id: 42\n${rows}\n\n# id: "42"\n${rows}`);
    expect(r.map((x) => (x.ok ? x.board.meta : 'error'))).toEqual([
      { id: 'first' },
      undefined,
      { id: 42 },
      { id: '42' },
    ]);
  });
});

describe('BoardReader on Tatham game IDs', () => {
  const read = (text: string, format: 'auto' | 'tatham' = 'auto') => {
    const reader = new BoardReader(format, parseTathamId);
    return [...text.split('\n').flatMap((l) => reader.push(l)), ...reader.end()];
  };

  it('reads one ID a line (values of 10 and more in brackets), named by the # id comment above it', () => {
    fc.assert(
      fc.property(fc.array(arbBoard(12), { minLength: 1, maxLength: 4 }), (boards) => {
        const text = boards.map((b, k) => `${k % 2 === 0 ? `# id: p${k}\n` : ''}${toTathamId(b)}`).join('\n\n');
        const got = read(`${text}\n`);
        expect(got).toHaveLength(boards.length);
        got.forEach((r, k) => {
          const board = only([r]);
          sameGrid(board, toWide(boards[k]).board);
          expect(board.meta?.id).toBe(k % 2 === 0 ? `p${k}` : undefined);
        });
      }),
      { numRuns: 40 },
    );
  });

  it("takes his parameter string with a difficulty letter, and names a bad ID's board and line", () => {
    expect(only(read('2de:001122010212\n')).m).toBe(2);
    const [good, bad] = read('# id: a\n2:001122010212\n# id: b\n2:0011220102\n');
    expect(good.ok).toBe(true);
    if (bad.ok) throw new Error('a short ID was read');
    expect(formatBoardError(bad.error)).toMatch(/^board 2 \(id "b"\), line 4: game ID: too short/);
  });

  it('stays a text row for a reader without game IDs, or when the first board is text', () => {
    const [r] = parseBoards('2:001122010212\n');
    expect(r.ok).toBe(false);
    const mixed = read('0 0 1 1\n2 2 0 1\n0 2 1 2\n\n2:001122010212\n');
    expect(mixed[0].ok).toBe(true);
    expect(mixed[1].ok).toBe(false);
  });
});

describe('small helpers', () => {
  it('mFromDimensions and isWide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), (m) => {
        expect(mFromDimensions(m + 1, m + 2)).toBe(m);
        expect(mFromDimensions(m + 2, m + 1)).toBe(m);
        expect(mFromDimensions(m + 1, m + 1)).toBeNull();
        expect(mFromDimensions(m + 1, m + 3)).toBeNull();
      }),
    );
    expect(mFromDimensions(1, 2)).toBeNull();
    const b = makeBoard(1, true, [0, 1, 1, 0, 0, 1]);
    expect(isWide(b)).toBe(true);
    expect(isWide({ ...b, rows: 3, cols: 2 })).toBe(false);
  });
});

// A plain backtracking count of tilings that spell every pair once, to vouch for the examples.
function countSolutions(b: Board, cap: number): number {
  const { rows, cols, cells } = b;
  const used = new Set<number>();
  const covered = new Uint8Array(rows * cols);
  let found = 0;
  const go = (start: number): void => {
    let i = start;
    while (i < covered.length && covered[i]) i++;
    if (i === covered.length) {
      found++;
      return;
    }
    for (const j of [(i % cols) + 1 < cols ? i + 1 : -1, i + cols < covered.length ? i + cols : -1]) {
      if (j < 0 || covered[j] || found >= cap) continue;
      const key = Math.min(cells[i], cells[j]) * 1000 + Math.max(cells[i], cells[j]);
      if (used.has(key)) continue;
      used.add(key);
      covered[i] = covered[j] = 1;
      go(i + 1);
      used.delete(key);
      covered[i] = covered[j] = 0;
    }
  };
  go(0);
  return found;
}

describe('example files', () => {
  it('boards.txt and boards.jsonl hold the same valid boards; those marked unique are', () => {
    const text = parseBoards(readFileSync(new URL('../../data/examples/boards.txt', import.meta.url), 'utf8'));
    const jsonl = parseBoards(readFileSync(new URL('../../data/examples/boards.jsonl', import.meta.url), 'utf8'));
    expect(text.length).toBeGreaterThanOrEqual(3);
    expect(jsonl).toHaveLength(text.length);
    const ms = new Set<number>();
    text.forEach((r, k) => {
      const t = only([r]);
      const j = only([jsonl[k]]);
      sameGrid(t, j);
      expect(t.meta?.id).toBe(j.meta?.id);
      ms.add(t.m);
      expect(countSolutions(t, 2)).toBe(j.meta?.unique === true ? 1 : 2);
    });
    for (const m of [3, 4, 6]) expect(ms.has(m)).toBe(true);
  });
});
