// The option vocabulary, without spawning a process: every verb's table parsed by yargs as the
// command line would, then read by readOptions. Repeats, old names, units, and the format a
// file name implies.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_OPTIONS } from '../../../scripts/commands/audit.js';
import { BUILD_OPTIONS, buildArgs } from '../../../scripts/commands/build.js';
import { EXPORT_FILES, EXPORT_OPTIONS, exportArgs, sizesByKind } from '../../../scripts/commands/export.js';
import { GENERATE_OPTIONS, generateArgs } from '../../../scripts/commands/generate.js';
import { GRADE_OPTIONS, gradeArgs } from '../../../scripts/commands/grade.js';
import { MIGRATE_OPTIONS } from '../../../scripts/commands/migrate.js';
import { MERGE_OPTIONS } from '../../../scripts/commands/merge.js';
import {
  type OptionTable,
  catalogDb,
  defaultCatalog,
  formatFor,
  MAX_COUNT,
  MAX_JOBS,
  readOptions,
  yargsOptions,
} from '../../../scripts/commands/options.js';
import { BUILD_LIMITS, checkBuildOptions } from '../../../pipeline/build/options.js';
import { MAX_M as SOLVER_MAX_M } from '../../../src/dominosa/solve/limits.js';
import { parseOnly } from '../../../scripts/commands/parse.js';
import { SOLVE_OPTIONS, solveArgs } from '../../../scripts/commands/solve.js';
import { UserError } from '../../../pipeline/runtime/errors.js';
import { TUNE_OPTIONS, tuneArgs } from '../../../scripts/commands/tune.js';
import { kindNames } from '../../../src/kinds.js';

const TABLES: Record<string, OptionTable> = {
  solve: SOLVE_OPTIONS,
  grade: GRADE_OPTIONS,
  generate: GENERATE_OPTIONS,
  build: BUILD_OPTIONS,
  audit: AUDIT_OPTIONS,
  export: EXPORT_OPTIONS,
  tune: TUNE_OPTIONS,
  migrate: MIGRATE_OPTIONS,
  merge: MERGE_OPTIONS,
};

/** What yargs hands a verb's handler for these words (strict, as the command line is). */
function parse(table: OptionTable, args: string[]): Record<string, unknown> {
  return parseOnly(args, (a) => a.options(yargsOptions(table)));
}

/** readOptions on these words, or the line refusing them wherever it comes from (yargs runs the checks of choices). */
function readWords(table: OptionTable, args: string[]): ReturnType<typeof readOptions> {
  try {
    return readOptions(table, parse(table, args));
  } catch (e) {
    if (e instanceof UserError) return { ok: false, error: e.message };
    throw e;
  }
}

/** A value each option's check accepts, to repeat. */
function sample(table: OptionTable, name: string): string | null {
  const spec = table[name];
  if (!('check' in spec)) return null;
  const y = spec.yargs;
  if (y.type === 'boolean') return null;
  if (y.choices) return String((y.choices as string[])[0]);
  if (name === 'sizes') return '3';
  if (name === 'shard') return '0/2';
  if (name === 'grade') return 'easy';
  if (name === 'tiers') return 'easy';
  if (name === 'quantiles') return '0.2,0.5,0.8';
  return y.type === 'number' ? '3' : 'x.jsonl';
}

describe('readOptions over every verb', () => {
  for (const [verb, table] of Object.entries(TABLES)) {
    it(`${verb}: a repeated single-valued option is one line naming it and both values`, () => {
      for (const name of Object.keys(table)) {
        const v = sample(table, name);
        const spec = table[name];
        if (v === null || !('check' in spec) || spec.list) continue;
        const res = readOptions(table, parse(table, [`--${name}`, v, `--${name}`, v]));
        expect(res.ok, `${verb} --${name}`).toBe(false);
        if (!res.ok) expect(res.error).toBe(`--${name} was given 2 times (${v}, ${v}); give it once`);
      }
    });
  }

  it('list options add up instead', () => {
    const res = buildArgs(parse(BUILD_OPTIONS, ['--sizes', '5', '--sizes', '3,4']));
    expect(res.ok && res.value.run.sizes).toEqual(['3', '4', '5']);
    const shapes = buildArgs(
      parse(BUILD_OPTIONS, ['--kind', 'sudomino', '--sizes', '8x8:6', '--sizes', '6x6:4,8x8:6']),
    );
    expect(shapes.ok && shapes.value.run.sizes).toEqual(['8x8:6', '6x6:4']);
    const t = readOptions(EXPORT_OPTIONS, parse(EXPORT_OPTIONS, ['--tiers', 'hard', '--tiers', 'easy']));
    expect(t.ok && t.value.values.tiers).toEqual(['easy', 'hard']);
  });

  it('every budget in --help says whether it is per board or per run', () => {
    for (const [verb, table] of Object.entries(TABLES)) {
      for (const name of ['time-limit', 'max-nodes']) {
        const spec = table[name];
        if (spec === undefined || !('check' in spec)) continue;
        expect(String(spec.yargs.describe), `${verb} --${name}`).toMatch(/per board|for the whole run/);
      }
    }
  });

  it('takes `--out -` as stdout, not as a stray argument', () => {
    const res = exportArgs(parse(EXPORT_OPTIONS, ['--out', '-', '--format', 'text']));
    expect(res.ok && res.value.run.out).toBe('-');
  });
});

describe('old names', () => {
  it('refuses --timeout everywhere, naming --time-limit and its unit', () => {
    for (const [verb, table, per] of [
      ['solve', SOLVE_OPTIONS, 'per board'],
      ['grade', GRADE_OPTIONS, 'per board'],
      ['generate', GENERATE_OPTIONS, 'for the whole run'],
      ['build', BUILD_OPTIONS, 'for the whole run'],
    ] as const) {
      const res = readOptions(table, parse(table, ['--timeout', '300']));
      expect(res.ok, verb).toBe(false);
      if (!res.ok)
        expect(res.error).toMatch(
          new RegExp(`^--timeout is no longer accepted .*use --time-limit SECONDS \\(${per}, fractions allowed\\)$`),
        );
    }
  });

  it('refuses a thresholds file as --tiers in build and tune, naming --thresholds', () => {
    for (const table of [BUILD_OPTIONS, TUNE_OPTIONS]) {
      const res = readOptions(table, parse(table, ['--tiers', 'data/tiers.json']));
      expect(res.ok).toBe(false);
      if (!res.ok)
        expect(res.error).toBe('--tiers names tiers (as in export); give a thresholds file with --thresholds FILE');
    }
    const b = buildArgs(parse(BUILD_OPTIONS, ['--thresholds', 'my.json']));
    expect(b.ok && b.value.run.tiersFile).toBe('my.json');
    const t = tuneArgs(parse(TUNE_OPTIONS, ['--thresholds', 'my.json']));
    expect(t.ok && t.value.run.tiersFile).toBe('my.json');
  });

  it('accepts generate --m and grade --max-search-nodes for a release, with one note each', () => {
    const g = generateArgs(parse(GENERATE_OPTIONS, ['--m', '6', '--count', '2']));
    expect(g.ok && g.value.run.sizes).toEqual(['6']);
    expect(g.ok && g.value.notes).toEqual(['--m is deprecated and will be removed in the next release; use --sizes']);
    const r = gradeArgs(parse(GRADE_OPTIONS, ['--max-search-nodes', '7']));
    expect(r.ok && r.value.run.maxSearchNodes).toBe(7);
    expect(r.ok && r.value.notes).toEqual([
      '--max-search-nodes is deprecated and will be removed in the next release; use --max-nodes',
    ]);
    const both = generateArgs(parse(GENERATE_OPTIONS, ['--m', '6', '--sizes', '7', '--count', '2']));
    expect(both.ok || both.error).toBe('--m is the old name of --sizes; give --sizes alone');
  });
});

describe('units', () => {
  it('--time-limit is seconds with fractions: per board in solve and grade, per run in build and generate', () => {
    const s = solveArgs(parse(SOLVE_OPTIONS, ['--time-limit', '0.25']));
    expect(s.ok && s.value.run.timeoutMs).toBe(250);
    const g = gradeArgs(parse(GRADE_OPTIONS, ['--time-limit', '1.5']));
    expect(g.ok && g.value.run.timeoutMs).toBe(1500);
    const b = buildArgs(parse(BUILD_OPTIONS, ['--time-limit', '2']));
    expect(b.ok && b.value.run.timeoutMs).toBe(2000);
    const n = generateArgs(parse(GENERATE_OPTIONS, ['--sizes', '4', '--count', '1', '--time-limit', '0.5']));
    expect(n.ok && n.value.run.timeoutMs).toBe(500);
    // audit and export: per board, each proof's budget.
    const e = exportArgs(parse(EXPORT_OPTIONS, ['--time-limit', '0.75']));
    expect(e.ok && e.value.run.timeLimitMs).toBe(750);
    expect(readOptions(AUDIT_OPTIONS, parse(AUDIT_OPTIONS, ['--time-limit', '3'])).ok).toBe(true);
    expect(readOptions(AUDIT_OPTIONS, parse(AUDIT_OPTIONS, ['--time-limit', '0'])).ok).toBe(false);
    for (const bad of ['0', '-1', 'soon']) {
      const r = solveArgs(parse(SOLVE_OPTIONS, ['--time-limit', bad]));
      expect(r.ok || r.error).toMatch(/^--time-limit must be a number of seconds > 0/);
    }
  });

  it('--max-nodes is whole search nodes per board, in solve and grade alike', () => {
    expect(solveArgs(parse(SOLVE_OPTIONS, ['--max-nodes', '500'])).ok).toBe(true);
    const bad = gradeArgs(parse(GRADE_OPTIONS, ['--max-nodes', '2.5']));
    expect(bad.ok || bad.error).toBe('--max-nodes must be a whole number ≥ 0 (got 2.5)');
  });

  it('generate takes --sizes as every other verb does, lists included', () => {
    const g = generateArgs(parse(GENERATE_OPTIONS, ['--sizes', '3..5', '--count', '1']));
    expect(g.ok && g.value.run.sizes).toEqual(['3', '4', '5']);
    const none = generateArgs(parse(GENERATE_OPTIONS, ['--count', '1']));
    expect(none.ok || none.error).toBe('--sizes is required');
    const big = generateArgs(parse(GENERATE_OPTIONS, ['--sizes', '201', '--count', '1']));
    expect(big.ok || big.error).toMatch(/^--sizes: sizes go up to 200/);
  });
});

describe('the format from --out', () => {
  const fmt = (args: string[]) => {
    const r = exportArgs(parse(EXPORT_OPTIONS, args));
    return r.ok ? r.value.run.format : r.error;
  };

  it('infers every extension it knows when --format is absent', () => {
    expect(fmt(['--out', 'a.jsonl'])).toBe('jsonl');
    expect(fmt(['--out', 'a.json'])).toBe('json');
    expect(fmt(['--out', 'a.txt'])).toBe('text');
    expect(fmt(['--out', 'a.PDF'])).toBe('pdf');
    expect(fmt(['--out', 'dir.v2/a.html'])).toBe('html');
    expect(fmt(['--out', 'a.data', '--format', 'jsonl'])).toBe('jsonl');
    expect(fmt(['--out', 'pack'])).toBe('jsonl');
    expect(fmt([])).toBe('jsonl');
  });

  it('refuses a --format the file name contradicts; Tatham IDs may go in a .txt', () => {
    expect(fmt(['--out', 'guess.pdf', '--format', 'jsonl'])).toBe(
      '--format jsonl does not match --out guess.pdf (a .pdf file is pdf); drop --format or change the file name',
    );
    expect(fmt(['--out', 'ids.txt', '--format', 'tatham'])).toBe('tatham');
    expect(fmt(['--out', 'ids.pdf', '--format', 'tatham'])).toMatch(/does not match/);
    expect(fmt(['--out', 'ids', '--format', 'tatham'])).toBe('tatham');
  });

  it('never infers a format that has no extension of its own', () => {
    const inferred = new Set(Object.values(EXPORT_FILES.infer));
    expect(inferred.has('tatham')).toBe(false);
    expect(formatFor(undefined, 'x.txt', EXPORT_FILES, 'jsonl')).toEqual({ ok: true, value: 'text' });
  });

  it('solve, grade and generate infer text or JSON lines the same way', () => {
    const s = solveArgs(parse(SOLVE_OPTIONS, ['--out', 'r.jsonl']));
    expect(s.ok && s.value.run.format).toBe('jsonl');
    const g = gradeArgs(parse(GRADE_OPTIONS, ['--out', 'r.txt', '--format', 'jsonl']));
    expect(g.ok || g.error).toMatch(/does not match/);
    const n = generateArgs(parse(GENERATE_OPTIONS, ['--sizes', '4', '--count', '1', '--out', 'p.txt']));
    expect(n.ok && n.value.run.format).toBe('text');
  });
});

describe('--db: where the catalog is', () => {
  const PACKAGED = /\/data\/catalog\.sqlite$/;

  it("is the variable's when DOMINOSA_DB is set and not empty, else the package's own (an absolute path)", () => {
    expect(defaultCatalog({ DOMINOSA_DB: 'x/c.sqlite' })).toEqual({ path: 'x/c.sqlite', from: 'from DOMINOSA_DB' });
    for (const env of [{}, { DOMINOSA_DB: '' }]) {
      const d = defaultCatalog(env);
      expect(d.path).toMatch(PACKAGED);
      expect(d.path.startsWith('/')).toBe(true);
    }
  });

  it('every catalog verb defaults to it, and --help shows it resolved', () => {
    for (const [verb, table] of Object.entries(TABLES)) {
      if (!('db' in table)) continue;
      const read = readOptions(table, parse(table, verb === 'generate' ? ['--sizes', '3', '--count', '1'] : []));
      expect(read.ok && (read.value.values as { db: string }).db, verb).toMatch(PACKAGED);
    }
    const elsewhere = join(tmpdir(), 'c.sqlite');
    const env = { DOMINOSA_DB: elsewhere };
    const table = { db: catalogDb('catalog file', env) };
    expect(yargsOptions(table).db.defaultDescription).toBe(`${elsewhere}, from DOMINOSA_DB`);
    const read = readOptions(table, parse(table, []));
    expect(read.ok && read.value.values.db).toBe(elsewhere);
    const given = readOptions(table, parse(table, ['--db', 'mine.sqlite']));
    expect(given.ok && given.value.values.db).toBe('mine.sqlite');
  });

  it('refuses a catalog that would not outlive the process', () => {
    const table = { db: catalogDb('catalog file', {}) };
    for (const db of [':memory:', 'file:c.sqlite?mode=memory', 'FILE:x']) {
      const read = readOptions(table, parse(table, ['--db', db]));
      expect(read.ok || read.error, db).toMatch(/SQLite keeps such a database in memory/);
    }
    const plain = readOptions(table, parse(table, ['--db', 'memory.sqlite']));
    expect(plain.ok).toBe(true);
  });

  it('refuses, in one line naming where it came from, a name that means no file, whether --db or DOMINOSA_DB gives it', () => {
    const refusals: [name: string, why: RegExp][] = [
      [' ', /a blank name names no file/],
      ['\t \n', /a blank name names no file/],
      ['-', /"-" is standard input or output/],
      [' c.sqlite', /a name that begins or ends with a space/],
      ['c.sqlite ', /a name that begins or ends with a space/],
    ];
    for (const [name, why] of refusals) {
      const table = { db: catalogDb('catalog file', {}) };
      const given = readOptions(table, parse(table, ['--db', name]));
      expect(given.ok || given.error, JSON.stringify(name)).toMatch(
        new RegExp(`^--db ${escapeRe(JSON.stringify(name))}: ${why.source}`),
      );
      const fromEnv = { db: catalogDb('catalog file', { DOMINOSA_DB: name }) };
      const env = readOptions(fromEnv, parse(fromEnv, []));
      expect(env.ok || env.error, JSON.stringify(name)).toMatch(
        new RegExp(`^DOMINOSA_DB ${escapeRe(JSON.stringify(name))}: ${why.source}`),
      );
    }
    // Where the file would be is the opening verb's to judge (a manifest names paths of another machine).
    const table = { db: catalogDb('catalog file', {}) };
    expect(readOptions(table, parse(table, ['--db', '/out/shard-0.sqlite'])).ok).toBe(true);
    // An empty variable is an unset one: the package's own catalog.
    const unset = { db: catalogDb('catalog file', { DOMINOSA_DB: '' }) };
    const read = readOptions(unset, parse(unset, []));
    expect(read.ok && read.value.values.db).toMatch(PACKAGED);
  });
});

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('documented caps', () => {
  const CAPS: [verb: string, args: string[], flag: string, cap: number][] = [
    ['build', [], 'variants', BUILD_LIMITS.variants],
    ['build', [], 'per-tier', BUILD_LIMITS.perTier],
    ['build', [], 'jobs', BUILD_LIMITS.jobs],
    ['build', [], 'max-slots', BUILD_LIMITS.maxSlots],
    ['build', [], 'max-attempts', BUILD_LIMITS.maxAttempts],
    ['generate', ['--sizes', '3'], 'count', MAX_COUNT],
    ['export', [], 'count', MAX_COUNT],
    ['audit', [], 'jobs', MAX_JOBS],
    ['audit', [], 'sample', MAX_COUNT],
  ];

  it('take the cap, refuse one more in one line naming it, and show it in --help', () => {
    expect(BUILD_LIMITS.variants).toBe(1000);
    for (const [verb, args, flag, cap] of CAPS) {
      const table = TABLES[verb];
      const at = readOptions(table, parse(table, [...args, `--${flag}`, String(cap)]));
      expect(at.ok, `${verb} --${flag} ${cap}`).toBe(true);
      const over = readOptions(table, parse(table, [...args, `--${flag}`, String(cap + 1)]));
      expect(over.ok || over.error, `${verb} --${flag}`).toBe(
        `--${flag} must be at most ${cap.toLocaleString('en-US')} (got ${cap + 1})`,
      );
      expect(String(yargsOptions(table)[flag].describe)).toContain(`(at most ${cap.toLocaleString('en-US')})`);
    }
  });

  it("are checked for library callers too, and --sizes of build stops at the solver's largest size", () => {
    const read = buildArgs(parse(BUILD_OPTIONS, []));
    if (!read.ok) throw new Error(read.error);
    const base = { ...read.value.run, db: 'x.sqlite' };
    expect(() => checkBuildOptions({ ...base, variants: 1_000_000 })).toThrow(
      '--variants must be at most 1000 (got 1000000)',
    );
    expect(() => checkBuildOptions({ ...base, sizes: [String(SOLVER_MAX_M + 1)] })).toThrow(/a size must be at most/);
    expect(() => checkBuildOptions({ ...base, variants: BUILD_LIMITS.variants })).not.toThrow();
  });
});

describe('tune --quantiles', () => {
  it('says in --help that only node and score cuts use it, and is refused with --measure grade', () => {
    const shown = yargsOptions(TUNE_OPTIONS).quantiles;
    expect(shown.defaultDescription).toBe('0.25,0.5,0.75 with nodes or score');
    expect(String(shown.describe)).toMatch(/^with --measure nodes or score/);
    const graded = tuneArgs(parse(TUNE_OPTIONS, ['--measure', 'grade', '--quantiles', '0.2,0.5,0.8']));
    expect(graded.ok || graded.error).toBe('--quantiles sets node or score cuts; --measure grade cuts take none');
    const nodes = tuneArgs(parse(TUNE_OPTIONS, ['--measure', 'nodes', '--quantiles', '0.2,0.5,0.8']));
    expect(nodes.ok && nodes.value.run.quantiles).toEqual([0.2, 0.5, 0.8]);
  });
});

describe('generate --kind', () => {
  it("takes the kind's sizes, its default sizes and its grade targets, and refuses options it has no use for", () => {
    const s = generateArgs(parse(GENERATE_OPTIONS, ['--kind', 'sudomino', '--count', '2', '--grade', ' Hard']));
    expect(s.ok && s.value.run).toMatchObject({ kind: 'sudomino', sizes: ['8x8:6'], target: 'hard' });
    expect(s.ok && 'method' in s.value.run).toBe(false);
    const d = generateArgs(parse(GENERATE_OPTIONS, ['--sizes', '5,3', '--count', '1', '--grade', 'sets']));
    expect(d.ok && d.value.run).toMatchObject({ kind: 'dominosa', sizes: ['3', '5'], method: 'auto' });
    expect(d.ok && d.value.run.target).toMatchObject({ name: 'sets' });
    const bad = generateArgs(parse(GENERATE_OPTIONS, ['--count', '1', '--sizes', '3', '--grade', 'fiendish']));
    expect(bad.ok || bad.error).toMatch(/^--grade: unknown grade target "fiendish"/);
    const attempts = generateArgs(
      parse(GENERATE_OPTIONS, ['--kind', 'sudomino', '--count', '1', '--max-attempts', '5']),
    );
    expect(attempts.ok || attempts.error).toBe('--max-attempts: not yet for Sudomino');
  });
});

describe('tune --kind sudomino', () => {
  it('takes shapes in --sizes, and refuses what only Dominosa cuts use', () => {
    const s = tuneArgs(parse(TUNE_OPTIONS, ['--kind', 'sudomino', '--sizes', '8x8:6,6x6:4', '--apply']));
    expect(s.ok && s.value.run).toMatchObject({
      kind: 'sudomino',
      db: expect.any(String),
      sizes: ['8x8:6', '6x6:4'],
      apply: true,
      tiersFile: undefined,
      plots: false,
    });
    const all = tuneArgs(parse(TUNE_OPTIONS, ['--kind', 'sudomino']));
    expect(all.ok && all.value.run.sizes).toBeUndefined();
    expect(tuneArgs(parse(TUNE_OPTIONS, ['--kind', 'sudomino', '--sizes', '8']))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^--sizes: /),
    });
    for (const extra of [['--measure', 'nodes'], ['--quantiles', '0.2,0.5,0.8'], ['--plot']]) {
      expect(tuneArgs(parse(TUNE_OPTIONS, ['--kind', 'sudomino', ...extra]))).toEqual({
        ok: false,
        error: `${extra[0]}: not for Sudomino, whose cuts are the tiers' reference-node ranges`,
      });
    }
    const d = tuneArgs(parse(TUNE_OPTIONS, ['--sizes', '8x8:6']));
    expect(d.ok).toBe(false);
  });
});

describe('export --kind and --sizes', () => {
  it('takes one kind or both, in one order, and refuses anything else naming it', () => {
    const read = (v: string) => readOptions(EXPORT_OPTIONS, parse(EXPORT_OPTIONS, ['--kind', v]));
    const both = read('sudomino,dominosa');
    expect(both.ok && both.value.values.kind).toEqual(['dominosa', 'sudomino']);
    expect(read('dominosa,tatham')).toEqual({
      ok: false,
      error: '--kind takes dominosa, sudomino or a comma-separated list of them such as dominosa,sudomino (got tatham)',
    });
  });

  it('splits sizes by kind, each as its kind reads them (shapes as formatShape writes them)', () => {
    const both = ['dominosa', 'sudomino'];
    expect(sizesByKind('3..4, 8X8:6,6,10x10:7', both)).toEqual({
      ok: true,
      value: { dominosa: ['3', '4', '6'], sudomino: ['8x8:6', '10x10:7'] },
    });
    expect(sizesByKind('8x8:0', both)).toMatchObject({ ok: false, error: expect.stringMatching(/^--sizes: /) });
    expect(sizesByKind('6x', both)).toMatchObject({ ok: false, error: expect.stringMatching(/^--sizes: /) });
    expect(sizesByKind('3..', both)).toMatchObject({ ok: false, error: expect.stringMatching(/^--sizes: /) });
    expect(exportArgs(parse(EXPORT_OPTIONS, ['--kind', 'dominosa,sudomino', '--sizes', '4,6x6:4']))).toMatchObject({
      ok: true,
      value: { run: { kinds: both, sizes: { dominosa: ['4'], sudomino: ['6x6:4'] } } },
    });
  });

  it('gives each part of --sizes to the kind that claims it, as that kind reads its sizes', () => {
    const res = sizesByKind('10x10:7, 4..5,3, 8X8:6', kindNames());
    expect(res.ok && Object.entries(res.value)).toEqual([
      ['dominosa', ['3', '4', '5']],
      ['sudomino', ['10x10:7', '8x8:6']],
    ]);
    expect(sizesByKind('3..x', kindNames())).toEqual({
      ok: false,
      error: '--sizes: "3..x" is not a shape (write RxC:N, e.g. 8x8:6)',
    });
  });
});

describe('--kind on every verb', () => {
  // generate needs its required option beside --kind.
  const read = (table: OptionTable, value: string) =>
    readWords(table, ['--kind', value, ...(table === GENERATE_OPTIONS ? ['--count', '1'] : [])]);

  for (const [verb, table] of Object.entries(TABLES)) {
    it(`${verb}: --kind dominosa is taken, --kind sudomino only where it is built`, () => {
      const d = read(table, 'dominosa');
      expect(d.ok && (d.value.values as Record<string, unknown>).kind).toEqual(
        verb === 'export' ? ['dominosa'] : 'dominosa',
      );
      const s = read(table, 'sudomino');
      if (['solve', 'generate', 'grade', 'audit', 'tune', 'export', 'build', 'merge'].includes(verb))
        expect(s.ok).toBe(true);
      else expect(s).toEqual({ ok: false, error: `--kind sudomino: not yet; ${verb} takes dominosa puzzles so far` });
    });
  }
});
