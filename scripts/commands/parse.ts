// How a command line is read, the same in the CLI and in process: yargs' complaints in the
// project's words (one line, exit 2), and a verb's line checked without running the verb, for
// checks of command lines written elsewhere (the deployment manifests) and for tests.
import yargs, { type Argv } from 'yargs';
import { UserError } from '../../pipeline/runtime/errors.js';
import type { Checked, VerbArgs } from './options.js';

/** An unknown name yargs reports, as it was typed among `args` (--name, --no-name, -n), or null for a stray word. */
function optionAsTyped(name: string, args: readonly string[]): string | null {
  for (const flag of [`--${name}`, `--no-${name}`])
    if (args.some((a) => a === flag || a.startsWith(`${flag}=`))) return flag;
  return name.length === 1 && args.some((a) => /^-[^-]/.test(a) && a.includes(name)) ? `-${name}` : null;
}

/**
 * yargs' complaint about a command line (`msg`, from the words `args`) as the one line dominosa
 * prints: a missing value named as every option's check names it, an unknown option or a stray
 * word named as typed. A message yargs did not word (a check run inside it) is kept as it is.
 */
export function usageLine(msg: string, args: readonly string[]): string {
  const line = msg.replace(/\s*\n\s*/g, ' ').trim();
  const missing = /^Not enough arguments following: (.+)$/.exec(line);
  if (missing) return `--${missing[1]} needs a value`;
  const unknown = /^Unknown arguments?: (.+)$/.exec(line);
  if (unknown) {
    // yargs names an unknown --one-based twice, the second time as oneBased.
    const camel = (w: string): string => w.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const reported = unknown[1].split(', ');
    const words = reported.filter((w) => !reported.some((o) => o !== w && camel(o) === w));
    const options = words.map((w) => optionAsTyped(w, args)).filter((o): o is string => o !== null);
    // yargs quotes a blank word itself.
    const quoted = (w: string): string => (/^".*"$/.test(w) ? w : JSON.stringify(w));
    const strays = words.filter((w) => optionAsTyped(w, args) === null).map(quoted);
    const parts = [
      options.length > 0 ? `unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')}` : '',
      strays.length > 0 ? `unexpected argument${strays.length > 1 ? 's' : ''} ${strays.join(', ')}` : '',
    ];
    return `${parts.filter((p) => p !== '').join('; ')} (see --help)`;
  }
  const few = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/.exec(line);
  if (few) return `too few arguments: got ${few[1]}, need at least ${few[2]} (see --help)`;
  const many = /^Too many non-option arguments: got (\d+), maximum of (\d+)$/.exec(line);
  if (many) return `too many arguments: got ${many[1]}, at most ${many[2]} (see --help)`;
  const typo = /^Did you mean (\S+)\?$/.exec(line);
  if (typo) return `unknown verb ${JSON.stringify(args[0] ?? '')}; did you mean ${typo[1]}?`;
  return line;
}

/**
 * The failure handler of a yargs parser over `args`: its own complaints (a YError) become one
 * UserError line; anything else (a verb's error, a bug) goes on as it is.
 */
export function failWith(args: readonly string[]): (msg: string | null, err: Error | undefined) => never {
  return (msg, err) => {
    if (err instanceof Error && err.name !== 'YError') throw err;
    throw new UserError(usageLine(msg ?? err?.message ?? 'bad options', args));
  };
}

/** The words a switch given a value (--force=yes) may take, in any case: what each one says. */
const FLAG_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  yes: true,
  1: true,
  false: false,
  no: false,
  0: false,
};

/**
 * A switch given a value with `=` (`--force=yes`, `--extend=FALSE`): yargs reads any value but
 * "true" as false, so the value is read here, as typed, or refused in one line quoting it.
 */
export function flagWord(flag: string, typed: string): Checked<boolean> {
  const word = typed.trim().toLowerCase();
  if (Object.hasOwn(FLAG_WORDS, word)) return { ok: true, value: FLAG_WORDS[word] };
  const shown = typed.trim() === '' ? JSON.stringify(typed) : typed;
  return { ok: false, error: `${flag} takes no value, or true or false (yes or no, 1 or 0) (got ${shown})` };
}

/** What yargs hands a middleware as its second argument (its types leave it out): the parser, with the verb's options by type. */
interface OptionsOf {
  getOptions(): { boolean: string[] };
}

/**
 * The middleware (run before yargs' checks) that reads every switch of the verb given a value
 * with `=` among `args` (`--force=yes`) from the words as typed, since yargs reads any value but
 * "true" as false: true or false in a word (flagWord), or the line refusing it. Every switch of
 * every verb alike: they are the parser's boolean options.
 */
export function flagValues(args: readonly string[]): (argv: Record<string, unknown>, parser?: OptionsOf) => void {
  return (argv, parser) => {
    const switches = new Set(parser?.getOptions().boolean ?? []);
    const end = args.indexOf('--');
    for (const word of end < 0 ? args : args.slice(0, end)) {
      const m = /^--([^=]+)=([\s\S]*)$/.exec(word);
      if (m === null || !switches.has(m[1])) continue;
      const read = flagWord(`--${m[1]}`, m[2]);
      if (!read.ok) throw new UserError(read.error);
      // A repeat stays a list, which the options' check refuses as one.
      if (Array.isArray(argv[m[1]])) continue;
      const camel = m[1].replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      argv[m[1]] = read.value;
      if (camel !== m[1]) argv[camel] = read.value;
    }
  };
}

/**
 * `args` (the words after the verb) parsed by `builder` into its options. `usage` is the
 * command with its positionals ('$0 <out> <inputs..>'), for verbs that take them.
 */
export function parseOnly<T>(
  args: readonly string[],
  builder: (a: Argv) => Argv<T>,
  usage = '$0',
): Awaited<Argv<T>['argv']> {
  const parser = yargs([...args])
    .strict()
    .help(false)
    .version(false)
    .exitProcess(false)
    .fail(failWith(args))
    .middleware(flagValues(args), true);
  return parser.command(usage, '', builder).parseSync() as Awaited<Argv<T>['argv']>;
}

/**
 * A verb's command line as data: its positionals after the verb ('[file]', '<out> <inputs..>'
 * or ''), the builder of its options, and the check that turns what yargs read into its run or
 * the one line refusing it. The CLI runs a verb through it; checkLine reads one without running.
 */
export interface VerbLine<T> {
  positionals: string;
  builder: (a: Argv) => Argv;
  args: (argv: Record<string, unknown>) => VerbArgs<T>;
}

/** The words after a verb, read as the CLI reads them: the run they describe or the one line refusing them. */
export function checkLine<T>(line: VerbLine<T>, args: readonly string[]): VerbArgs<T> {
  let argv: Record<string, unknown>;
  try {
    argv = parseOnly(args, (a) => line.builder(a), `$0 ${line.positionals}`.trim());
  } catch (e) {
    if (e instanceof UserError) return { ok: false, error: e.message };
    throw e;
  }
  return line.args(argv);
}
