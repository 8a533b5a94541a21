// `dominosa grade`, what it does alike for every kind: one body run over the registered kinds,
// each with its sample boards (test/helpers/kind-boards.ts): a puzzle's grade as a line and a JSON
// line, no grade for several solutions or none, --explain's numbered steps, what generate makes
// graded, and a refused board stopping the run. What only one kind does is in dominosa.test.ts and
// sudomino.test.ts.
import { describe, expect, it } from 'vitest';
import { allKinds } from '../../../src/kinds.js';
import { cli } from '../../helpers/cli.js';
import { boardsOf, choicesIn } from '../../helpers/kind-boards.js';

function run(verb: string, args: string[], input?: string) {
  return cli([verb, ...args], { input });
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('grade, alike for every kind', () => {
  it('has sample boards of every kind --kind offers', () => {
    const offered = choicesIn(run('grade', ['--help']).stdout);
    expect(offered.length).toBeGreaterThan(1);
    for (const k of offered) expect(() => boardsOf(k), k).not.toThrow();
  });

  describe.each(allKinds().map((k) => [k.title, k] as const))('%s', (_, kind) => {
    it('grades a puzzle: one line with its grade and level, or a JSON line with its grade, level and score', () => {
      const b = boardsOf(kind.name);
      const t = run('grade', ['-'], b.unique);
      expect([t.code, t.stderr]).toEqual([0, '']);
      expect(t.stdout).toMatch(/^board 1 \(id "u"\): \w+ \(level \d+\)[^\n]*, score \d+\.\d{3}[^\n]*\n$/);
      const j = run('grade', ['-', '--kind', kind.name, '--format', 'jsonl'], b.unique);
      const [line] = jsonLines(j.stdout);
      expect(line).toMatchObject({ index: 0, id: 'u', status: 'unique', solved: true });
      expect([typeof line.grade, typeof line.level, typeof line.score]).toEqual(['string', 'number', 'number']);
      expect(Math.floor(line.score as number)).toBe(line.level);
    });

    it('grades no board with several solutions or none, as solve says of it', () => {
      const b = boardsOf(kind.name);
      for (const [input, status, why] of [
        [b.several, 'multiple', 'more than one solution'],
        [b.none, 'none', 'no solution'],
      ] as const) {
        expect(run('grade', ['-'], input).stdout).toBe(`board 1: ${status}, not a valid puzzle (${why}); not graded\n`);
        expect(jsonLines(run('grade', ['-', '--format', 'jsonl'], input).stdout)).toEqual([
          expect.objectContaining({ index: 0, status, grade: null, level: null, score: null, solved: false }),
        ]);
        expect(jsonLines(run('solve', ['-', '--format', 'jsonl'], input).stdout)[0].status).toBe(status);
      }
    });

    it('--explain follows each grade with the steps a person takes, numbered, then a blank line', () => {
      const b = boardsOf(kind.name);
      const r = run('grade', ['-', '--explain'], b.unique);
      expect(r.code).toBe(0);
      const [head, ...rest] = r.stdout.split('\n');
      expect(head).toMatch(/^board 1 \(id "u"\): \w+ \(level \d+\)/);
      expect(rest.slice(-2)).toEqual(['', '']);
      const steps = rest.slice(0, -2);
      expect(steps.length).toBeGreaterThan(0);
      steps.forEach((s, i) => expect(s).toMatch(new RegExp(`^  ${i + 1}\\. [A-Z]`)));
      const j = jsonLines(run('grade', ['-', '--explain', '--format', 'jsonl'], b.unique).stdout);
      expect(j[0].explain).toEqual(steps.map((s) => s.replace(/^ {2}\d+\. /, '')));
    });

    it('grades what generate makes: every one a puzzle, solved', () => {
      const b = boardsOf(kind.name);
      const g = cli(['generate', '--kind', kind.name, '--sizes', b.smallSize, '--count', '3', '--seed', '9']);
      expect(g.code).toBe(0);
      const graded = jsonLines(run('grade', ['-', '--format', 'jsonl'], g.stdout).stdout);
      expect(graded.map((x) => [x.id, x.status, x.solved])).toEqual(
        jsonLines(g.stdout).map((p) => [p.id, 'unique', true]),
      );
    });

    it('writes the boards before a refused one, then stops with one line naming it, exit 2', () => {
      const b = boardsOf(kind.name);
      const r = run('grade', ['-'], b.refused.input);
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/^board 1 \(id "good"\): [^\n]*\n$/);
      expect(r.stderr).toMatch(b.refused.line);
    });
  });
});
