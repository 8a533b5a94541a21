// `dominosa grade [FILE|-]`: options for the grade verb (human-technique grade, score and the
// rules each board needed).
import type { Argv } from 'yargs';
import { boardInputOptions } from './input.js';
import { UserError } from '../../pipeline/errors.js';
import { runGrade } from '../../pipeline/grade.js';
import { DEFAULT_MAX_SEARCH_NODES } from '../../src/grade/ladder.js';

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
        .check((v) => {
          const n = v['max-search-nodes'];
          if (!Number.isSafeInteger(n) || n < 0) throw new UserError('--max-search-nodes must be a whole number ≥ 0');
          return true;
        })
        .example('$0 grade data/examples/boards.txt', 'one line per board: grade, score, rules used')
        .example('$0 generate --m 9 --count 100 | $0 grade --format jsonl', 'grade fresh puzzles as JSON lines'),
    async (v) => {
      process.exitCode = await runGrade(
        { input: v.file, inputFormat: v['input-format'], format: v.format, maxSearchNodes: v['max-search-nodes'] },
        process.stdout,
      );
    },
  );
}
