// `dominosa solve`, what it does alike for every kind: one body run over the registered kinds,
// each with its sample boards (test/helpers/kind-boards.ts): a puzzle proved unique, several
// solutions and none counted, budgets that give up on a board, a refused board stopping the run,
// what generate makes proved, and a board of another kind in the same input refused. What only
// one kind does is in dominosa.test.ts and sudomino.test.ts.
import { describe, expect, it } from 'vitest';
import { allKinds } from '../../../src/kinds.js';
import { cli } from '../../helpers/cli.js';
import { boardsOf, choicesIn } from '../../helpers/kind-boards.js';

function solve(args: string[], input?: string, env?: Record<string, string>) {
  return cli(['solve', ...args], { input, env });
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('solve, alike for every kind', () => {
  it('has sample boards of every kind --kind offers', () => {
    const offered = choicesIn(solve(['--help']).stdout);
    expect(offered.length).toBeGreaterThan(1);
    for (const k of offered) expect(() => boardsOf(k), k).not.toThrow();
  });

  describe.each(allKinds().map((k) => [k.title, k] as const))('%s', (_, kind) => {
    it('proves a puzzle unique, its kind told from the input or given, as text and as JSON lines', () => {
      const b = boardsOf(kind.name);
      const t = solve(['-'], b.unique);
      expect([t.code, t.stderr]).toEqual([0, '']);
      expect(t.stdout).toMatch(/^board 1 \(id "u"\): unique, 1 solution found, \d+ nodes?\n/);
      const j = solve(['-', '--kind', kind.name, '--format', 'jsonl'], b.unique);
      expect([j.code, j.stderr]).toEqual([0, '']);
      const [line] = jsonLines(j.stdout);
      expect(line).toMatchObject({ index: 0, id: 'u', status: 'unique', solutions: 1 });
      expect(line.solution).not.toBeNull();
    });

    it('answers multiple and none with their counts', () => {
      const b = boardsOf(kind.name);
      const several = jsonLines(solve(['-', '--format', 'jsonl', '--max-solutions', '5'], b.several).stdout);
      expect(several).toEqual([expect.objectContaining({ index: 0, id: null, status: 'multiple' })]);
      expect(several[0].solutions).toBeGreaterThanOrEqual(2);
      expect(jsonLines(solve(['-', '--format', 'jsonl'], b.none).stdout)).toEqual([
        expect.objectContaining({ status: 'none', solutions: 0, solution: null }),
      ]);
    });

    it('gives up on a board at --max-nodes or --time-limit, says which, and goes on with the next', () => {
      const b = boardsOf(kind.name);
      const input = `${b.hard}\n${b.unique}`;
      const many = ['--format', 'jsonl', '--max-solutions', '1000000000'];
      const n = jsonLines(solve(['-', ...many, '--max-nodes', '2'], input).stdout);
      expect(n.map((o) => o.status)).toEqual(['gave-up', 'unique']);
      expect(n[0]).toMatchObject({ limit: 'nodes', budget: 'node limit 2' });
      expect(n[0].nodes).toBeLessThanOrEqual(2);
      // The first board's time limit runs out at once (a fault point), so no clock decides the verdict.
      const t = solve(['-', ...many, '--time-limit', '600'], input, { DOMINOSA_FAULT: 'deadline:board:0' });
      expect(jsonLines(t.stdout).map((o) => [o.status, o.limit, o.budget])).toEqual([
        ['gave-up', 'time', 'time limit 600 s'],
        ['unique', undefined, undefined],
      ]);
      const text = solve(['-', '--max-nodes', '2'], input);
      expect(text.stdout).toMatch(/^board 1: gave-up \(node limit 2\), \d+ solutions? found, [12] nodes?\n/);
    });

    it('writes the boards before a refused one, then stops with one line naming it, exit 2', () => {
      const b = boardsOf(kind.name);
      const r = solve(['-'], b.refused.input);
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/^board 1 \(id "good"\): /);
      expect(r.stdout).not.toMatch(/board 2/);
      expect(r.stderr).toMatch(b.refused.line);
    });

    it('proves what generate makes unique, with the solution it wrote, from JSON lines and from text', () => {
      const b = boardsOf(kind.name);
      const args = ['generate', '--kind', kind.name, '--sizes', b.smallSize, '--count', '2', '--seed', '4'];
      const g = cli(args);
      expect([g.code, g.stderr]).toEqual([0, '']);
      const made = jsonLines(g.stdout);
      expect(made).toHaveLength(2);
      const s = solve(['-', '--format', 'jsonl'], g.stdout);
      expect(jsonLines(s.stdout).map((r) => [r.id, r.status, r.solution])).toEqual(
        made.map((p) => [p.id, 'unique', p.solution]),
      );
      const text = cli([...args, '--format', 'text']);
      const fromText = jsonLines(solve(['-', '--format', 'jsonl'], text.stdout).stdout);
      expect(fromText.map((r) => [r.id, r.status])).toEqual(made.map((p) => [p.id, 'unique']));
    });

    it('stops at the first board of another kind, naming it and the way out, exit 2', () => {
      const first = boardsOf(kind.name).json;
      for (const other of allKinds().filter((k) => k !== kind)) {
        const o = boardsOf(other.name).json;
        const r = solve(['--format', 'jsonl'], `${first.line}\n${o.line}\n`);
        expect([r.code, r.stderr]).toEqual([
          2,
          `dominosa: board 2 (id "${o.id}"), line 2: a ${other.title} board (it has "${o.tells}") in input read as ${kind.title}: one kind a file (export --kind ${other.name} writes ${other.title} alone)\n`,
        ]);
      }
    });
  });
});
