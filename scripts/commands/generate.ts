// `dominosa generate --sizes M --count K`: options for the generate verb, as data (see options.ts).
import type { Argv } from 'yargs';
import type { GenerateCommand } from '../../pipeline/generate/generate.js';
import { BUILD_LIMITS } from '../../pipeline/build/options.js';
import { METHOD_CHOICES } from '../../src/dominosa/make/generator.js';
import { gradeTarget } from './grade-target.js';
import { DEFAULT_SHAPE, formatShape } from '../../src/sudomino/shape.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import {
  argsOrExit,
  kind,
  KINDS,
  rawList,
  shapeList,
  choice,
  flag,
  type FormatFiles,
  formatFor,
  integer,
  MAX_COUNT,
  oldTimeout,
  out,
  readOptions,
  renamed,
  sizes,
  timeLimit,
  timeLimitMs,
  type VerbArgs,
  whole,
  withOptions,
  examples,
} from './options.js';

/** Largest size generate accepts: a 201×202 board, repair takes tens of seconds a puzzle there. */
export const MAX_GENERATE_M = 200;

const FORMATS = ['jsonl', 'text'] as const;
const FILES: FormatFiles<(typeof FORMATS)[number]> = { infer: { '.jsonl': 'jsonl', '.txt': 'text' } };

export const GENERATE_OPTIONS = {
  kind: kind('generate', KINDS),
  sizes: rawList(
    `Dominosa: sizes M, each a double-M set on an (M+1)x(M+2) board: 6, 3..9 or 3,5,7 [required]; Sudomino: shapes RxC:N, e.g. 8x8:6,10x10:7 [default: ${formatShape(DEFAULT_SHAPE)}]`,
  ),
  m: renamed('sizes'),
  count: whole('puzzles per size (slots 0..count-1)', 0, { required: true, max: MAX_COUNT }),
  seed: integer('build seed; slot k of size M draws from (seed, M, k)', { default: 1 }),
  format: choice(FORMATS, "output format [default: from --out's extension (.jsonl, .txt), else jsonl]"),
  out: out(),
  force: flag('overwrite an existing --out file', { default: false }),
  'max-attempts': whole('deals to try per slot before failing', 1, { shown: '100000', max: BUILD_LIMITS.maxAttempts }),
  method: choice(METHOD_CHOICES, 'rejection (M ≤ 14), repair, or auto (rejection up to M=12, repair above)', {
    default: 'auto',
  }),
  'time-limit': timeLimit('run', 'stop after this long: what was made is written, exit 1'),
  timeout: oldTimeout('run'),
  grade: gradeTarget(
    "keep only puzzles of this human grade: a tier, easy|normal|hard|expert (singles; intersections, duplicates or parity; sets; Tatham's Extreme), or one level, singles|intersections|duplicates|parity|sets|extreme|lookahead|search",
  ),
};

/** Dominosa's sizes, checked as every verb checks them once the kind is known. */
const DOMINOSA_SIZES = sizes('sizes M', { max: MAX_GENERATE_M });

/** The run generate's options describe, or the line that refuses them. */
export function generateArgs(argv: Record<string, unknown>): VerbArgs<GenerateCommand> {
  const read = readOptions(GENERATE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const format = formatFor(o.format, o.out, FILES, 'jsonl');
  if (!format.ok) return format;
  if (o.kind === 'sudomino') {
    const shapes = shapeList(o.sizes);
    if (!shapes.ok) return shapes;
    const notYet = (['method', 'max-attempts'] as const).find((k) => argv[k] !== undefined);
    if (notYet !== undefined) return { ok: false, error: `--${notYet}: not yet for Sudomino` };
    // Sudomino's grades are its tiers: a Dominosa level name means nothing here.
    const tier =
      o.grade === undefined
        ? undefined
        : (TIERS as readonly string[]).includes(o.grade.name)
          ? (o.grade.name as Tier)
          : null;
    if (tier === null)
      return { ok: false, error: `--grade ${o.grade?.name}: Sudomino takes a tier, ${TIERS.join('|')}` };
    const run = {
      kind: 'sudomino' as const,
      shapes: shapes.value,
      sizes: [],
      count: o.count,
      seed: o.seed,
      format: format.value,
      out: o.out,
      force: o.force,
      timeoutMs: timeLimitMs(o['time-limit']),
      tier,
    };
    return { ok: true, value: { run, notes: read.value.notes } };
  }
  if (o.sizes === undefined) return { ok: false, error: '--sizes is required' };
  const sized = DOMINOSA_SIZES.check(o.sizes, '--sizes');
  if (!sized.ok) return sized;
  const run: GenerateCommand = {
    sizes: sized.value,
    count: o.count,
    seed: o.seed,
    format: format.value,
    out: o.out,
    force: o.force,
    maxAttempts: o['max-attempts'],
    method: o.method,
    timeoutMs: timeLimitMs(o['time-limit']),
    grade: o.grade,
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

export function generateCommand(y: Argv): Argv {
  return y.command(
    'generate',
    'Generate proven-unique puzzles (slots 0..count-1 of each size) and write them out; no database.',
    (a) =>
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
    async (v) => {
      const run = argsOrExit(generateArgs(v));
      const [{ runGenerate }, { countProgress }] = await Promise.all([
        import('../../pipeline/generate/generate.js'),
        import('../../pipeline/runtime/count-progress.js'),
      ]);
      // No bar when the puzzles themselves go to the terminal: the two would draw over each other.
      const toTerminal = (run.out === undefined || run.out === '-') && process.stdout.isTTY === true;
      const progress = countProgress(toTerminal ? 0 : (run.shapes ?? run.sizes).length * run.count, 'generate');
      // As export does: a file written says so; puzzles on stdout speak for themselves.
      const toFile = run.out !== undefined && run.out !== '-';
      const said = (n: number): void => {
        if (toFile) process.stderr.write(`dominosa: wrote ${n} puzzle${n === 1 ? '' : 's'} to ${run.out}\n`);
      };
      process.exitCode = await runGenerate(run, process.stdout, progress, said);
    },
  );
}
