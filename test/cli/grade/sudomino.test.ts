// What only Sudomino does in `dominosa grade` (what every kind does alike is every-kind.test.ts's): the
// document's board graded easy with each step in words, and puzzles made for a tier graded at
// that tier.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES } from '../../helpers/cli.js';

const DOCUMENT = join(FIXTURES, 'sudomino', 'document.txt');

describe('grade --kind sudomino', () => {
  it('grades the document board easy (singles), and --explain words each step', () => {
    const r = cli(['grade', '--explain', DOCUMENT]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const [head, ...steps] = r.stdout.trimEnd().split('\n');
    expect(head).toMatch(
      /^board 1 \(id "document"\): singles \(level 1\), tier easy, score 1\.\d{3}; techniques: nakedSingle \d+, hiddenSingle \d+$/,
    );
    const AT = '(?:row \\d+, columns \\d+–\\d+|column \\d+, rows \\d+–\\d+)';
    // 28 dominoes, 6 given: each step places one of the other 22.
    expect(steps).toHaveLength(22);
    steps.forEach((s, i) =>
      expect(s).toMatch(
        new RegExp(
          // Dominoes named where they lie, in Dominosa's words: "row 3, columns 5–6" or "column 5, rows 3–4".
          `^  ${i + 1}\\. (Row|Column) \\d+ needs a \\d and only the domino at ${AT} can hold it\\.$|^  ${i + 1}\\. The domino at ${AT} has only \\d left, so it holds \\d\\.$`,
        ),
      ),
    );
  });

  it('grades puzzles made for a tier at that tier', () => {
    for (const tier of ['easy', 'normal', 'hard', 'expert']) {
      const g = cli([
        'generate',
        '--kind',
        'sudomino',
        '--sizes',
        '8x8:6',
        '--count',
        '3',
        '--grade',
        tier,
        '--seed',
        '9',
      ]);
      expect(g.code).toBe(0);
      const r = cli(['grade', '--format', 'jsonl'], { input: g.stdout });
      expect(r.code).toBe(0);
      const graded = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(graded.map((x) => [x.kind, x.status, x.tier, x.solved])).toEqual(
        Array(3).fill(['sudomino', 'unique', tier, true]),
      );
    }
  });
});
