#!/usr/bin/env node
// The `dominosa` command: parses options, runs a verb from pipeline/, turns failures into one
// line on stderr and an exit code (0 ok, 1 a check failed, 2 bad input or options).
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { UserError } from '../pipeline/errors.js';
import { auditCommand } from './commands/audit.js';
import { buildCommand } from './commands/build.js';
import { exportCommand } from './commands/export.js';
import { generateCommand } from './commands/generate.js';
import { mergeCommand } from './commands/merge.js';
import { migrateCommand } from './commands/migrate.js';
import { gradeCommand } from './commands/grade.js';
import { solveCommand } from './commands/solve.js';
import { tuneCommand } from './commands/tune.js';

export type Verb = (y: Argv) => Argv;

const verbs: Verb[] = [solveCommand, gradeCommand, generateCommand, buildCommand, auditCommand, exportCommand, tuneCommand, mergeCommand, migrateCommand];

// A reader that stops early (`dominosa export | head`) closes the pipe: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

async function main(argv: string[]): Promise<void> {
  let parser = yargs(argv)
    .scriptName('dominosa')
    .usage('$0 <verb> [options]\n\nManufacture, prove, grade and export Dominosa puzzles.')
    .strict()
    .demandCommand(1, 'name a verb (see --help)')
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((msg, err) => {
      // yargs words some complaints over two lines (bad choices); ours are one line each.
      throw err instanceof Error ? err : new UserError((msg ?? 'bad options').replace(/\s*\n\s*/g, ' '));
    })
    .help()
    .alias('h', 'help')
    .version();
  for (const v of verbs) parser = v(parser);
  await parser.parseAsync();
}

main(hideBin(process.argv)).then(
  () => {
    if (process.exitCode === undefined) process.exitCode = 0;
  },
  (e: unknown) => {
    if (e instanceof UserError) {
      process.stderr.write(`dominosa: ${e.message}\n`);
      process.exitCode = e.exitCode;
    } else if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') {
      process.exitCode = 0;
    } else {
      const msg = e instanceof Error ? e.message : String(e);
      process.stderr.write(`dominosa: internal error: ${msg}\n`);
      process.exitCode = 70;
    }
  },
);
