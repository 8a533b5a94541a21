// What only Sudomino does in `dominosa solve` and `generate` (what every kind does alike is
// every-kind.test.ts's): the source document's board and its one solution, its JSON and numbered
// forms, --values, the refusals of its reader (exit 2, one line naming the cells), --explain sent
// to grade, Tatham IDs refused, a verb refusing --kind sudomino, and generate --kind sudomino.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES } from '../../helpers/cli.js';

const DOCUMENT = join(FIXTURES, 'sudomino', 'document.txt');
const ANSWER = [
  '6 6 1 1 3 3 2 2',
  '2 2 3 5 5 6 1 4',
  '5 . 3 . 2 6 1 4',
  '5 4 6 6 2 1 3 3',
  '. 4 2 2 . 1 . 5',
  '1 1 . 3 4 2 6 5',
  '. 5 5 3 4 2 6 1',
  '3 3 4 4 . 5 5 1',
];

describe('solve --kind sudomino', () => {
  it('proves the document board unique with exactly its solution, the kind told from the input', () => {
    const r = cli(['solve', DOCUMENT]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^board 1 \(id "document"\): unique, 1 solution found, \d+ nodes?$/);
    expect(lines.slice(1)).toEqual(ANSWER);
  });

  it('writes JSON lines with the answer form', () => {
    const r = cli(['solve', '--kind', 'sudomino', '--format', 'jsonl', DOCUMENT]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o).toMatchObject({
      index: 0,
      id: 'document',
      kind: 'sudomino',
      status: 'unique',
      solutions: 1,
      solution: ANSWER.join(' / '),
    });
  });

  it('reads JSON lines and the numbered form', () => {
    const input = [
      '{"rows": ["aabb", "ccdd"], "values": 2, "id": "two"}',
      '{"rows": ["1 1 2=1", "3 3 2=1"], "values": 2, "id": "none"}',
    ].join('\n');
    const r = cli(['solve', '--kind', 'sudomino', '--format', 'jsonl'], { input });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [two, none] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(two).toMatchObject({ id: 'two', kind: 'sudomino', status: 'multiple', solutions: 2 });
    expect(none).toMatchObject({ id: 'none', kind: 'sudomino', status: 'none', solutions: 0, solution: null });
  });

  it('takes N from --values when the input does not say', () => {
    const r = cli(['solve', '--kind', 'sudomino', '--values', '1'], { input: 'aa\nbb\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^dominosa: board 1, line 1, column 1: column 1 has 2 dominoes, more than the 1 values\n$/,
    );
  });

  const refusals: [what: string, input: string, line: RegExp][] = [
    [
      'a digit with no equal neighbour',
      'aa4\nbbc\n!!c\n',
      /^dominosa: board 1, line 1, row 1, column 3: digit 4 has no equal neighbour/,
    ],
    [
      'a digit with two equal neighbours',
      '444\naab\n!!b\n',
      /^dominosa: board 1, line 1, row 1, column 2: digit 4 has 2 equal neighbours/,
    ],
    [
      'a letter not on two adjacent cells',
      'a!a\nbb!\n',
      /^dominosa: board 1, line 1, row 1, column 1: "a" is on two cells that do not touch \(the other at row 1, column 3\)/,
    ],
    ['a letter on three cells', 'aaa\nbb!\n', /^dominosa: board 1, line 1, row 1, column 1: "a" is on 3 cells/],
    [
      'one number on two given dominoes of a line',
      '3ab3\n3ab3\n',
      /^dominosa: board 1, line 1, row 1, column 4: row 1 has two given dominoes showing 3 \(the other at row 1, column 1\)/,
    ],
  ];
  for (const [what, input, line] of refusals) {
    it(`refuses ${what}: exit 2, one line naming the cells`, () => {
      const r = cli(['solve', '--kind', 'sudomino'], { input });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(line);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }

  it('sends solve --explain for Sudomino to grade, in one line', () => {
    const r = cli(['solve', '--explain', DOCUMENT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('dominosa: --explain: for Sudomino, use dominosa grade --kind sudomino --explain\n');
  });
});

describe('what Sudomino has none of', () => {
  it('refuses Tatham game IDs in one line', () => {
    const r = cli(['solve', '--kind', 'sudomino', '--input-format', 'tatham'], { input: '6:0123\n' });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'dominosa: --input-format tatham reads Dominosa game IDs; Sudomino boards are text or JSON lines\n',
    ]);
  });
});

describe('--kind on a verb that does not take Sudomino yet', () => {
  it('refuses an unknown kind with exit 2 in one line', () => {
    const r = cli(['migrate', '--kind', 'sudomino']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('dominosa: --kind sudomino: not yet; migrate takes dominosa puzzles so far\n');
  });
});

describe('generate --kind sudomino', () => {
  it('names each puzzle by shape, seed and slot, and makes a slot the same whatever the count', () => {
    const g = cli(['generate', '--kind', 'sudomino', '--sizes', '6x6:4,8x8:6', '--count', '3', '--seed', '4']);
    expect(g.stderr).toBe('');
    expect(g.code).toBe(0);
    const made = g.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(made.map((p) => p.id)).toEqual([
      '6x6:4-s4-0',
      '6x6:4-s4-1',
      '6x6:4-s4-2',
      '8x8:6-s4-0',
      '8x8:6-s4-1',
      '8x8:6-s4-2',
    ]);
    expect(made.every((p) => p.kind === 'sudomino')).toBe(true);
    // A slot is its own: fewer slots give the same first ones.
    const again = cli([
      'generate',
      '--kind',
      'sudomino',
      '--sizes',
      '8x8:6',
      '--count',
      '2',
      '--seed',
      '4',
      '--format',
      'text',
    ]);
    expect(again.stdout).toContain(
      `# id: 8x8:6-s4-1\n# values: 6\n${made[4].rows.join('\n')}\n# solution: ${made[4].solution}\n`,
    );
  });

  it('--grade makes puzzles of that tier: solve proves them unique, with their own ids', () => {
    const g = cli(['generate', '--kind', 'sudomino', '--sizes', '6x6:5', '--count', '2', '--grade', 'hard']);
    expect([g.code, g.stderr]).toEqual([0, '']);
    const made = g.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(made.map((p) => p.id)).toEqual(['6x6:5-s1-hard-0', '6x6:5-s1-hard-1']);
    const s = cli(['solve', '--format', 'jsonl'], { input: g.stdout });
    expect(
      s.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['unique', 'unique']);
  });

  it('refuses what Sudomino cannot take yet, and bad shapes, in one line', () => {
    const grade = cli(['generate', '--kind', 'sudomino', '--count', '1', '--grade', 'sets']);
    expect([grade.code, grade.stderr]).toEqual([
      2,
      'dominosa: --grade sets: Sudomino takes a tier, easy|normal|hard|expert\n',
    ]);
    const method = cli(['generate', '--kind', 'sudomino', '--count', '1', '--method', 'repair']);
    expect([method.code, method.stderr]).toEqual([2, 'dominosa: --method: not yet for Sudomino\n']);
    const shape = cli(['generate', '--kind', 'sudomino', '--count', '1', '--sizes', '8x8:99']);
    expect([shape.code, shape.stderr]).toEqual([2, 'dominosa: --sizes: shape 8x8:99: N must be 1..30\n']);
    const none = cli(['generate', '--count', '1']);
    expect([none.code, none.stderr]).toEqual([2, 'dominosa: --sizes is required\n']);
  });
});
