// Property: random option lines (missing, empty and blank values, numbers past 2^53, unknown
// extensions, the other kind's options, mixed case, stray words), from a fixed seed, against
// every verb. In process (checkLine, as the CLI reads a line) many of them: each is a run or one
// line, never an exception, never yargs' own words. Then a few through the compiled CLI on real
// catalogs and files: exit 0, 1 or 2 (74 or 75 when the machine says so), never 70 or a stack
// trace, one line on a refusal, and after a refusal the catalog (with its -wal and -shm), the
// --out target and their folder are exactly as before.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLine } from '../../scripts/commands/parse.js';
import { cli, cliAsync, DATA } from '../helpers/cli.js';
import { VERB_LINES, wordsFor } from '../helpers/verb-lines.js';

const SEED = 3535;
const IN_PROCESS_RUNS = 150;
const SPAWNS_PER_VERB = 2;
const KILL_MS = 60_000;

/** Names no verb knows: a capital letter, a typo. */
const STRANGERS = ['Seed', 'KIND', 'outt'];

/** Values a careless hand types: nothing, blanks, huge and odd numbers, unknown extensions, mixed case. */
const VALUES = [
  '',
  ' ',
  '\t',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1e400',
  'NaN',
  'abc',
  '2.5',
  '-1',
  '0',
  '3',
  'pack.xlsx',
  'x.tatham',
  'A4',
  'Letter',
  'Hard',
  'JSONL',
  'Text',
  'REPAIR',
  'Nodes',
  'Sudomino',
  'DOMINOSA',
  'dominosa,sudomino',
  'both',
  '8x8',
  '8X8:6',
  '0/2',
];

/** One kind's options given to the other kind. */
const OTHER_KIND = [
  ['--kind', 'sudomino', '--pips'],
  ['--kind', 'Sudomino', '--one-based'],
  ['--kind', 'sudomino', '--tally'],
  ['--kind', 'dominosa', '--values', '5'],
  ['--kind', 'sudomino', '--max-nodes', '5'],
  ['--kind', 'sudomino', '--method', 'repair'],
  ['--kind', 'sudomino', '--measure', 'nodes'],
  ['--kind', 'sudomino', '--tier-by', 'nodes'],
];

/**
 * Random lines for a verb: mostly its own options (old names too), now and then another verb's
 * or none's, with careless values; the other kind's options where the verb has them; stray words.
 */
function lineFor(verb: string): fc.Arbitrary<string[]> {
  const own = Object.keys(VERB_LINES[verb].table);
  const others = [...new Set(Object.values(VERB_LINES).flatMap((v) => Object.keys(v.table)))].filter(
    (n) => !own.includes(n),
  );
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...others, ...STRANGERS) },
  );
  const value = fc.constantFrom(...VALUES);
  const otherKind = OTHER_KIND.filter((t) => t.every((w) => !w.startsWith('--') || own.includes(w.slice(2))));
  const token: fc.Arbitrary<string[]> = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(name, value).map(([n, v]) => [`--${n}`, v]) },
    { weight: 2, arbitrary: fc.tuple(name, value).map(([n, v]) => [`--${n}=${v}`]) },
    { weight: 2, arbitrary: name.map((n) => [`--${n}`]) },
    { weight: 1, arbitrary: name.map((n) => [`--no-${n}`]) },
    { weight: otherKind.length > 0 ? 2 : 0, arbitrary: fc.constantFrom<string[]>(...OTHER_KIND, ...otherKind) },
    { weight: 1, arbitrary: fc.constantFrom<string[]>(['stray'], ['-'], ['']) },
  );
  return fc.array(token, { minLength: 1, maxLength: 3 }).map((ts) => ts.flat());
}

// yargs' own complaints, which the project's one-line form replaces.
const YARGS_WORDS = /Invalid values|Not enough arguments|Unknown arguments?:|Did you mean|Choices:|Argument:/;

describe('random option lines, read in process', () => {
  for (const [verb, v] of Object.entries(VERB_LINES)) {
    it(`${verb}: each is a run or one line in the project's words`, () => {
      for (const words of fc.sample(lineFor(verb), { seed: SEED, numRuns: IN_PROCESS_RUNS })) {
        const args = wordsFor(v, [], words);
        const what = `${verb} ${JSON.stringify(args)}`;
        // An exception other than a refusal would be exit 70 on the command line.
        const r = checkLine(v.line, args);
        if (r.ok) continue;
        expect(r.error, what).not.toMatch(/\n/);
        expect(r.error.trim(), what).not.toBe('');
        expect(r.error, what).not.toMatch(YARGS_WORDS);
        // A value is quoted as typed: NaN and undefined only when typed so.
        if (!args.some((a) => a.includes('NaN'))) expect(r.error, what).not.toMatch(/\bNaN\b/);
        expect(r.error, what).not.toMatch(/\bundefined\b|\[object /);
      }
    });
  }
});

describe('random option lines, through the command line', () => {
  let dir: string;
  let catalog: string;
  let shard: string;
  const BUILD = ['--sizes', '3', '--per-tier', '1', '--variants', '0'];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dominosa-options-'));
    catalog = join(dir, 'catalog.sqlite');
    shard = join(dir, 'shard.sqlite');
    for (const [db, extra] of [
      [catalog, []],
      [shard, ['--shard', '0/1']],
    ] as const) {
      const r = cli(['build', ...BUILD, ...extra, '--db', db]);
      if (r.code !== 0) throw new Error(`building ${db} failed: ${r.stderr}`);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A verb's quick, valid line in its own folder: the files it may change, and its words. */
  function caseOf(verb: string, at: string): { watched: string[]; args: string[] } {
    const db = join(at, 'catalog.sqlite');
    copyFileSync(verb === 'merge' ? shard : catalog, db);
    const target = join(at, verb === 'export' || verb === 'generate' ? 'out.jsonl' : 'out.txt');
    writeFileSync(target, 'written before\n');
    const merged = join(at, 'merged.sqlite');
    const boards = join(DATA, 'examples', 'boards.txt');
    const args: Record<string, string[]> = {
      build: ['build', ...BUILD, '--db', db],
      export: ['export', '--db', db, '--count', '2', '--out', target, '--force'],
      tune: ['tune', '--db', db],
      audit: ['audit', '--db', db, '--jobs', '1', '--sample', '3'],
      migrate: ['migrate', '--db', db, '--no-backup'],
      merge: ['merge', merged, db],
      generate: ['generate', '--sizes', '3', '--count', '1', '--out', target, '--force'],
      solve: ['solve', boards, '--out', target, '--force'],
      grade: ['grade', boards, '--out', target, '--force'],
    };
    const sidecars = (f: string): string[] => [f, `${f}-wal`, `${f}-shm`];
    return { watched: [...sidecars(db), ...sidecars(merged), target], args: args[verb] };
  }

  /** Each watched file's SHA-256 (or its absence), and the folder's names. */
  function snapshot(at: string, watched: readonly string[]): Record<string, string> {
    const out: Record<string, string> = { folder: readdirSync(at).sort().join('/') };
    for (const f of watched)
      out[f] = existsSync(f) ? createHash('sha256').update(readFileSync(f)).digest('hex') : 'absent';
    return out;
  }

  it(`${SPAWNS_PER_VERB} lines a verb: exit 0, 1 or 2, one line and nothing changed on a refusal, never 70`, async () => {
    const cases = Object.keys(VERB_LINES).flatMap((verb, i) =>
      fc.sample(lineFor(verb), { seed: SEED + i, numRuns: SPAWNS_PER_VERB }).map((words) => ({ verb, words })),
    );
    let next = 0;
    let refusals = 0;
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const k = next++;
        const { verb, words } = cases[k];
        const at = join(dir, `case${k}`);
        mkdirSync(at);
        const { watched, args } = caseOf(verb, at);
        const before = snapshot(at, watched);
        const r = await cliAsync([...args, ...words], { killAfterMs: KILL_MS });
        const what = `${JSON.stringify([...args, ...words])}: exit ${r.code}, ${r.stderr.trim()}`;
        expect([0, 1, 2, 74, 75], what).toContain(r.code);
        expect(r.stderr, what).not.toMatch(/internal error|\n\s+at /);
        if (r.code === 0) continue;
        const lines = r.stderr.trimEnd().split('\n');
        expect(lines[lines.length - 1], what).toMatch(/^dominosa: /);
        if (r.code !== 2) continue;
        refusals++;
        expect(lines, what).toHaveLength(1);
        expect(lines[0], what).not.toMatch(YARGS_WORDS);
        expect(snapshot(at, watched), what).toEqual(before);
      }
    };
    await Promise.all([worker(), worker()]);
    // Most random lines are refusals: the test checks what it claims to.
    expect(refusals).toBeGreaterThan(cases.length / 2);
  }, 300_000);
});
