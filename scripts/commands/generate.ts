// `dominosa generate --m M --count K`: options for the generate verb.
import type { Argv } from 'yargs';
import { UserError } from '../../pipeline/errors.js';
import { runGenerate } from '../../pipeline/generate.js';
import { METHOD_CHOICES, type MethodChoice } from '../../src/make/generator.js';
import { gradeTargetOption } from './grade-target.js';

/** Largest size generate accepts: a 201×202 board, repair takes tens of seconds a puzzle there. */
export const MAX_GENERATE_M = 200;

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
        .option('method', {
          choices: METHOD_CHOICES,
          default: 'auto' as MethodChoice,
          describe: 'rejection (M ≤ 14), repair, or auto (rejection up to M=12, repair above)',
        })
        .option('timeout', { type: 'number', describe: 'stop after this many seconds (whole run): what was made is printed, exit 1' })
        .option('grade', {
          type: 'string',
          describe:
            'keep only puzzles of this human grade: a tier, easy|normal|hard|expert (singles; intersections; duplicates or parity; sets, chains or search), or one level, singles|intersections|duplicates|parity|sets|chains|search',
        })
        .check((v) => {
          if (!Number.isInteger(v.m) || v.m < 1) throw new UserError('--m must be a whole number ≥ 1');
          if (v.m > MAX_GENERATE_M) throw new UserError(`--m must be at most ${MAX_GENERATE_M}`);
          if (v.timeout !== undefined && !(v.timeout > 0)) throw new UserError('--timeout must be a positive number of seconds');
          if (!Number.isInteger(v.count) || v.count < 0) throw new UserError('--count must be a whole number ≥ 0');
          if (!Number.isSafeInteger(v.seed)) throw new UserError('--seed must be a whole number');
          if (v.grade !== undefined) gradeTargetOption(String(v.grade));
          if (v['max-attempts'] !== undefined && (!Number.isInteger(v['max-attempts']) || v['max-attempts'] < 1))
            throw new UserError('--max-attempts must be a whole number ≥ 1');
          return true;
        })
        .example('$0 generate --m 6 --count 10', 'ten 7x8 puzzles as JSON lines')
        .example('$0 generate --m 4 --count 3 --format text | $0 solve', 'generate, then re-solve')
        .example('$0 generate --m 100 --count 5 --timeout 60', 'five 101x102 puzzles, at most a minute')
        .example('$0 generate --m 9 --count 10 --grade hard', 'ten 10x11 puzzles that need duplicates or parity'),
    async (v) => {
      process.exitCode = await runGenerate(
        {
          m: v.m,
          count: v.count,
          seed: v.seed,
          format: v.format,
          maxAttempts: v['max-attempts'],
          method: v.method,
          timeoutMs: v.timeout === undefined ? undefined : v.timeout * 1000,
          grade: v.grade === undefined ? undefined : gradeTargetOption(String(v.grade)),
        },
        process.stdout,
      );
    },
  );
}
