// `dominosa generate --m M --count K`: options for the generate verb.
import type { Argv } from 'yargs';
import { UserError } from '../../pipeline/errors.js';
import { runGenerate } from '../../pipeline/generate.js';

export function generateCommand(y: Argv): Argv {
  return y.command(
    'generate',
    'Generate proven-unique puzzles of one size (slots 0..count-1) and print them; no database.',
    (a) =>
      a
        .option('m', { type: 'number', demandOption: true, describe: 'size: a double-M set on an (M+1)x(M+2) board' })
        .option('count', { type: 'number', demandOption: true, describe: 'how many puzzles (slots 0..count-1)' })
        .option('seed', { type: 'number', default: 1, describe: 'build seed; slot k draws from (seed, M, k)' })
        .option('format', { choices: ['jsonl', 'text'] as const, default: 'jsonl' as const, describe: 'output format' })
        .option('max-attempts', { type: 'number', describe: 'deals to try per slot before failing (default 100000)' })
        .check((v) => {
          if (!Number.isInteger(v.m) || v.m < 1) throw new UserError('--m must be a whole number ≥ 1');
          if (!Number.isInteger(v.count) || v.count < 0) throw new UserError('--count must be a whole number ≥ 0');
          if (!Number.isSafeInteger(v.seed)) throw new UserError('--seed must be a whole number');
          if (v['max-attempts'] !== undefined && (!Number.isInteger(v['max-attempts']) || v['max-attempts'] < 1))
            throw new UserError('--max-attempts must be a whole number ≥ 1');
          return true;
        })
        .example('$0 generate --m 6 --count 10', 'ten 7x8 puzzles as JSON lines')
        .example('$0 generate --m 4 --count 3 --format text | $0 solve', 'generate, then re-solve'),
    async (v) => {
      process.exitCode = await runGenerate(
        { m: v.m, count: v.count, seed: v.seed, format: v.format, maxAttempts: v['max-attempts'] },
        process.stdout,
      );
    },
  );
}
