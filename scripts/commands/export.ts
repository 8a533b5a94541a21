// `dominosa export`: options for the export verb (selection, format, output), as data (see
// options.ts); the selecting and writing is pipeline/export/export.ts.
import type { Argv } from 'yargs';
import type { ExportOptions } from '../../pipeline/export/export.js';
import { forTerminal } from '../../pipeline/io/terminal.js';
import { DEFAULT_PAPER, PAPER_NAMES, SOLUTIONS_PLACES } from '../../src/formats/booklet.js';
import type { Faces } from '../../src/formats/faces.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../src/formats/pack.js';
import { allKinds, DEFAULT_KIND, kindNames, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import {
  gradeTarget,
  argsOrExit,
  type Checked,
  choice,
  flag,
  type FormatFiles,
  formatFor,
  integer,
  type OptionSpec,
  out,
  readOptions,
  text,
  type VerbArgs,
  whole,
  withOptions,
  examples,
  catalogDb,
  MAX_COUNT,
  timeLimitMs,
  rawList,
  named,
  knownExtensions,
  type OptionScope,
  scopeCheck,
} from './options.js';
import type { VerbLine } from './parse.js';
import { PROOF_TIME_LIMIT } from './proof-budget.js';

/** Tiers from text like "easy,hard": known names only, in difficulty order, without repeats. */
export function parseTierList(text: string): Checked<Tier[]> {
  const typed = text.split(',');
  const names = typed.map((s) => named(TIERS, s));
  const wrong = typed.find((_, i) => names[i] === undefined);
  if (wrong !== undefined)
    return { ok: false, error: `--tiers: "${wrong.trim()}" is not a tier (use ${TIERS.join(', ')})` };
  return { ok: true, value: TIERS.filter((t) => names.includes(t)) };
}

const tiers: OptionSpec<Tier[] | undefined> = {
  yargs: { type: 'string', describe: `only these tiers: ${TIERS.join(',')} or some of them`, requiresArg: true },
  list: true,
  check: (v) => parseTierList([v].flat().map(String).join(',')),
};

/** How a choice of all the registered kinds is worded: both of two, or several. */
const ALL = (): string => (kindNames().length > 2 ? 'several' : 'both');

/**
 * --kind: the kinds a pack takes, comma-separated, in any case, in the registry's order and
 * without repeats (default: the default kind alone).
 */
const kinds: OptionSpec<KindName[]> = {
  yargs: {
    type: 'string',
    describe: `puzzle kind: ${kindNames().join(', ')}, or a comma-separated list of them (${kindNames().join(',')}): export may mix them`,
    requiresArg: true,
  },
  default: [DEFAULT_KIND],
  list: true,
  check(v, flag) {
    const typed = [v].flat().map(String).join(',').split(',');
    const known = kindNames();
    const names = typed.map((n) => named(known, n));
    const wrong = typed.find((_, i) => names[i] === undefined);
    if (wrong !== undefined)
      return {
        ok: false,
        error: `${flag} takes ${known.join(', ')} or a comma-separated list of them such as ${known.join(',')} (got ${wrong.trim() === '' ? 'an empty name' : wrong})`,
      };
    return { ok: true, value: known.filter((k) => names.includes(k)) };
  },
};

/**
 * The sizes a --sizes text names, by kind, as keys in each kind's order: each part is read by the
 * first kind that claims it and reads it (the kinds taken first, then the others, in the
 * registry's order), else by the first that claims it, which words the refusal: a kind may claim
 * widely (Dominosa every part without an x) and a plugin kind's sizes still reach it. A part of
 * a kind not taken is refused, naming the --kind that takes it.
 */
export function sizesByKind(text: string, taken: readonly KindName[]): Checked<Record<KindName, string[]>> {
  const all = allKinds();
  const order = [...all.filter((k) => taken.includes(k.name)), ...all.filter((k) => !taken.includes(k.name))];
  const parts = new Map<PuzzleKind, string[]>();
  for (const part of text.split(',').map((s) => s.trim())) {
    const claims = order.filter((k) => k.sizes.claims(part));
    const kind = claims.find((k) => k.sizes.parse(part).ok) ?? claims[0];
    if (kind === undefined) return { ok: false, error: `--sizes: "${part}" is no puzzle kind's size` };
    parts.set(kind, [...(parts.get(kind) ?? []), part]);
  }
  const out: Record<KindName, string[]> = {};
  for (const kind of all) {
    const own = parts.get(kind);
    if (own === undefined) continue;
    const res = kind.sizes.parse(own.join(','));
    if (!res.ok) return { ok: false, error: `--sizes: ${res.error}` };
    out[kind.name] = res.value;
  }
  for (const kind of all) {
    if (taken.includes(kind.name) || out[kind.name] === undefined) continue;
    const fix = all.filter((k) => k === kind || taken.includes(k.name)).map((k) => k.name);
    return {
      ok: false,
      error: `--sizes ${out[kind.name][0]} is a ${kind.title} ${kind.formats.sizeWord ?? 'size'}: add --kind ${kind.name} (or --kind ${fix.join(',')})`,
    };
  }
  return { ok: true, value: out };
}

/**
 * The formats a file name implies when --format is absent. Tatham IDs and the web pack have no
 * extension of their own and always need --format (Tatham IDs may go in a .txt).
 */
export const EXPORT_FILES: FormatFiles<ExportFormat> = {
  infer: {
    '.jsonl': 'jsonl',
    '.json': 'json',
    '.csv': 'csv',
    '.txt': 'text',
    '.pdf': 'pdf',
    '.html': 'html',
    '.htm': 'html',
  },
  // The web pack is an .html page too, but never inferred: an .html alone is the booklet.
  alsoAccept: { tatham: ['.txt'], web: ['.html', '.htm'] },
};

export const EXPORT_OPTIONS = {
  kind: kinds,
  db: catalogDb('catalog file'),
  format: choice(
    EXPORT_FORMATS,
    `output format [default: from --out's extension (${knownExtensions(EXPORT_FILES).join(', ')}), else jsonl]`,
  ),
  out: out('output file, written whole or not at all; - for stdout (not pdf)'),
  force: flag('overwrite an existing --out file', { default: false }),
  sizes: rawList("only these sizes: Dominosa's M (3..9, 3,5,7) and Sudomino's shapes (8x8:6), comma-separated"),
  tiers,
  grade: gradeTarget(
    `only puzzles of this human grade: a band, ${TIERS.join('|')}, or one level by name (see dominosa generate --help)`,
  ),
  count: whole(
    'at most this many puzzles, split evenly over the kinds, then over the tiers, then over the sizes, drawn with --seed; left out (with no --per- option), every base puzzle selected is exported (variants too with --include-variants)',
    1,
    { max: MAX_COUNT },
  ),
  'per-kind': whole('this many puzzles of each kind, split over its tiers, then sizes (instead of --count)', 1, {
    max: MAX_COUNT,
  }),
  'per-tier': whole('this many puzzles of each tier of each kind, spread over the sizes (instead of --count)', 1, {
    max: MAX_COUNT,
  }),
  'per-size': whole('this many puzzles of each tier and size (instead of --count)', 1, { max: MAX_COUNT }),
  seed: integer(
    'seed of the sample, and of which sizes take the odd puzzles of a tier (same options and seed, same pack)',
    {
      default: 1,
    },
  ),
  'include-variants': flag('variants (mirrors, relabellings) as well as base puzzles', { default: false }),
  name: text(
    `pack name (json manifest, booklet title); any Unicode text [default: named for its kinds: ${allKinds()
      .map((k) => k.title)
      .join(', ')}, or ${ALL()}]`,
  ),
  paper: choice(PAPER_NAMES, 'booklet paper size (html, pdf): a4 or letter (US Letter)', { default: DEFAULT_PAPER }),
  tally: flag('booklets (html, pdf): print the domino tally beside each puzzle, a box per pair to tick off', {
    default: false,
  }),
  technique: flag('booklets (html, pdf): name the technique each puzzle needs under its caption', { default: false }),
  'per-page': whole(
    'booklets (html, pdf): this many puzzles on each puzzle page [default: as many as keep numbers at 10 pt or more]',
    1,
    { max: 64 },
  ),
  solutions: choice(
    SOLUTIONS_PLACES,
    'booklets (html, pdf): solutions at the back, in a separate answer booklet beside --out (<out>.solutions.pdf or .html; both files written whole or neither), or none',
    { default: 'back' },
  ),
  'pad-to': whole(
    'booklets (html, pdf): add notes pages (a heading and ruled lines) so the page count is a multiple of N, such as 4 for saddle-stitching',
    1,
    { max: 64 },
  ),
  credit: text('booklets (html, pdf): a line on the cover and in every footer, such as the author or a copyright'),
  'one-based': flag('booklets and web pack: numbers 1..M+1 instead of 0..M', { default: false }),
  pips: flag('booklets and web pack: pips as on real dominoes, a blank for 0 (sizes up to 9)', { default: false }),
  recheck: flag('prove every puzzle again, even those whose verdict audit --record stored', { default: false }),
  'time-limit': PROOF_TIME_LIMIT,
};

const BOOKLETS: readonly ExportFormat[] = ['html', 'pdf'];
const FACES_FORMATS: readonly ExportFormat[] = ['html', 'pdf', 'web'];

/**
 * The options that change how some formats draw some kinds, each with where it does something:
 * its formats, and the kinds whose formats group draws it (a tally; number faces, which a kind
 * without facesError does not show). Given where it does nothing, it is refused (scopeCheck).
 */
const SCOPES: Record<string, OptionScope<ExportFormat>> = {
  paper: { formats: BOOKLETS },
  tally: { formats: BOOKLETS, kinds: (k) => k.formats.booklet?.tally !== undefined },
  technique: { formats: BOOKLETS },
  'per-page': { formats: BOOKLETS },
  solutions: { formats: BOOKLETS },
  'pad-to': { formats: BOOKLETS },
  credit: { formats: BOOKLETS },
  'one-based': { formats: FACES_FORMATS, kinds: (k) => k.formats.facesError !== undefined },
  pips: { formats: FACES_FORMATS, kinds: (k) => k.formats.facesError !== undefined },
};

/** The export its options describe, or the line that refuses them. */
export function exportArgs(argv: Record<string, unknown>): VerbArgs<ExportOptions> {
  const read = readOptions(EXPORT_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const format = formatFor(o.format, o.out, EXPORT_FILES, 'jsonl');
  if (!format.ok) return format;
  // A flag counts as given when set: --no-tally asks for nothing.
  const given = (name: string): boolean => argv[name] !== undefined && argv[name] !== false;
  const scoped = scopeCheck(
    given,
    SCOPES,
    format.value,
    allKinds().filter((k) => o.kind.includes(k.name)),
  );
  if (!scoped.ok) return scoped;
  if (o['one-based'] && o.pips)
    return { ok: false, error: '--one-based and --pips are two ways to show numbers; give one' };
  const faces: Faces | undefined = o.pips ? 'pips' : o['one-based'] ? 'one-based' : undefined;
  const sized = o.sizes === undefined ? null : sizesByKind([o.sizes].flat().map(String).join(','), o.kind);
  if (sized !== null && !sized.ok) return sized;
  const run: ExportOptions = {
    db: o.db,
    format: format.value,
    out: o.out,
    force: o.force,
    kinds: o.kind,
    ...(sized === null ? {} : { sizes: sized.value }),
    tiers: o.tiers,
    grade: o.grade,
    count: o.count,
    perKind: o['per-kind'],
    perTier: o['per-tier'],
    perSize: o['per-size'],
    seed: o.seed,
    includeVariants: o['include-variants'],
    name: o.name,
    recheck: o.recheck,
    timeLimitMs: timeLimitMs(o['time-limit']),
    paper: o.paper,
    tally: o.tally,
    technique: o.technique,
    perPage: o['per-page'],
    solutions: o.solutions,
    padTo: o['pad-to'],
    credit: o.credit,
    faces,
  };
  return { ok: true, value: { run, notes: [...read.value.notes, ...scoped.value] } };
}

/** export's command line: its options and their check. */
export const EXPORT_LINE: VerbLine<ExportOptions> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, EXPORT_OPTIONS).epilogue(
      examples([
        ['$0 export --include-variants --out all.jsonl', 'every puzzle, variants included, as JSON lines'],
        [
          '$0 export --sizes 6..9 --count 24 --out book.pdf',
          'a printable booklet (A4): 6 of each tier, spread over the sizes',
        ],
        ['$0 export --sizes 5..7 --tiers hard --per-size 4 --out hard.pdf', 'four hard puzzles of each size'],
        [
          '$0 export --sizes 3..6 --paper letter --tally --pips --out kids.pdf',
          'on US Letter, with pips and a tally to tick off',
        ],
        ['$0 export --grade hard --out hard.csv', 'every base puzzle that needs set analysis, for a spreadsheet'],
        ['$0 export --format tatham --sizes 6 --count 10', "game IDs for Simon Tatham's Dominosa"],
        [
          '$0 export --format web --sizes 5..7 --count 30 --out play.html',
          'one offline page to play them in a browser, with hints',
        ],
      ]),
    ),
  args: exportArgs,
};

export function exportCommand(y: Argv): Argv {
  return y.command(
    'export',
    'Write puzzles out as a pack: json, jsonl, csv, text, tatham game IDs, a printable html booklet or a pdf one, or a web page that plays them.',
    EXPORT_LINE.builder,
    async (v) => {
      const run = argsOrExit(EXPORT_LINE.args(v));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const { runExport } = await import('../../pipeline/export/export.js');
      const n = await runExport(run, process.stdout, {
        note: (line) => process.stderr.write(`dominosa: ${forTerminal(line)}\n`),
        warning: (line) => process.stderr.write(`dominosa: warning: ${forTerminal(line)}\n`),
      });
      if (run.out !== '-') process.stderr.write(`dominosa: wrote ${n} puzzle${n === 1 ? '' : 's'} to ${run.out}\n`);
      process.exitCode = 0;
    },
  );
}
