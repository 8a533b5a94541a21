// `dominosa merge OUT IN...`: options for the merge verb and its exit codes (0 merged, 1 the
// merged build is incomplete or a shard is inconsistent, 2 bad input: missing, foreign or
// unfinished shards).
import { stopLeaves } from '../../pipeline/runtime/signals.js';
import type { Argv } from 'yargs';
import type { MergeOptions } from '../../pipeline/merge.js';
import { catalogNameError } from '../../pipeline/io/catalog-path.js';
import { EXIT_FAILED_CHECK, UserError } from '../../pipeline/runtime/errors.js';
import { checkLine, type VerbLine } from './parse.js';
import { argsOrExit, flag, plainArgs, whole, withOptions, examples, kind, KINDS, type VerbArgs } from './options.js';

export const MERGE_OPTIONS = {
  kind: kind('merge', KINDS, { shown: "the shards' kind; given, the shards must hold it" }),
  extend: flag(
    "add the shards' build to a catalog that holds another build of its kind, as build --extend would (a build of a kind the catalog does not hold needs no flag)",
    { default: false },
  ),
  'batch-size': whole('shard rows per committed batch', 1, { default: 500, hidden: true }),
};

function mergeBuilder(a: Argv): Argv {
  return withOptions(
    a
      .positional('out', { type: 'string', demandOption: true, describe: 'catalog to write (created if missing)' })
      // yargs gives a variadic positional the default [] unless one is set; it is required, so none is shown.
      .positional('inputs', {
        type: 'string',
        array: true,
        demandOption: true,
        default: undefined,
        describe: 'the shard catalogs',
      }),
    MERGE_OPTIONS,
  );
}

/** The merge its words describe, or the line that refuses them. */
function mergeArgs(v: Record<string, unknown>): VerbArgs<MergeOptions> {
  const read = plainArgs(MERGE_OPTIONS, v);
  if (!read.ok) return read;
  const o = read.value.run;
  const out = String(v.out);
  const inputs = (v.inputs as unknown[]).map(String);
  // The same check of a catalog's name as every verb's --db.
  for (const [what, name] of [['out', out] as const, ...inputs.map((i) => ['shard', i] as const)]) {
    const why = catalogNameError(name);
    if (why !== null) return { ok: false, error: `${what} ${JSON.stringify(name)}: ${why}` };
  }
  const run = {
    out,
    inputs,
    batchSize: o['batch-size'],
    ...(o.kind === undefined ? {} : { kind: o.kind }),
    ...(o.extend ? { extend: true } : {}),
  };
  return { ok: true, value: { run, notes: read.value.notes } };
}

/** merge's command line: the catalog to write, the shards, its options and their check. */
export const MERGE_LINE: VerbLine<MergeOptions> = {
  positionals: '<out> <inputs..>',
  builder: (a) =>
    mergeBuilder(a).epilogue(
      examples([
        ['$0 merge catalog.sqlite shard-*.sqlite', 'merge every shard'],
        ['$0 merge catalog.sqlite sudomino-*.sqlite', "add a Sudomino build's shards to a catalog of Dominosa"],
      ]),
    ),
  args: mergeArgs,
};

/** `dominosa merge ARGS` (without the verb) as MergeOptions, parsed as the command line would be, merged nothing. */
export function parseMergeArgs(args: readonly string[]): MergeOptions {
  const read = checkLine(MERGE_LINE, args);
  if (!read.ok) throw new UserError(read.error);
  return read.value.run;
}

export function mergeCommand(y: Argv): Argv {
  return y.command(
    `merge ${MERGE_LINE.positionals}`,
    'Combine the shard catalogs of one build (build --shard i/N, all N of them) into the catalog the unsharded build makes, or adds to a catalog that build would add to (another kind; with --extend, another build of its kind). Idempotent.',
    MERGE_LINE.builder,
    async (v) => {
      const run = argsOrExit(MERGE_LINE.args(v));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const { runMerge } = await import('../../pipeline/merge.js');
      // Batches commit as they go: a stop keeps them, and the same merge again goes on from them.
      stopLeaves(`the batches merged so far are kept in ${run.out}; run the same merge again to finish`);
      const res = await runMerge(run);
      const lines = res.sizes.map(
        (s) => `  ${s.label}: ${s.slots} slots, ${s.kept} kept${s.state === 'exhausted' ? ' (slots ran out)' : ''}`,
      );
      process.stderr.write(
        `dominosa: merged ${res.shards} shards into ${run.out} (build ${res.buildId}, ${res.insertedPuzzles} new puzzle rows)\n${lines.join('\n')}\n`,
      );
      if (res.status === 'incomplete') {
        const short = res.sizes.filter((s) => s.state === 'exhausted').map((s) => s.label);
        throw new UserError(
          `${short.join(', ')}: the shards' slots ran out before every tier was full; rebuild the shards with a larger --max-slots`,
          EXIT_FAILED_CHECK,
        );
      }
      process.exitCode = 0;
    },
  );
}
