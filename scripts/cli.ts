#!/usr/bin/env node
// The `dominosa` command: parses options, runs a verb from pipeline/, turns failures into one
// line on stderr and an exit code (0 ok, 1 a check failed, 2 bad input or options, 74 a full
// disk or failed device, 75 the catalog is busy, 130 interrupted; 70 only for a bug).
import type { Argv } from 'yargs';
import { EXIT_IO, faultOf } from '../pipeline/runtime/errors.js';
import { forTerminal } from '../pipeline/io/terminal.js';
import { installStopPolicy, verbFinished } from '../pipeline/runtime/signals.js';
import { VERB_THREADS } from '../pipeline/runtime/verb-threads.js';

// Signals stop every verb alike, from the first moment (pipeline/runtime/signals.ts).
installStopPolicy();

// The worker thread a verb does its work in (pipeline/runtime/off-thread.ts), started before
// anything else loads: the worker's own loading (both kinds) then overlaps this thread's (yargs,
// both kinds, the verb) instead of following it. Not for help or the version, which need none.
const words = process.argv.slice(2);
const threads: Readonly<Record<string, string>> = VERB_THREADS;
const earlyThread = Object.hasOwn(threads, words[0] ?? '') ? threads[words[0]] : undefined;
const offThread =
  earlyThread === undefined || words.some((w) => /^(-h|--help|--version)$/.test(w))
    ? null
    : await import('../pipeline/runtime/off-thread.js');
offThread?.startEarly(earlyThread as string);

// The rest of the command line, loaded once the thread is under way.
const [
  { default: yargs },
  { hideBin },
  { loadPluginKinds },
  { failWith, flagValues },
  help,
  { kindWords },
  { allKinds },
] = await Promise.all([
  import('yargs'),
  import('yargs/helpers'),
  import('../pipeline/runtime/plugin-kinds.js'),
  import('./commands/parse.js'),
  import('./commands/help-layout.js'),
  import('../src/formats/kind.js'),
  import('../src/kinds.js'),
]);

export type Verb = (y: Argv) => Argv;

// Each verb's module, in the order `--help` lists them. A verb's options import constants from
// the modules behind it (the generator, the grader): loading all nine cost every run about
// 20 ms, so a run that names its verb first loads only that one.
const verbs: Record<string, () => Promise<Verb>> = {
  solve: async () => (await import('./commands/solve.js')).solveCommand,
  grade: async () => (await import('./commands/grade.js')).gradeCommand,
  generate: async () => (await import('./commands/generate.js')).generateCommand,
  build: async () => (await import('./commands/build.js')).buildCommand,
  audit: async () => (await import('./commands/audit.js')).auditCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  tune: async () => (await import('./commands/tune.js')).tuneCommand,
  merge: async () => (await import('./commands/merge.js')).mergeCommand,
  migrate: async () => (await import('./commands/migrate.js')).migrateCommand,
};

/**
 * The verbs yargs needs to see: only the named one when the first word names a verb (yargs
 * then runs that verb whatever the others are); otherwise (help, a typo, an option first) all.
 */
function verbsFor(argv: string[]): Promise<Verb[]> {
  const named = Object.hasOwn(verbs, argv[0] ?? '') ? [verbs[argv[0]]] : Object.values(verbs);
  return Promise.all(named.map((load) => load()));
}

// A reader that stops early (`dominosa export | head`) closes the pipe: that is not an error.
// Any other failure to write stdout (a full disk) is one line and exit 74, never a trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  const f = faultOf(e, 'cannot write to standard output');
  process.stderr.write(`dominosa: ${f?.message ?? `cannot write to standard output: ${e.message}`}\n`);
  process.exit(f?.exitCode ?? EXIT_IO);
});
// Nobody reads stderr any more (`build 2>&1 >/dev/null | head -1`): go on without it; the work is
// not the log's to stop.
process.stderr.on('error', () => {});

async function main(argv: string[]): Promise<void> {
  // Before any verb is loaded: a verb's options list the registered kinds as it loads.
  await loadPluginKinds();
  let parser = yargs(argv)
    .scriptName('dominosa')
    .usage(`$0 <verb> [options]\n\nManufacture, prove, grade and export ${kindWords(allKinds())} puzzles.`)
    .strict()
    .demandCommand(1, 'name a verb (see --help)')
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    // yargs' complaints in the project's words, one line each (a verb's own errors go on as they are).
    .fail(failWith(argv))
    // A switch given a value (--force=yes) read as typed, or refused, for every verb alike.
    .middleware(flagValues(argv), true)
    .help()
    .alias('h', 'help')
    .version();
  for (const v of await verbsFor(argv)) parser = v(parser);
  help.noHelpCache(parser);
  // With a callback yargs hands over what it would print (help, the version) instead of printing
  // it: printed here with its layout mended. Failures still throw, as without one.
  await parser.parseAsync(argv, {}, (err, _argv, output) => {
    if (!err && output !== '') process.stdout.write(`${help.mendHelp(output)}\n`);
  });
}

main(hideBin(process.argv))
  // A thread started early that the verb never took (bad options) must not keep the process on.
  .finally(() => offThread?.closeEarly())
  .then(
    () => {
      verbFinished();
      if (process.exitCode === undefined) process.exitCode = 0;
    },
    (e: unknown) => {
      verbFinished();
      const fault = faultOf(e, 'stopped');
      // A message may quote a catalog or an input file: one line, whatever it holds.
      if (fault !== null) {
        process.stderr.write(`dominosa: ${forTerminal(fault.message)}\n`);
        process.exitCode = fault.exitCode;
      } else if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') {
        process.exitCode = 0;
      } else {
        const msg = e instanceof Error ? e.message : String(e);
        process.stderr.write(`dominosa: internal error: ${forTerminal(msg)}\n`);
        process.exitCode = 70;
      }
    },
  );
