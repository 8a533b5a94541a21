// Every verb's --help, as a person reads it: examples whose commands never wrap in their middle,
// and the shared vocabulary (--sizes, --thresholds, --time-limit, --max-nodes, --out) with no
// old spelling shown.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const VERBS = ['solve', 'grade', 'generate', 'build', 'audit', 'export', 'tune', 'merge', 'migrate'];
const help = Object.fromEntries(VERBS.map((v) => [v, cli([v, '--help'])]));

describe('dominosa <verb> --help', () => {
  it('prints each example command whole on a line of its own, what it does below it, within 80 columns', () => {
    for (const verb of VERBS) {
      const r = help[verb];
      expect(r.code, verb).toBe(0);
      const lines = r.stdout.split('\n');
      const start = lines.indexOf('Examples:');
      expect(start, verb).toBeGreaterThan(0);
      const body = lines.slice(start + 1).filter((l) => l.trim() !== '');
      expect(body.length % 2, verb).toBe(0);
      for (let i = 0; i < body.length; i += 2) {
        expect(body[i], verb).toMatch(/^ {2}dominosa \S/);
        expect(body[i].length, body[i]).toBeLessThanOrEqual(80);
        expect(body[i + 1], verb).toMatch(/^ {6}\S/);
      }
    }
  });

  it('shows the shared vocabulary and none of the old names', () => {
    for (const verb of VERBS) {
      const text = help[verb].stdout;
      expect(text, verb).not.toMatch(/--timeout|--m\b|--max-search-nodes/);
      if (verb === 'build' || verb === 'tune') {
        expect(text).toMatch(/--thresholds/);
        expect(text).not.toMatch(/--tiers/);
      }
    }
    for (const verb of ['solve', 'grade', 'audit', 'export'])
      expect(help[verb].stdout, verb).toMatch(/--time-limit\s[^-]*per\s+board/);
    for (const verb of ['build', 'generate'])
      expect(help[verb].stdout, verb).toMatch(/--time-limit\s[^-]*for\s+the\s+whole\s+run/);
    for (const verb of ['solve', 'grade', 'generate', 'export']) expect(help[verb].stdout, verb).toMatch(/--out\b/);
    for (const verb of ['generate', 'build', 'export', 'tune']) expect(help[verb].stdout, verb).toMatch(/--sizes\b/);
  });
});
