// `dominosa grade [FILE|-]`: options for the grade verb (human-technique grade, score and the
// rules each board needed), as data (see options.ts).
import type { Argv } from 'yargs';
import type { GradeCommand } from '../../pipeline/grade/grade.js';
import { STORED_GRADE_MAX_NODES } from '../../src/dominosa/rank/stored.js';
import { BOARD_INPUT_OPTIONS, boardRunOptions } from './input.js';
import {
  argsOrExit,
  flag,
  maxNodes,
  readOptions,
  renamed,
  type VerbArgs,
  whole,
  withOptions,
  examples,
  kind,
  KINDS,
} from './options.js';
import { DEFAULT_VALUES, MAX_VALUES } from '../../src/sudomino/board.js';

export const GRADE_OPTIONS = {
  ...BOARD_INPUT_OPTIONS,
  kind: kind('grade', KINDS, { shown: 'told from the input (a Sudomino board has ! or letters), else dominosa' }),
  values: whole(
    `Sudomino's N (values 1..N, at most ${MAX_VALUES}) for boards without a "# values: N" line or "values" field`,
    1,
    { default: DEFAULT_VALUES },
  ),
  explain: flag('each grade followed by the steps a person takes, one a line, in words', { default: false }),
  'max-nodes': maxNodes(
    `the grader's search may use this many; past them the board is reported unfinished. The default, ${STORED_GRADE_MAX_NODES}, is the catalog's, so a puzzle grades here exactly as it is stored`,
    0,
    { default: STORED_GRADE_MAX_NODES },
  ),
  'max-search-nodes': renamed('max-nodes'),
};

/** The run grade's options describe (all but the input file), or the line that refuses them. */
export function gradeArgs(argv: Record<string, unknown>): VerbArgs<Omit<GradeCommand, 'input'>> {
  const read = readOptions(GRADE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const io = boardRunOptions(o);
  if (!io.ok) return io;
  if (o.values > MAX_VALUES) return { ok: false, error: `--values must be at most ${MAX_VALUES} (got ${o.values})` };
  const run = { ...io.value, maxSearchNodes: o['max-nodes'], kind: o.kind, values: o.values, explain: o.explain };
  return { ok: true, value: { run, notes: read.value.notes } };
}

export function gradeCommand(y: Argv): Argv {
  return y.command(
    'grade [file]',
    'Grade boards from a file (or stdin) by the techniques a person needs: grade, level, score and rules used.',
    (a) =>
      withOptions(
        a.positional('file', {
          type: 'string',
          default: '-',
          describe: 'board file (text or JSON lines); - for stdin',
        }),
        GRADE_OPTIONS,
      ).epilogue(
        examples([
          ['$0 grade data/examples/boards.txt', 'one line per board: grade, score, rules used'],
          ['$0 generate --sizes 9 --count 100 | $0 grade --format jsonl', 'grade fresh puzzles as JSON lines'],
          ['$0 grade --kind sudomino --explain sudomino.txt', 'grade Sudomino boards and word every step'],
        ]),
      ),
    async (v) => {
      const run = argsOrExit(gradeArgs(v));
      const { runGrade } = await import('../../pipeline/grade/grade.js');
      process.exitCode = await runGrade({ input: String(v.file), ...run }, process.stdout);
    },
  );
}
