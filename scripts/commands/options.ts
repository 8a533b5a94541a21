// The option vocabulary every verb shares, as data: an option is a spec (what --help says, its
// default) with one check that turns what was typed into a value or into one line naming what is
// wrong. yargs only splits the words: every value reaches the check as typed. readOptions applies
// a verb's table: old names, repeats, missing and blank values, checks.
import { fileURLToPath } from 'node:url';
import type { Argv, Options } from 'yargs';
import { CATALOG_VARIABLE, catalogPath } from '../../pipeline/io/catalog-path.js';
import { UserError } from '../../pipeline/runtime/errors.js';
import { kindWords } from '../../src/formats/kind.js';
import { allKinds, DEFAULT_KIND, kindNames, findKind, type KindName, type PuzzleKind } from '../../src/kinds.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export interface OptionSpec<T> {
  /** How yargs parses the option and what --help shows; never a yargs default (see `default`). */
  yargs: Options;
  /** The value when the option is not given. Applied here, so a check can tell "not given". */
  default?: T;
  /** The default as the verb starts, checked (from the environment, say): used instead of `default` when given. */
  resolveDefault?: () => Checked<T>;
  required?: boolean;
  /** Repeats add up (a list such as --sizes 3 --sizes 5) instead of being refused. */
  list?: boolean;
  /** Its check words a blank value itself (--db: "a blank name names no file"); else readOptions refuses one. */
  checksBlank?: boolean;
  /** The one check: the value as typed (yargs' text, or a flag's boolean; never undefined) to the option's value. */
  check(raw: unknown, flag: string): Checked<T>;
}

/** An old spelling, kept for a release with a note, or refused with a line saying what to use. */
export interface OldName {
  renamedTo?: string;
  refused?: string;
}

export type OptionTable = Record<string, OptionSpec<unknown> | OldName>;

type SpecValue<S> = S extends OptionSpec<infer V> ? V : never;
/** The values readOptions returns for a table: one per option spec (old names give none). */
export type Values<T extends OptionTable> = {
  [K in keyof T as T[K] extends OptionSpec<unknown> ? K : never]: SpecValue<T[K]>;
};

export interface Read<T extends OptionTable> {
  values: Values<T>;
  /** Deprecation notes, one line each, for stderr. */
  notes: string[];
}

function isOld(s: OptionSpec<unknown> | OldName): s is OldName {
  return !('check' in s);
}

const flagOf = (name: string): string => `--${name}`;

const isFlag = (spec: OptionSpec<unknown>): boolean => spec.yargs.type === 'boolean';

/**
 * An option's value through its check inside yargs, for options with choices: yargs' own test of
 * them (which --help's list of choices brings) would refuse "A4" in its words; the check matches
 * in any case and refuses in one line first.
 */
function throughCheck(spec: OptionSpec<unknown>, flag: string): (v: unknown) => unknown {
  const one = (x: unknown): unknown => {
    if (lacksValue(x, spec)) throw new UserError(`${flag} needs a value`);
    const res = spec.check(x, flag);
    if (!res.ok) throw new UserError(res.error);
    return res.value;
  };
  return (v) => (Array.isArray(v) ? v.map(one) : one(v));
}

/** Every option of a table for yargs, old names hidden (so they reach readOptions, not "Unknown argument"). */
export function yargsOptions(table: OptionTable): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const [name, spec] of Object.entries(table)) {
    if (isOld(spec)) out[name] = { hidden: true };
    else {
      const shown =
        spec.default === undefined || spec.yargs.defaultDescription !== undefined
          ? {}
          : { defaultDescription: describeDefault(spec.default) };
      // Required is checked by readOptions (an old name may stand in), so --help is told here.
      const describe = spec.required ? `${spec.yargs.describe ?? ''} [required]` : spec.yargs.describe;
      // A value reaches its check as typed: yargs' parser takes a string option's text whole (it
      // would read "" as 0 and round 9007199254740993), while --help still shows the spec's type.
      const asTyped: Options = isFlag(spec) ? {} : { string: true };
      const choices: Options = spec.yargs.choices === undefined ? {} : { coerce: throughCheck(spec, flagOf(name)) };
      out[name] = { ...spec.yargs, ...shown, describe, ...asTyped, ...choices };
    }
  }
  return out;
}

function describeDefault(v: unknown): string {
  return Array.isArray(v) ? v.join(',') : String(v);
}

/** Adds a table's options to a verb's parser. */
export function withOptions(a: Argv, table: OptionTable): Argv {
  return a.options(yargsOptions(table));
}

/**
 * A verb's options from what yargs parsed: old names first (a rename carries its value over,
 * with a note; a refused name is an error), then per option: a repeat of a single-valued option
 * is an error, a missing one takes its default, and its check gives the value.
 */
export function readOptions<T extends OptionTable>(table: T, argv: Record<string, unknown>): Checked<Read<T>> {
  const raw: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [name, spec] of Object.entries(table)) {
    if (!isOld(spec) || argv[name] === undefined) continue;
    if (spec.refused !== undefined) return { ok: false, error: spec.refused };
    const to = spec.renamedTo!;
    if (argv[to] !== undefined)
      return { ok: false, error: `${flagOf(name)} is the old name of ${flagOf(to)}; give ${flagOf(to)} alone` };
    raw[to] = argv[name];
    notes.push(`${flagOf(name)} is deprecated and will be removed in the next release; use ${flagOf(to)}`);
  }
  const specs = Object.entries(table).filter((e): e is [string, OptionSpec<unknown>] => !isOld(e[1]));
  for (const [name, spec] of specs) {
    const given = raw[name] ?? argv[name];
    if (Array.isArray(given) && !spec.list) {
      // Each as typed: a blank one quoted, yargs' false for --no-name as that.
      const shown = (v: unknown): string =>
        typeof v === 'boolean' && !isFlag(spec)
          ? `--no-${name}`
          : typeof v === 'string' && v.trim() === ''
            ? JSON.stringify(v)
            : String(v);
      return {
        ok: false,
        error: `${flagOf(name)} was given ${given.length} times (${given.map(shown).join(', ')}); give it once`,
      };
    }
  }
  const values: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    const flag = flagOf(name);
    const given = raw[name] ?? argv[name];
    if (given === undefined) {
      if (spec.required) return { ok: false, error: `${flag} is required` };
      const fallback = spec.resolveDefault?.();
      if (fallback !== undefined && !fallback.ok) return fallback;
      values[name] = fallback === undefined ? spec.default : fallback.value;
      continue;
    }
    if (!isFlag(spec) && [given].flat().some((v) => lacksValue(v, spec)))
      return { ok: false, error: `${flag} needs a value` };
    const res = spec.check(given, flag);
    if (!res.ok) return res;
    values[name] = res.value;
  }
  return { ok: true, value: { values: values as Values<T>, notes } };
}

/**
 * Whether a value of an option that takes one is none: empty or blank text (`--seed ""`,
 * `--name=`), or yargs' false for `--no-seed`. A blank one is its check's to word when it says so.
 */
function lacksValue(v: unknown, spec: OptionSpec<unknown>): boolean {
  if (typeof v === 'boolean') return true;
  return typeof v === 'string' && (v === '' || (v.trim() === '' && !spec.checksBlank));
}

/** A verb's parsed options, or the line that refuses them. */
export type VerbArgs<T> = Checked<{ run: T; notes: string[] }>;

/** A verb whose options are its run as they are: readOptions as VerbArgs. */
export function plainArgs<T extends OptionTable>(table: T, argv: Record<string, unknown>): VerbArgs<Values<T>> {
  const read = readOptions(table, argv);
  return read.ok ? { ok: true, value: { run: read.value.values, notes: read.value.notes } } : read;
}

/** The handler's side of a verb's options: notes to stderr, a refusal as a UserError (exit 2). */
export function argsOrExit<T>(res: VerbArgs<T>, stderr: NodeJS.WritableStream = process.stderr): T {
  if (!res.ok) throw new UserError(res.error);
  for (const n of res.value.notes) stderr.write(`dominosa: ${n}\n`);
  return res.value.run;
}

// ---- The specs: small factories, so every verb spells an option the same way. ----

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = (error: string): Checked<never> => ({ ok: false, error });

/** default: the value when absent; shown: how --help words a default that is not a plain value. */
type Extra<T> = {
  default?: T;
  resolveDefault?: () => Checked<T>;
  required?: boolean;
  checksBlank?: boolean;
  hidden?: boolean;
  shown?: string;
};

/** The cap of the counts of puzzles a verb makes or writes (generate --count, export --count). */
export const MAX_COUNT = 1_000_000;

export { MAX_JOBS } from '../../pipeline/runtime/pool.js';

function spec<T>(yargs: Options, check: OptionSpec<T>['check'], extra: Extra<T> = {}): OptionSpec<T> {
  const { hidden, shown, ...rest } = extra;
  return {
    yargs: { ...yargs, ...(hidden ? { hidden } : {}), ...(shown === undefined ? {} : { defaultDescription: shown }) },
    check,
    ...rest,
  };
}

const SAFE = Number.MAX_SAFE_INTEGER;
const figure = (n: number): string => n.toLocaleString('en-US');

/**
 * A number as typed (as yargs hands it over, or a number from a caller): its value, or the line
 * refusing it, quoting what was typed: not a number, or beyond the whole numbers a double holds
 * exactly (9007199254740993 would silently be 9007199254740992). `what` says what it must be.
 */
function numberTyped(v: unknown, flag: string, what: string): Checked<number> {
  const typed = String(v);
  const text = typed.trim();
  const n = text === '' ? Number.NaN : Number(text);
  if (Number.isNaN(n)) return bad(`${flag} must be ${what} (got ${typed})`);
  if (n > SAFE) return bad(`${flag} is too large (got ${typed}): at most ${figure(SAFE)}`);
  if (n < -SAFE) return bad(`${flag} is too small (got ${typed}): at least ${figure(-SAFE)}`);
  return ok(n);
}

/** Whether a number as typed is whole: its value, and no digit but 0 after a decimal point (1.0000000000000001 is 1 to a double). */
function isWhole(v: unknown, n: number): boolean {
  const fraction = /^\s*[+-]?\d*\.(\d*)\s*$/.exec(String(v));
  return Number.isInteger(n) && (fraction === null || !/[1-9]/.test(fraction[1]));
}

/**
 * A whole number from min to max (a documented cap, shown in --help: past it a run would take
 * hours or a machine's memory before it wrote anything).
 */
export function whole(describe: string, min: number, extra: Extra<number> & { max?: number } = {}): OptionSpec<number> {
  const { max = SAFE, ...rest } = extra;
  const capped = max < SAFE ? `${describe} (at most ${figure(max)})` : describe;
  return spec(
    { type: 'number', describe: capped, requiresArg: true },
    (v, flag) => {
      const wrong = bad(`${flag} must be a whole number ≥ ${min} (got ${String(v)})`);
      const n = numberTyped(v, flag, `a whole number ≥ ${min}`);
      // Past a documented cap the cap is the news; below the least, the least (not the double's range).
      const value = n.ok ? n.value : Number(String(v).trim());
      if (max < SAFE && value > max) return bad(`${flag} must be at most ${figure(max)} (got ${String(v)})`);
      if (value < min) return wrong;
      if (!n.ok) return n;
      return isWhole(v, n.value) ? ok(n.value) : wrong;
    },
    rest,
  );
}

/** Any whole number (a seed). */
export function integer(describe: string, extra: Extra<number> = {}): OptionSpec<number> {
  return spec(
    { type: 'number', describe, requiresArg: true },
    (v, flag) => {
      const n = numberTyped(v, flag, 'a whole number');
      if (!n.ok) return n;
      return isWhole(v, n.value) ? ok(n.value) : bad(`${flag} must be a whole number (got ${String(v)})`);
    },
    extra,
  );
}

export function text(describe: string, extra: Extra<string> = {}): OptionSpec<string> {
  // requiresArg: yargs would otherwise read `--out -` as the flag alone plus a stray "-".
  return spec(
    { type: 'string', describe, requiresArg: true },
    (v, flag) => (typeof v === 'string' && v.trim() !== '' ? ok(v) : bad(`${flag} needs a value`)),
    extra,
  );
}

export function flag(describe: string, extra: Extra<boolean> = {}): OptionSpec<boolean> {
  return spec(
    { type: 'boolean', describe },
    (v, f) => (typeof v === 'boolean' ? ok(v) : bad(`${f} takes no value`)),
    extra,
  );
}

/** The one of `names` that `typed` names, whatever its case and edge spaces, or undefined. */
export function named<C extends string>(names: readonly C[], typed: unknown): C | undefined {
  const text = String(typed).trim().toLowerCase();
  return names.find((n) => n.toLowerCase() === text);
}

/** One of a few words (--paper a4|letter), matched in any case. */
export function choice<C extends string>(choices: readonly C[], describe: string, extra: Extra<C> = {}): OptionSpec<C> {
  return spec(
    { type: 'string', choices, describe, requiresArg: true },
    (v, f) => {
      const c = named(choices, v);
      return c !== undefined ? ok(c) : bad(`${f} must be one of ${choices.join(', ')} (got ${String(v)})`);
    },
    extra,
  );
}

/** The registered puzzle kinds (src/kinds.ts), as --kind spells them on every verb. */
export const KINDS: readonly KindName[] = kindNames();
export type Kind = KindName;

/**
 * --kind, the same on every verb: a registered kind (src/kinds.ts). `takes` lists the kinds the
 * verb handles so far (every registered kind unless it says), and any other is refused in one
 * line. Default: the default kind; solve and grade have none, and tell the kind from their input.
 */
export function kind(
  verb: string,
  takes: readonly KindName[] = kindNames(),
  extra: Extra<KindName> = { default: DEFAULT_KIND },
): OptionSpec<KindName> {
  const names = kindNames();
  return spec(
    {
      type: 'string',
      choices: names,
      describe: `puzzle kind${takes.length < names.length ? ` (${verb} takes ${takes.join(', ')} so far)` : ''}`,
      requiresArg: true,
    },
    (v, f) => {
      const k = named(names, v);
      if (k === undefined || findKind(k) === undefined)
        return bad(`${f} must be one of ${names.join(', ')} (got ${String(v)})`);
      if (!takes.includes(k)) return bad(`${f} ${k}: not yet; ${verb} takes ${takes.join(', ')} puzzles so far`);
      return ok(k);
    },
    extra,
  );
}

/** --sizes for one kind, as its keys in its order (repeats add up: --sizes 3 --sizes 5 is 3,5), or the line refusing them. */
export function kindSizes(kind: PuzzleKind, given: unknown): Checked<string[]> {
  const res = kind.sizes.parse([given].flat().map(String).join(','));
  return res.ok ? res : bad(`--sizes: ${res.error}`);
}

/** Text given once or more, kept as typed, for a verb whose check depends on another option. */
export function rawList(describe: string): OptionSpec<unknown> {
  return { ...spec<unknown>({ type: 'string', describe, requiresArg: true }, (v) => ok(v)), list: true };
}

/**
 * --grade (build, export): a grade target's text, a band or one level by name, trimmed and in
 * lower case as every kind names them; what it means is the kind's to read (its build's plan,
 * its export's grades), refusing it in one line.
 */
export function gradeTarget(describe: string): OptionSpec<string | undefined> {
  return spec<string | undefined>({ type: 'string', describe, requiresArg: true }, (v, f) => {
    const text = String(v).trim().toLowerCase();
    return text === '' ? bad(`${f} needs a value`) : ok(text);
  });
}

/** Seconds, fractions allowed; per board or per run, as the help says. */
export function timeLimit(
  per: 'board' | 'run',
  describe: string,
  extra: Extra<number | undefined> = {},
): OptionSpec<number | undefined> {
  return spec<number | undefined>(
    {
      type: 'number',
      describe: `${describe} (seconds ${per === 'board' ? 'per board' : 'for the whole run'}, fractions allowed)`,
      requiresArg: true,
    },
    (v, f) => {
      const what = 'a number of seconds > 0';
      const n = numberTyped(v, f, what);
      if (!n.ok) return n;
      return n.value > 0 ? ok(n.value) : bad(`${f} must be ${what} (got ${String(v)})`);
    },
    extra,
  );
}

/** A --time-limit in the milliseconds the pipeline counts in (undefined stays no limit). */
export function timeLimitMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds * 1000;
}

/** Search nodes per board. */
export function maxNodes(describe: string, min: number, extra: Extra<number> = {}): OptionSpec<number> {
  return whole(`${describe} (search nodes per board)`, min, extra);
}

/** Where output goes: a file (written whole or not at all) or - for stdout. */
export function out(describe = 'output file, written whole or not at all; - for stdout'): OptionSpec<string> {
  return text(describe, { default: '-' });
}

/** A file of the package's own data/ folder, whether running from dist/ or from source. */
function packagedData(name: string): string {
  const up = import.meta.url.includes('/dist/scripts/') ? '../../../' : '../../';
  return fileURLToPath(new URL(`${up}data/${name}`, import.meta.url));
}

/** The package's own data/tiers.json, whether running from dist/ or from source. */
export function packagedTiersFile(): string {
  return packagedData('tiers.json');
}

/**
 * Where the catalog is when --db is not given, the same for every verb and from any folder: the
 * DOMINOSA_DB variable (when set and not empty), else the package's own data/catalog.sqlite.
 */
export { CATALOG_VARIABLE } from '../../pipeline/io/catalog-path.js';

export function defaultCatalog(env: NodeJS.ProcessEnv = process.env): { path: string; from: string } {
  const named = env[CATALOG_VARIABLE];
  if (named !== undefined && named !== '') return { path: named, from: `from ${CATALOG_VARIABLE}` };
  return { path: packagedData('catalog.sqlite'), from: "the package's own" };
}

/**
 * --db: a catalog file, by default the one defaultCatalog resolves (shown resolved in --help).
 * Given or not, the name goes through catalogPath's one check before any verb opens it.
 */
export function catalogDb(describe: string, env: NodeJS.ProcessEnv = process.env): OptionSpec<string> {
  const d = defaultCatalog(env);
  return spec<string>(
    {
      type: 'string',
      describe: `${describe}; without --db: $${CATALOG_VARIABLE}, else the package's data/catalog.sqlite`,
      requiresArg: true,
    },
    (v, f) => {
      if (typeof v !== 'string' || v === '') return bad(`${f} needs a value`);
      return catalogPath(v, env, packagedData('catalog.sqlite'));
    },
    {
      default: d.path,
      shown: `${d.path}, ${d.from}`,
      resolveDefault: () => catalogPath(undefined, env, packagedData('catalog.sqlite')),
      checksBlank: true,
    },
  );
}

/** A tier thresholds file (build, tune); not --tiers, which names tiers. */
export function thresholds(describe: string): OptionSpec<string> {
  return text(describe, { default: packagedTiersFile(), shown: 'data/tiers.json of the package' });
}

// ---- Old names. ----

export function renamed(to: string): OldName {
  return { renamedTo: to };
}

export function refused(line: string): OldName {
  return { refused: line };
}

/** --timeout's unit differed between verbs (ms in solve, s in build and generate): refused everywhere. */
export function oldTimeout(per: 'board' | 'run'): OldName {
  return refused(
    `--timeout is no longer accepted (its unit differed between verbs); use --time-limit SECONDS (${per === 'board' ? 'per board' : 'for the whole run'}, fractions allowed)`,
  );
}

/** build and tune took a thresholds file as --tiers; --tiers now names tiers, as in export. */
export const OLD_TIERS_FILE = refused(
  '--tiers names tiers (as in export); give a thresholds file with --thresholds FILE',
);

// ---- The format from --out's name. ----

/** What a file name says about a format: extensions it is inferred from, or accepted with. */
export interface FormatFiles<F extends string> {
  /** Extension (with the dot, lower case) → the format it implies when --format is absent. */
  infer: Readonly<Record<string, F>>;
  /** Formats that also accept these extensions under an explicit --format (tatham ids in a .txt). */
  alsoAccept?: Readonly<Partial<Record<F, readonly string[]>>>;
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** The extensions a file name may have without --format, in the table's order. */
export function knownExtensions(files: FormatFiles<string>): string[] {
  return Object.keys(files.infer);
}

/**
 * The format to write: --format when given, else the one --out's extension implies, else the
 * default (no --out, or a name without an extension). A --format that another format's extension
 * contradicts (--format pdf --out a.html) is refused; so is, without --format, an extension that
 * names no format (pack.xlsx), which would otherwise be written in the default format unasked.
 * A format without extensions of its own (web, tatham) always needs --format.
 */
export function formatFor<F extends string>(
  given: F | undefined,
  outPath: string,
  files: FormatFiles<F>,
  fallback: F,
): Checked<F> {
  const ext = outPath === '-' ? '' : extensionOf(outPath);
  const implied = Object.hasOwn(files.infer, ext) ? files.infer[ext] : undefined;
  if (given === undefined) {
    if (ext !== '' && implied === undefined) {
      const known = knownExtensions(files);
      return bad(
        `--out ${outPath}: ${ext} is the extension of no format; use ${known.slice(0, -1).join(', ')} or ${known[known.length - 1]}, or give --format`,
      );
    }
    return ok(implied ?? fallback);
  }
  if (implied === undefined || implied === given || (files.alsoAccept?.[given] ?? []).includes(ext)) return ok(given);
  return bad(
    `--format ${given} does not match --out ${outPath} (a ${ext} file is ${implied}); drop --format or change the file name`,
  );
}

// ---- Options that do something only in some formats or for some kinds. ----

/** Where an option does something: the formats that take it and the kinds that take it (absent: every one). */
export interface OptionScope<F extends string> {
  formats?: readonly F[];
  kinds?: (kind: PuzzleKind) => boolean;
}

/**
 * The options given (`given(name)`) against where they do something: refused in one line when the
 * format (if the verb has one), or every kind chosen, ignores one, since the output would not be
 * what was asked; a note each when only some of the kinds chosen take one (a mixed pack).
 */
export function scopeCheck<F extends string>(
  given: (name: string) => boolean,
  scopes: Readonly<Record<string, OptionScope<F>>>,
  format: F | undefined,
  kinds: readonly PuzzleKind[],
): Checked<string[]> {
  const notes: string[] = [];
  for (const [name, scope] of Object.entries(scopes)) {
    if (!given(name)) continue;
    const f = flagOf(name);
    if (format !== undefined && scope.formats !== undefined && !scope.formats.includes(format))
      return bad(`${f} applies to --format ${scope.formats.join(', ')}, not ${format}`);
    const takes = scope.kinds;
    if (takes === undefined) continue;
    const others = kinds.filter((k) => !takes(k));
    if (others.length === 0) continue;
    const takers = kinds.filter(takes);
    if (takers.length === 0) {
      const all = allKinds().filter(takes);
      const where = all.length === 0 ? '' : `; it applies to ${kindWords(all)} puzzles`;
      return bad(`${f} does nothing for ${kindWords(others)} puzzles${where}`);
    }
    notes.push(
      `${f} applies to the ${kindWords(takers)} puzzles only; the ${kindWords(others)} ones are drawn without it`,
    );
  }
  return ok(notes);
}

// ---- Help. ----

/**
 * A verb's examples for --help, each command on a line of its own with what it does below it,
 * so that no command wraps in its middle as yargs' two columns make long ones do.
 */
export function examples(list: readonly (readonly [command: string, what: string])[]): string {
  return `Examples:\n${list.map(([command, what]) => `  ${command}\n      ${what}`).join('\n')}`;
}
