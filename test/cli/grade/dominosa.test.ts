// `dominosa grade` of Dominosa boards end to end (what it does alike for every kind is
// every-kind.test.ts's): the fields and lines printed per board agree with the grader run in
// process, budgets, bad input stops the run the way `solve` does, and `solve --explain` prints the
// grader's log, which replays to the solution `solve` prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, formatBoardJsonl, formatBoardText, parseBoards } from '../../../src/dominosa/board.js';
import { explainSteps, gradeBoard, LADDER, LEVELS, replaySteps } from '../../../src/dominosa/grade/ladder.js';
import { canonicalGrade, storedGrade } from '../../../src/dominosa/rank/stored.js';
import { checkSolution, type Solution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { uniqueBoards } from '../../dominosa/grade/helpers.js';
import { brickBoard, shuffledBoard, swapHeavyBoard } from '../../helpers/boards.js';
import { cli, FIXTURES, ROOT } from '../../helpers/cli.js';

const FIX = FIXTURES;

function run(verb: string, args: string[], input?: string, env?: Record<string, string>) {
  return cli([verb, ...args], { input, env });
}

function withId(board: Board, id: string): Board {
  return { ...board, meta: { id } };
}

/** Unique boards of several sizes and both orientations; every other one carries an id. */
const boards: Board[] = [4, 5, 6, 7, 8, 9].flatMap((m) =>
  uniqueBoards(m, 5, 77).map(({ board }, k) => (k % 2 === 0 ? withId(board, `m${m}-${k}`) : board)),
);
const jsonlInput = `${boards.map(formatBoardJsonl).join('\n')}\n`;

describe('dominosa grade', () => {
  it('prints one JSON line per board with the fields of the in-process grade', () => {
    const r = run('grade', ['-', '--format', 'jsonl'], jsonlInput);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(boards.length);
    for (const [i, line] of lines.entries()) {
      const got = JSON.parse(line);
      const want = canonicalGrade(boards[i]);
      const id = boards[i].meta?.id;
      expect(Object.keys(got)).toEqual([
        'index',
        ...(id === undefined ? [] : ['id']),
        'status',
        'grade',
        'level',
        'score',
        'nodes',
        'steps',
        'solved',
      ]);
      expect(got.index).toBe(i);
      if (id !== undefined) expect(got.id).toBe(id);
      expect(got.grade).toBe(want.grade);
      expect(got.grade).toBe(LEVELS[got.level - 1].name);
      expect(got.level).toBe(want.level);
      // Exact, and the catalog's own number: stored and fresh grades are one grade.
      expect(got.score).toBe(want.score);
      expect(got.score).toBe(storedGrade(boards[i]).score);
      expect(got.status).toBe('unique');
      expect(Math.floor(got.score)).toBe(got.level);
      expect(got.nodes).toBe(want.nodes);
      expect(got.steps).toEqual(want.steps);
      expect(Object.keys(got.steps)).toEqual(LADDER.map((rule) => rule.name));
      expect(got.solved).toBe(true);
    }
    // The sample is not all one grade, or the comparison above would prove little.
    expect(new Set(lines.map((l) => JSON.parse(l).level)).size).toBeGreaterThanOrEqual(3);
  });

  it('prints a readable line per board: name, grade, level, score and the techniques used with counts', () => {
    const text = `${boards.slice(0, 8).map(formatBoardText).join('\n\n')}\n`;
    const r = run('grade', [], text);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(8);
    for (const [i, line] of lines.entries()) {
      const want = canonicalGrade(boards[i]);
      const id = boards[i].meta?.id as string | number | undefined;
      const name = id === undefined ? `board ${i + 1}:` : `board ${i + 1} (id "${id}"):`;
      expect(
        line.startsWith(`${name} ${want.grade} (level ${want.level}), score ${want.score.toFixed(3)};`) ||
          line.startsWith(`${name} ${want.grade} (level ${want.level}), score ${want.score.toFixed(3)},`),
      ).toBe(true);
      const used = line.slice(line.indexOf('techniques: ') + 'techniques: '.length).split(', ');
      const expected = LADDER.filter((rule) => want.steps[rule.name] > 0).map(
        (rule) => `${rule.name} ${want.steps[rule.name]}`,
      );
      expect(used).toEqual(expected);
    }
  });

  it('leaves a puzzle unfinished when its search budget runs out', () => {
    // The first unique board the grader needs search for; a sample of uniqueBoards holds some.
    const board = [9, 10]
      .flatMap((m) => uniqueBoards(m, 40, 5))
      .map((u) => u.board)
      .find((b) => canonicalGrade(b).nodes > 0);
    expect(board).toBeDefined();
    const input = formatBoardText(board!);
    const capped = JSON.parse(run('grade', ['-', '--format', 'jsonl', '--max-nodes', '0'], input).stdout);
    expect(capped).toMatchObject({ status: 'unique', grade: 'search', solved: false, nodes: 0, limit: 'nodes' });
    const free = JSON.parse(run('grade', ['-', '--format', 'jsonl'], input).stdout);
    expect(free).toMatchObject({ status: 'unique', grade: 'search', solved: true });
    expect(run('grade', ['-'], input).stdout).toMatch(
      /search \(level \d+\), score \d+\.\d{3}, \d+ search nodes?;.*searchRefutes \d+\n$/,
    );
  });

  // Large boards through the CLI: parsing and printing them is most of the time, hence the bound.
  it('stops a board at --time-limit, says so, and refuses a board above M = 400 in one line', () => {
    const big = formatBoardText(brickBoard(200, 4));
    // The limit runs out at once (a fault point), whatever the machine's speed.
    const stop = { DOMINOSA_FAULT: 'deadline:board:0' };
    const t = run('grade', ['-', '--format', 'jsonl', '--time-limit', '0.2'], big, stop);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.stdout)).toMatchObject({ solved: false, limit: 'time' });
    expect(run('grade', ['-', '--time-limit', '0.2'], big, stop).stdout).toMatch(/the time limit ran out/);
    expect(run('grade', ['-', '--time-limit', '0'], big)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--time-limit must be a number of seconds > 0/),
    });
    const huge = run('grade', ['-'], formatBoardText(brickBoard(402, 1)));
    expect(huge.code).toBe(2);
    expect(huge.stderr.trim()).toBe('dominosa: board 1: M=402 is above the largest size supported, M=400');
    expect(run('grade', ['--help']).stdout.replace(/\s+/g, ' ')).toMatch(
      /no limit up to M=30, 10 s above; boards above M=400 are refused/,
    );
  }, 180_000);

  it('stops at a malformed board with one line and exit 2, after printing every board before it', () => {
    for (const [file, before] of [
      ['ragged-rows.txt', 1],
      ['truncated.jsonl', 1],
      ['value-above-m.jsonl', 0],
      ['text-then-json.txt', 1],
    ] as const) {
      const r = run('grade', [join(FIX, 'malformed', file), '--format', 'jsonl']);
      expect(r.code, file).toBe(2);
      expect(r.stderr, file).toMatch(/^dominosa: board \d+.*\n$/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      const out = r.stdout.split('\n').filter((l) => l.length > 0);
      expect(out, file).toHaveLength(before);
      for (const [i, l] of out.entries()) expect(JSON.parse(l).index).toBe(i);
    }
  });

  it('streams a long input and stops at a bad board at its end, with all good boards printed in order', () => {
    // 1,500 boards through stdin, then one with a value above M: 1,500 lines, then the error.
    const many = Array.from({ length: 300 }, () => boards.slice(0, 5).map(formatBoardJsonl).join('\n')).join('\n');
    const r = run(
      'grade',
      ['-', '--format', 'jsonl', '--input-format', 'jsonl'],
      `${many}\n{"id":"bad","grid":[[0,1,0],[1,0,7]]}\n`,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dominosa: board 1501 \(id "bad"\), line 1501.*value 7 is above M=1\n$/);
    const out = r.stdout.split('\n').filter((l) => l.length > 0);
    expect(out).toHaveLength(1500);
    for (const [i, l] of out.entries())
      expect(JSON.parse(l)).toMatchObject({ index: i, level: canonicalGrade(boards[i % 5]).level });
  });

  it('refuses a missing file and bad options with exit 2 and one line', () => {
    const missing = run('grade', [join(FIX, 'no-such-file.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^dominosa: cannot read .*no-such-file\.txt: no such file or directory\n$/);
    const file = join(FIX, 'wellformed', 'both-orientations.txt');
    for (const args of [
      ['--max-nodes', '-1'],
      ['--max-nodes', '2.5'],
      ['--format', 'xml'],
      ['--input-format', 'csv'],
    ]) {
      const r = run('grade', [file, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('dominosa solve --explain', () => {
  it('jsonl: the explain array is the grader’s log in words, and replaying that log gives the printed solution', () => {
    const r = run('solve', ['-', '--format', 'jsonl', '--explain'], jsonlInput);
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out).toHaveLength(boards.length);
    for (const [i, res] of out.entries()) {
      const board = boards[i];
      expect(res.status).toBe('unique');
      const log = gradeBoard(board, { log: true }).log!;
      // What was printed is exactly this log, one sentence per step.
      expect(res.explain).toEqual(explainSteps(board, log));
      expect(res.explain).toHaveLength(log.length);
      const replayed = replaySteps(board, log);
      expect(replayed).not.toBeNull();
      expect(checkSolution(board, replayed!)).toBeNull();
      expect(solutionKey(replayed!)).toBe(solutionKey(res.solution as Solution));
    }
  });

  it('text: the steps first, numbered and indented, then the solved grid with rows and columns numbered; no node counts; without --explain, none', () => {
    const input = `${boards.slice(0, 3).map(formatBoardText).join('\n\n')}\n`;
    const plain = run('solve', [], input);
    const told = run('solve', ['--explain'], input);
    expect(told.code).toBe(0);
    const blocks = told.stdout.trim().split('\n\n');
    const plainBlocks = plain.stdout.trim().split('\n\n');
    expect(blocks).toHaveLength(3);
    for (const [i, block] of blocks.entries()) {
      const [head, ...lines] = block.split('\n');
      const [plainHead, ...drawing] = plainBlocks[i].split('\n');
      // The headline, less the search's node count (that stays in --format jsonl).
      expect(plainHead).toMatch(/, \d+ nodes?$/);
      expect(head).toBe(plainHead.replace(/, \d+ nodes?$/, ''));
      const at = lines.indexOf('Solution:');
      const want = explainSteps(boards[i], gradeBoard(boards[i], { log: true }).log!);
      expect(lines.slice(0, at)).toEqual(want.map((line, k) => `  ${k + 1}. ${line}`));
      // Last, the plain drawing with row numbers on its left and column numbers above it.
      const grid = lines.slice(at + 1);
      const cols = boards[i].cols;
      expect(grid[0].trim().split(/\s+/)).toEqual(Array.from({ length: cols }, (_, c) => String(c + 1)));
      const margin = String(boards[i].rows).length + 1;
      expect(grid.slice(1).map((l) => l.slice(margin))).toEqual(drawing);
      expect(
        grid
          .slice(1)
          .filter((_, k) => k % 2 === 1)
          .map((l) => Number(l.slice(0, margin))),
      ).toEqual(Array.from({ length: boards[i].rows }, (_, r) => r + 1));
    }
    expect(told.stdout).not.toMatch(/node/);
    expect(plain.stdout).not.toMatch(/^ {2}1\. /m);
  });

  it('a board with several solutions: explained up to where search would guess, and says so', () => {
    const ambiguous = parseBoards(readFileSync(join(ROOT, 'data', 'examples', 'boards.jsonl'), 'utf8')).flatMap((p) =>
      p.ok && p.board.meta?.id === 'm3-ambiguous' ? [p.board] : [],
    );
    expect(ambiguous).toHaveLength(1);
    for (const board of [ambiguous[0], swapHeavyBoard(6)]) {
      const r = run('solve', ['-', '--format', 'jsonl', '--explain'], formatBoardJsonl(board));
      const res = JSON.parse(r.stdout);
      expect(res.status).toBe('multiple');
      const log = gradeBoard(board, { log: true }).log!;
      const guess = log.findIndex((s) => s.reason.rule === 'searchRefutes' && s.reason.guessed === true);
      expect(guess).toBeGreaterThanOrEqual(0);
      expect(res.explain.slice(0, -1)).toEqual(explainSteps(board, log.slice(0, guess)));
      expect(res.explain.at(-1)).toMatch(/more than one solution, so the explanation stops/);
      expect(res.explain.join(' ')).not.toMatch(/Guess:/);
    }
  });

  it('a board with no solution: the steps, then a line saying so', () => {
    const none = [shuffledBoard(4, 5, 0), shuffledBoard(4, 5, 1), shuffledBoard(4, 5, 2)];
    const r = run('solve', ['-', '--format', 'jsonl', '--explain'], `${none.map(formatBoardJsonl).join('\n')}\n`);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const res of out.filter((o) => o.status === 'none'))
      expect(res.explain.at(-1)).toMatch(/the board has no solution\.$/);
    expect(out.some((o) => o.status === 'none')).toBe(true);
  });
});
