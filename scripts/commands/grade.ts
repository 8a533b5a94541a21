// `dominosa grade [FILE|-]`: options for the grade verb (human-technique grade, score and the
// rules each board needed), as data (see options.ts).
import type { Argv } from 'yargs';
import type { GradeCommand } from '../../pipeline/grade/grade.js';
import { DEFAULT_KIND, kindNamed, type PuzzleKind } from '../../src/kinds.js';
import {
  BOARD_INPUT_OPTIONS,
  boardKind,
  boardRunOptions,
  boardScope,
  checkValues,
  READS_VALUES,
  valuesOption,
} from './input.js';
import type { VerbLine } from './parse.js';
import { argsOrExit, flag, maxNodes, readOptions, renamed, type VerbArgs, withOptions, examples } from './options.js';

// The default kind's grader budget: the catalog's, so a puzzle grades here exactly as it is stored.
const CATALOG_MAX_NODES = kindNamed(DEFAULT_KIND).grading.maxSearchNodes ?? 0;

// The options grade shares with solve come in solve's order: kind, values, input and output, the budgets, explain.
export const GRADE_OPTIONS = {
  kind: boardKind('grade'),
  values: valuesOption(),
  ...BOARD_INPUT_OPTIONS,
  'max-nodes': maxNodes(
    `the grader's search may use this many; past them the board is reported unfinished. The default, ${CATALOG_MAX_NODES}, is the catalog's, so a puzzle grades here exactly as it is stored`,
    0,
    { default: CATALOG_MAX_NODES },
  ),
  explain: flag('each grade followed by the steps a person takes, one a line, in words', { default: false }),
  'max-search-nodes': renamed('max-nodes'),
};

/** The run grade's options describe (all but the input file), or the line that refuses them. */
export function gradeArgs(argv: Record<string, unknown>): VerbArgs<Omit<GradeCommand, 'input'>> {
  const read = readOptions(GRADE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const io = boardRunOptions(o);
  if (!io.ok) return io;
  // A kind whose grader never searches reads no --max-nodes (nor its old name).
  const given = { ...argv, 'max-nodes': argv['max-nodes'] ?? argv['max-search-nodes'] };
  const searches = (k: PuzzleKind): boolean => k.grading.maxSearchNodes !== undefined;
  // Refused now if --kind says the kind, else once the input does.
  const scope = boardScope(given, { values: READS_VALUES, 'max-nodes': searches });
  const values = checkValues(o.values) ?? (o.kind === undefined ? null : scope(kindNamed(o.kind)));
  if (values !== null) return { ok: false, error: values };
  const run = {
    ...io.value,
    maxSearchNodes: o['max-nodes'],
    kind: o.kind,
    values: o.values,
    explain: o.explain,
    refuseFor: scope,
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** grade's command line: its board file, its options and their check. */
export const GRADE_LINE: VerbLine<Omit<GradeCommand, 'input'>> = {
  positionals: '[file]',
  builder: (a) =>
    withOptions(
      a.positional('file', {
        type: 'string',
        default: '-',
        describe: 'board file (text or JSON lines); - for stdin',
      }),
      GRADE_OPTIONS,
    ).epilogue(
      examples([
        ['$0 grade data/examples/boards.txt', 'one line per board: grade, score, techniques used'],
        ['$0 generate --sizes 9 --count 100 | $0 grade --format jsonl', 'grade fresh puzzles as JSON lines'],
        ['$0 grade --kind sudomino --explain sudomino.txt', 'grade Sudomino boards and word every step'],
      ]),
    ),
  args: gradeArgs,
};

export function gradeCommand(y: Argv): Argv {
  return y.command(
    `grade ${GRADE_LINE.positionals}`,
    'Grade boards from a file (or stdin) by the techniques a person needs: grade, level, score and techniques used.',
    GRADE_LINE.builder,
    async (v) => {
      const run = argsOrExit(GRADE_LINE.args(v));
      const { runGrade } = await import('../../pipeline/grade/grade.js');
      process.exitCode = await runGrade({ input: String(v.file), ...run }, process.stdout);
    },
  );
}
