// `dominosa solve [FILE|-]`: options for the solve verb, as data (see options.ts).
import type { Argv } from 'yargs';
import type { SolveCommand } from '../../pipeline/solve/solve.js';
import {
  BOARD_INPUT_OPTIONS,
  boardKind,
  boardRunOptions,
  boardScope,
  checkValues,
  READS_VALUES,
  valuesOption,
} from './input.js';
import { kindNamed } from '../../src/kinds.js';
import type { VerbLine } from './parse.js';
import { argsOrExit, flag, maxNodes, readOptions, type VerbArgs, whole, withOptions, examples } from './options.js';

export const SOLVE_OPTIONS = {
  kind: boardKind('solve'),
  values: valuesOption(),
  ...BOARD_INPUT_OPTIONS,
  'max-solutions': whole('stop counting at this many solutions', 1, { default: 2 }),
  'max-nodes': maxNodes('give up on a board after this many', 1, { default: Infinity, shown: 'no limit' }),
  explain: flag(
    'the deductions that solve each board, one step a line, in words, then the solved grid with rows and columns numbered',
    { default: false },
  ),
};

/** The run solve's options describe (all but the input file), or the line that refuses them. */
export function solveArgs(argv: Record<string, unknown>): VerbArgs<Omit<SolveCommand, 'input'>> {
  const read = readOptions(SOLVE_OPTIONS, argv);
  if (!read.ok) return read;
  const o = read.value.values;
  const io = boardRunOptions(o);
  if (!io.ok) return io;
  // --values on boards of a kind that does not read it is refused: now if --kind says the kind, else once the input does.
  const scope = boardScope(argv, { values: READS_VALUES });
  const values = checkValues(o.values) ?? (o.kind === undefined ? null : scope(kindNamed(o.kind)));
  if (values !== null) return { ok: false, error: values };
  const run = {
    ...io.value,
    kind: o.kind,
    refuseFor: scope,
    values: o.values,
    maxSolutions: o['max-solutions'],
    maxNodes: o['max-nodes'],
    explain: o.explain,
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** solve's command line: its board file, its options and their check. */
export const SOLVE_LINE: VerbLine<Omit<SolveCommand, 'input'>> = {
  positionals: '[file]',
  builder: (a) =>
    withOptions(
      a.positional('file', {
        type: 'string',
        default: '-',
        describe: 'board file (text or JSON lines); - for stdin',
      }),
      SOLVE_OPTIONS,
    ).epilogue(
      examples([
        ['$0 solve data/examples/boards.txt', 'solve the example boards and draw them'],
        ['$0 solve boards.jsonl --out results.jsonl', 'one JSON line per board, into a file'],
        ['$0 solve boards.txt --explain', 'the steps a person would take, then the solution'],
        ['$0 solve --kind sudomino --values 6 sudomino.txt', 'prove Sudomino boards (letters, digit pairs, ! blocked)'],
      ]),
    ),
  args: solveArgs,
};

export function solveCommand(y: Argv): Argv {
  return y.command(
    `solve ${SOLVE_LINE.positionals}`,
    'Prove boards from a file (or stdin): unique, multiple, none or gave-up, with node counts and the solution.',
    SOLVE_LINE.builder,
    async (v) => {
      const run = argsOrExit(SOLVE_LINE.args(v));
      const { runSolve } = await import('../../pipeline/solve/solve.js');
      process.exitCode = await runSolve({ input: String(v.file), ...run }, process.stdout);
    },
  );
}
