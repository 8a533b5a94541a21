// `dominosa solve` of Dominosa boards end to end (what it does alike for every kind is
// every-kind.test.ts's): the malformed-input corpus in test/fixtures/ (every bad file gets one line
// on stderr naming board and place, exit 2, no stack trace, and no output at all for the bad board;
// the boards before it are printed in full), well-formed inputs, large boards, drawings, and
// Dominosa read when an input does not tell its kind.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBoardText, parseBoards } from '../../../src/dominosa/board.js';
import { brickBoard } from '../../helpers/boards.js';
import { checkSolution, type Solution } from '../../../src/dominosa/solve/solution.js';
import { cli, FIXTURES } from '../../helpers/cli.js';

const FIX = FIXTURES;

function solve(args: string[], input?: string, env?: Record<string, string>) {
  return cli(['solve', ...args], { input, env });
}

/** Each malformed file: the board it fails on (1-based, as people count) and what the line says. */
const MALFORMED: [file: string, board: number, message: RegExp][] = [
  ['empty-grid.jsonl', 2, /board 2 \(id "empty"\), line 2: empty grid/],
  ['grid-not-array.jsonl', 1, /board 1, line 1: grid is not an array of rows/],
  ['no-grid-field.jsonl', 1, /board 1 \(id "x"\), line 1: .*no "grid" field/],
  ['ragged-rows.txt', 2, /board 2, line 8, row 3: row has 6 values, expected 5/],
  ['mixed-orientation-rows.txt', 1, /board 1, line 2, row 2: row has 4 values, expected 5/],
  ['non-integer.txt', 1, /row 2, column 3: "1\.5" is not a non-negative integer/],
  ['negative.txt', 1, /row 3, column 1: "-2" is not a non-negative integer/],
  ['letters.txt', 1, /row 1, column 3: "7a" is not a non-negative integer/],
  ['not-numbers.txt', 1, /row 1, column 1: "hello" is not a non-negative integer/],
  ['dimensions-fit-no-m.txt', 1, /a 3x3 grid fits no double-M set/],
  ['n-disagrees.jsonl', 1, /board 1 \(id "p1"\), line 1: field n is 4 but .*M=3/],
  ['value-above-m.jsonl', 1, /board 1 \(id "p2"\), line 1, row 2, column 4: value 7 is above M=3/],
  ['value-count.jsonl', 1, /value 0 appears 6 times, expected 5/],
  ['huge-value.txt', 1, /row 4, column 1: value .* is above M=3/],
  ['huge-dimensions.jsonl', 1, /field n is 1000000000/],
  ['too-many-rows.txt', 1, /more than 1000 rows: too large/],
  ['too-wide-row.txt', 1, /more than 1000 values: too large/],
  ['truncated.jsonl', 2, /board 2, line 2: invalid JSON/],
  ['text-then-json.txt', 2, /board 2, line 6, row 1, column 1: .* is not a non-negative integer/],
  ['json-then-text.jsonl', 2, /board 2, line 2: invalid JSON/],
  ['json-not-object.jsonl', 1, /board 1, line 1/],
];

describe('malformed input corpus', () => {
  for (const [file, board, message] of MALFORMED) {
    it(`${file}: one line naming board ${board}, exit 2, earlier boards printed whole`, () => {
      const r = solve([join(FIX, 'malformed', file), '--format', 'jsonl']);
      expect(r.code).toBe(2);
      const lines = r.stderr.split('\n').filter((l) => l.length > 0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^dominosa: /);
      expect(lines[0]).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
      const out = r.stdout.split('\n').filter((l) => l.length > 0);
      expect(out).toHaveLength(board - 1);
      for (const [i, l] of out.entries()) expect(JSON.parse(l).index).toBe(i);
      expect(r.stdout === '' || r.stdout.endsWith('\n')).toBe(true);
    });
  }

  it('refuses a 100 MB line as it streams in, after printing the board before it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dominosa-huge-'));
    try {
      const first = readFileSync(join(FIX, 'wellformed', 'both-orientations.txt'), 'utf8').split('\n\n')[0];
      const file = join(dir, 'huge.txt');
      writeFileSync(file, `${first}\n\n${'1 '.repeat(50_000_000)}\n`);
      const r = solve([file, '--format', 'jsonl']);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/line 6 is longer than 32 MiB/);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a missing file in one line with exit 2', () => {
    const r = solve([join(FIX, 'no-such-file.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dominosa: cannot read .*no-such-file\.txt: no such file or directory\n$/);
  });

  it('refuses bad options with exit 2', () => {
    for (const args of [
      ['--max-solutions', '0'],
      ['--max-nodes', '-3'],
      ['--format', 'xml'],
    ]) {
      const r = solve([join(FIX, 'wellformed', 'both-orientations.txt'), ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n').length).toBeGreaterThanOrEqual(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('well-formed inputs', () => {
  for (const file of ['bom-crlf.txt', 'bom-crlf.jsonl', 'both-orientations.txt']) {
    it(`${file}: every board solved, solutions in the board's own orientation`, () => {
      const path = join(FIX, 'wellformed', file);
      const boards = parseBoards(readFileSync(path, 'utf8'));
      const r = solve([path, '--format', 'jsonl']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const out = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(out).toHaveLength(boards.length);
      for (const [i, res] of out.entries()) {
        const b = boards[i];
        if (!b.ok) throw new Error('fixture should parse');
        expect(res.index).toBe(i);
        expect(res.status).toBe('unique');
        expect(checkSolution(b.board, res.solution as Solution)).toBeNull();
      }
    });
  }

  // Large boards through the CLI: parsing and printing them is most of the time, hence the bound.
  it('says which budget a board ran into, and refuses a board above M = 400 in one line', () => {
    const big = formatBoardText(brickBoard(200, 3));
    const t = solve(['-', '--format', 'jsonl', '--time-limit', '0.2'], big, { DOMINOSA_FAULT: 'deadline:board:0' });
    expect(t.code).toBe(0);
    expect(JSON.parse(t.stdout)).toMatchObject({ status: 'gave-up', limit: 'time', budget: 'time limit 0.2 s' });
    const n = solve(['-', '--max-nodes', '3'], big);
    expect(n.stdout).toMatch(/^board 1: gave-up \(node limit 3\), \d+ solutions? found, [1-3] nodes?\n/);
    const huge = solve(['-'], `# id: giant\n${formatBoardText(brickBoard(402, 1))}\n`);
    expect(huge.code).toBe(2);
    expect(huge.stdout).toBe('');
    expect(huge.stderr.trim()).toBe('dominosa: board 1 (id "giant"): M=402 is above the largest size supported, M=400');
  }, 180_000);

  it('states the default limit of large boards in --help', () => {
    expect(solve(['--help']).stdout.replace(/\s+/g, ' ')).toMatch(
      /no limit up to M=30, 10 s above; boards above M=400 are refused/,
    );
  });

  it('tells a random-seed game ID from a board, and says in one line that only descriptive IDs are read', () => {
    for (const verb of ['solve', 'grade'])
      for (const input of ['6#12345\n', '# id: x\n6de#12345\n']) {
        const r = cli([verb], { input });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /^dominosa: board 1( \(id "x"\))?, line \d: game ID: "6(de)?#12345" is a random-seed ID, .*only descriptive IDs \("6:0123\.\.\."\) are read .*\n$/,
        );
      }
  });

  it('reads stdin, and draws each solved grid with its dominoes in text form', () => {
    const text = readFileSync(join(FIX, 'wellformed', 'both-orientations.txt'), 'utf8');
    const r = solve(['-'], text);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^board 1: unique, 1 solution found, \d+ nodes?\n\+/);
    // A 4x5 board drawn: 4 value rows and 5 border lines per board, 2 boards.
    const grids = r.stdout.trim().split('\n\n');
    expect(grids).toHaveLength(2);
    expect(grids[0].split('\n')).toHaveLength(1 + 4 + 5);
    expect(grids[1].split('\n')).toHaveLength(1 + 5 + 6);
  });
});

describe('an input that does not tell its kind', () => {
  it('still reads Dominosa when the input shows no Sudomino', () => {
    const r = cli(['solve'], { input: '1 3 3 0 0\n3 1 0 2 0\n3 2 2 0 2\n1 2 1 1 3\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^board 1: unique, 1 solution found, \d+ nodes?\n\+---\+/);
  });
});
