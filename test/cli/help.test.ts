// Every verb's --help, as a person reads it: examples whose commands never wrap in their middle,
// the shared vocabulary (--sizes, --thresholds, --time-limit, --max-nodes, --out) with no old
// spelling shown, every kind named, no annotation glued to its description (mendHelp), and the
// options solve and grade share in one order.
import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { mendHelp } from '../../scripts/commands/help-layout.js';
import { kindWords } from '../../src/formats/kind.js';
import { allKinds } from '../../src/kinds.js';
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

/** An option's annotations glued to the text before them ("allowed)[number]"). */
const GLUED = /\S\[(?:boolean|count|string|array|number|deprecated|required|choices:|default:)/;

describe('dominosa --help and the verbs\u2019 words', () => {
  it('names every kind at the top, and no verb glues an annotation to its description', () => {
    const top = cli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout.replace(/\s+/g, ' ')).toContain(`export ${kindWords(allKinds())} puzzles.`);
    for (const [verb, r] of [['top', top], ...Object.entries(help)] as const)
      for (const line of r.stdout.split('\n')) expect(line, verb).not.toMatch(GLUED);
  });

  it("says what export writes and what --count's absence takes, and shows merge's shards without a default", () => {
    const top = cli(['--help']).stdout.replace(/\s+/g, ' ');
    expect(top).toMatch(/dominosa export Write puzzles out as a pack: json, jsonl, csv, text,/);
    expect(help.export.stdout.replace(/\s+/g, ' ')).toMatch(
      /--count [^[]*left out [^[]*every base puzzle selected is exported/,
    );
    expect(help.merge.stdout).toMatch(/ {2}inputs {2}the shard catalogs +\[array\] \[required\]\n/);
  });

  it('lists the options solve and grade share in the same order', () => {
    const options = (text: string): string[] => [...text.matchAll(/^ {2,}(--[a-z-]+)/gm)].map((m) => m[1]);
    const solve = options(help.solve.stdout);
    const grade = options(help.grade.stdout);
    const shared = solve.filter((o) => grade.includes(o));
    expect(shared.length).toBeGreaterThan(6);
    expect(grade.filter((o) => solve.includes(o))).toEqual(shared);
  });
});

describe('mendHelp', () => {
  it('moves an annotation yargs glued to a description onto a line of its own, ending where it ended', async () => {
    let mended = 0;
    // Descriptions of every length over two widths: some end exactly where the annotations start.
    for (const width of [60, 80])
      for (let n = 1; n <= 200; n++) {
        const raw = await yargs([])
          .scriptName('x')
          .wrap(width)
          .help(false)
          .version(false)
          .option('time-limit', { type: 'number', describe: 'word '.repeat(n).slice(0, n).trim(), default: 2 })
          .getHelp();
        const fixed = mendHelp(raw);
        for (const line of fixed.split('\n')) expect(line).not.toMatch(GLUED);
        if (fixed === raw) continue;
        mended++;
        // Only the break moved: the words and annotations are those yargs printed, the line no longer.
        expect(fixed.replace(/\s+/g, '')).toBe(raw.replace(/\s+/g, ''));
        for (const line of fixed.split('\n')) expect(line.length).toBeLessThanOrEqual(width);
      }
    expect(mended).toBeGreaterThan(0);
  });
});
