// `dominosa grade [FILE|-]`: options for the grade verb (human-technique grade, score and the
// rules each board needed).
import type { Argv } from 'yargs';
import { boardInputOptions } from './input.js';
import { UserError } from '../../pipeline/errors.js';
import { runGrade } from '../../pipeline/grade.js';
import { DEFAULT_MAX_SEARCH_NODES } from '../../src/grade/ladder.js';
import { DEFAULT_LARGE_TIME_MS, LARGE_M, MAX_M } from '../../src/solve/limits.js';

export function gradeCommand(y: Argv): Argv {
  return y.command(
    'grade [file]',
    'Grade boards from a file (or stdin) by the techniques a person needs: grade, level, score and rules used.',
    (a) =>
      boardInputOptions(a)
        .option('max-search-nodes', {
          type: 'number',
          default: DEFAULT_MAX_SEARCH_NODES,
          describe: 'search nodes allowed per board; past them the board is reported unsolved',
        })
        .option('time-limit', {
          type: 'number',
          describe: `seconds allowed per board (fractions allowed); past them the board is reported unsolved [default: no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS / 1000} s above; boards above M=${MAX_M} are refused]`,
        })
        .check((v) => {
          const n = v['max-search-nodes'];
          if (!Number.isSafeInteger(n) || n < 0) throw new UserError('--max-search-nodes must be a whole number ≥ 0');
          const t = v['time-limit'];
          if (t !== undefined && !(t > 0 && Number.isFinite(t))) throw new UserError('--time-limit must be a number of seconds > 0');
          return true;
        })
        .example('$0 grade data/examples/boards.txt', 'one line per board: grade, score, rules used')
        .example('$0 generate --m 9 --count 100 | $0 grade --format jsonl', 'grade fresh puzzles as JSON lines'),
    async (v) => {
      process.exitCode = await runGrade(
        { input: v.file, inputFormat: v['input-format'], format: v.format, maxSearchNodes: v['max-search-nodes'], timeLimitMs: v['time-limit'] === undefined ? undefined : v['time-limit'] * 1000 },
        process.stdout,
      );
    },
  );
}
