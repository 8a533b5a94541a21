// `dominosa generate --sizes M --count K`: options for the generate verb, as data (see options.ts).
import type { Argv } from 'yargs';
import type { GenerateCommand } from '../../pipeline/generate/generate.js';
import { BUILD_LIMITS } from '../../pipeline/build/options.js';
import { allKinds, kindNamed } from '../../src/kinds.js';
import type { VerbLine } from './parse.js';
import {
  argsOrExit,
  kind,
  kindSizes,
  rawList,
  choice,
  flag,
  type FormatFiles,
  type OptionSpec,
  formatFor,
  integer,
  MAX_COUNT,
  oldTimeout,
  out,
  readOptions,
  renamed,
  timeLimit,
  timeLimitMs,
  type VerbArgs,
  whole,
  withOptions,
  examples,
} from './options.js';

const FORMATS = ['jsonl', 'text'] as const;
const FILES: FormatFiles<(typeof FORMATS)[number]> = { infer: { '.jsonl': 'jsonl', '.txt': 'text' } };

/** --grade as typed: the kind reads it as its own grade target once the kind is known. */
function gradeText(describe: string): OptionSpec<string | undefined> {
  return {
    yargs: { type: 'string', describe, requiresArg: true },
    check: (v) => ({ ok: true, value: String(v) }),
  };
}

// The ways of making boards the kinds offer (Dominosa's rejection and repair), each kind's default first.
const METHODS = [...new Set(allKinds().flatMap((k) => k.generating.methods ?? []))];

export const GENERATE_OPTIONS = {
  kind: kind('generate'),
  sizes: rawList(
    `Dominosa: sizes M, each a double-M set on an (M+1)x(M+2) board: 6, 3..9 or 3,5,7 [required]; Sudomino: shapes RxC:N, e.g. 8x8:6,10x10:7 [default: 8x8:6]`,
  ),
  m: renamed('sizes'),
  count: whole('puzzles per size (slots 0..count-1)', 0, { required: true, max: MAX_COUNT }),
  seed: integer('build seed; slot k of size M draws from (seed, M, k)', { default: 1 }),
  format: choice(FORMATS, "output format [default: from --out's extension (.jsonl, .txt), else jsonl]"),
  out: out(),
  force: flag('overwrite an existing --out file', { default: false }),
  'max-attempts': whole('deals to try per slot before failing', 1, { shown: '100000', max: BUILD_LIMITS.maxAttempts }),
  method: choice(METHODS, 'rejection (M ≤ 14), repair, or auto (rejection up to M=12, repair above)', {
    default: METHODS[0],
  }),
  'time-limit': timeLimit('run', 'stop after this long: what was made is written, exit 1'),
  timeout: oldTimeout('run'),
  grade: gradeText(
    "keep only puzzles of this human grade: a tier, easy|normal|hard|expert (singles; intersections, duplicates or parity; sets; Tatham's Extreme), or one level, singles|intersections|duplicates|parity|sets|extreme|lookahead|search",
  ),
};

/** The run generate's options describe, or the line that refuses them. */
export function generateArgs(argv: Record<string, unknown>): VerbArgs<GenerateCommand> {
  const read = readOptions(GENERATE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const format = formatFor(o.format, o.out, FILES, 'jsonl');
  if (!format.ok) return format;
  const k = kindNamed(o.kind);
  const gen = k.generating;
  let sizes: readonly string[];
  if (o.sizes !== undefined) {
    const given = kindSizes(k, o.sizes);
    if (!given.ok) return given;
    const refused = gen.refuseSizes?.(given.value) ?? null;
    if (refused !== null) return { ok: false, error: `--sizes: ${refused}` };
    sizes = given.value;
  } else if (gen.defaultSizes !== null) sizes = gen.defaultSizes;
  else return { ok: false, error: '--sizes is required' };
  if (gen.methods === undefined) {
    const notYet = (['method', 'max-attempts'] as const).find((name) => argv[name] !== undefined);
    if (notYet !== undefined) return { ok: false, error: `--${notYet}: not yet for ${k.title}` };
  }
  const target = o.grade === undefined ? undefined : gen.target(o.grade, '--grade');
  if (target !== undefined && !target.ok) return target;
  const run: GenerateCommand = {
    kind: k.name,
    sizes,
    count: o.count,
    seed: o.seed,
    format: format.value,
    out: o.out,
    force: o.force,
    timeoutMs: timeLimitMs(o['time-limit']),
    ...(target === undefined ? {} : { target: target.value }),
    ...(gen.methods === undefined ? {} : { method: o.method, maxAttempts: o['max-attempts'] }),
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** generate's command line: its options and their check. */
export const GENERATE_LINE: VerbLine<GenerateCommand> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, GENERATE_OPTIONS).epilogue(
      examples([
        ['$0 generate --sizes 6 --count 10', 'ten 7x8 puzzles as JSON lines'],
        ['$0 generate --sizes 4 --count 3 --format text | $0 solve', 'generate, then re-solve'],
        ['$0 generate --sizes 100 --count 5 --time-limit 60', 'five 101x102 puzzles, at most a minute'],
        ['$0 generate --sizes 9 --count 10 --grade hard', 'ten 10x11 puzzles that need set analysis'],
        ['$0 generate --sizes 3..9 --count 5 --out puzzles.txt', 'five of each size, as text, into a file'],
        ['$0 generate --kind sudomino --sizes 8x8:6 --count 10', 'ten 8x8 Sudomino puzzles, values 1..6'],
        ['$0 generate --kind sudomino --count 10 --grade easy', 'ten 8x8:6 Sudomino puzzles solved by singles alone'],
      ]),
    ),
  args: generateArgs,
};

export function generateCommand(y: Argv): Argv {
  return y.command(
    'generate',
    'Generate proven-unique puzzles (slots 0..count-1 of each size) and write them out; no database.',
    GENERATE_LINE.builder,
    async (v) => {
      const run = argsOrExit(GENERATE_LINE.args(v));
      const [{ runGenerate }, { countProgress }] = await Promise.all([
        import('../../pipeline/generate/generate.js'),
        import('../../pipeline/runtime/count-progress.js'),
      ]);
      // No bar when the puzzles themselves go to the terminal: the two would draw over each other.
      const toTerminal = (run.out === undefined || run.out === '-') && process.stdout.isTTY === true;
      const progress = countProgress(toTerminal ? 0 : run.sizes.length * run.count, 'generate');
      // As export does: a file written says so; puzzles on stdout speak for themselves.
      const toFile = run.out !== undefined && run.out !== '-';
      const said = (n: number): void => {
        if (toFile) process.stderr.write(`dominosa: wrote ${n} puzzle${n === 1 ? '' : 's'} to ${run.out}\n`);
      };
      process.exitCode = await runGenerate(run, process.stdout, progress, said);
    },
  );
}
