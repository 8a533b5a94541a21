// `dominosa solve [FILE|-]`: options for the solve verb.
import type { Argv } from 'yargs';
import { boardInputOptions } from './input.js';
import { UserError } from '../../pipeline/errors.js';
import { runSolve } from '../../pipeline/solve.js';
import { DEFAULT_LARGE_TIME_MS, LARGE_M, MAX_M } from '../../src/solve/limits.js';

export function solveCommand(y: Argv): Argv {
  return y.command(
    'solve [file]',
    'Prove boards from a file (or stdin): unique, multiple, none or gave-up, with node counts and the solution.',
    (a) =>
      boardInputOptions(a)
        .option('max-solutions', { type: 'number', default: 2, describe: 'stop counting at this many solutions' })
        .option('max-nodes', { type: 'number', describe: 'give up after this many search nodes (default: no limit)' })
        .option('timeout', {
          type: 'number',
          describe: `give up on a board after this many milliseconds [default: no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS} ms above; boards above M=${MAX_M} are refused]`,
        })
        .option('explain', { type: 'boolean', default: false, describe: 'after each result, the deductions that solve it, one step a line, in words' })
        .check((v) => {
          if (!Number.isInteger(v['max-solutions']) || v['max-solutions'] < 1) throw new UserError('--max-solutions must be a whole number ≥ 1');
          if (v['max-nodes'] !== undefined && (!Number.isInteger(v['max-nodes']) || v['max-nodes'] < 1))
            throw new UserError('--max-nodes must be a whole number ≥ 1');
          if (v.timeout !== undefined && !(v.timeout > 0)) throw new UserError('--timeout must be a number of milliseconds > 0');
          return true;
        })
        .example('$0 solve data/examples/boards.txt', 'solve the example boards and draw them')
        .example('$0 solve boards.jsonl --format jsonl', 'one JSON line per board')
        .example('$0 solve boards.txt --explain', 'each solution followed by the steps a person would take'),
    async (v) => {
      process.exitCode = await runSolve(
        {
          input: v.file,
          inputFormat: v['input-format'],
          format: v.format,
          maxSolutions: v['max-solutions'],
          maxNodes: v['max-nodes'] ?? Infinity,
          timeoutMs: v.timeout,
          explain: v.explain,
        },
        process.stdout,
      );
    },
  );
}
