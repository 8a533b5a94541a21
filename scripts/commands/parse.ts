// A verb's command line read by its own yargs builder without running the verb, as the CLI
// would read it (strict, one-line errors): for checks of command lines written elsewhere, such
// as the deployment manifests, and for tests of the option wiring.
import yargs, { type Argv } from 'yargs';
import { UserError } from '../../pipeline/runtime/errors.js';

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
    .fail((msg, err) => {
      throw err instanceof Error ? err : new UserError((msg ?? 'bad options').replace(/\s*\n\s*/g, ' '));
    });
  return parser.command(usage, '', builder).parseSync() as Awaited<Argv<T>['argv']>;
}
