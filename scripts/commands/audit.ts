// `dominosa audit`: options and exit codes (0 every check passed, 1 a check failed or the selection
// held no puzzle, 2 the file is missing, unreadable or not a catalog, 75 --record while another
// process writes the catalog).
// The report goes to stdout, the progress bar to stderr.
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { EXIT_FAILED_CHECK, UserError } from '../../pipeline/runtime/errors.js';
import {
  argsOrExit,
  flag,
  integer,
  MAX_COUNT,
  MAX_JOBS,
  plainArgs,
  type Values,
  whole,
  withOptions,
  examples,
  catalogDb,
  timeLimitMs,
  kind,
  KINDS,
} from './options.js';
import type { VerbLine } from './parse.js';
import { PROOF_TIME_LIMIT } from './proof-budget.js';

export const AUDIT_OPTIONS = {
  // No default: a whole-catalog audit checks every kind; --kind narrows it to one.
  kind: kind('audit', KINDS, { shown: 'every kind' }),
  db: catalogDb('catalog file'),
  jobs: whole('worker threads', 1, { default: Math.min(availableParallelism(), MAX_JOBS), max: MAX_JOBS }),
  sample: whole('check this many puzzles drawn at random (catalog-wide checks still run in full)', 1, {
    max: MAX_COUNT,
  }),
  seed: integer('seed of the --sample draw', { default: 1 }),
  json: flag('print the report as JSON', { default: false }),
  'time-limit': PROOF_TIME_LIMIT,
  record: flag(
    "store each passing puzzle's verdict in the catalog (bound to its row and this release's solvers and grader), so export trusts it instead of proving it again; writes, holding the writer lock",
    { default: false },
  ),
};

/** audit's command line: its options and their check. */
export const AUDIT_LINE: VerbLine<Values<typeof AUDIT_OPTIONS>> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, AUDIT_OPTIONS).epilogue(
      examples([
        ['$0 audit', 'audit the catalog (see --db)'],
        ['$0 audit --sample 200 --seed 7 --json', 'a reproducible spot check, machine-readable'],
        ['$0 audit --record --db big.sqlite', 'audit, and record the verdicts export then trusts'],
      ]),
    ),
  args: (argv) => plainArgs(AUDIT_OPTIONS, argv),
};

export function auditCommand(y: Argv): Argv {
  return y.command(
    'audit',
    'Re-prove every puzzle of a catalog, of every kind (or one, --kind; or a seeded sample), with two independent solvers and check checksums, nodes, grades, tiers, hashes, variants and the database itself. Read-only unless --record.',
    AUDIT_LINE.builder,
    async (argv) => {
      const v = argsOrExit(AUDIT_LINE.args(argv));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const [{ runAudit }, { auditVerdict, createAuditProgress, formatAuditJson, formatAuditText }] = await Promise.all(
        [import('../../pipeline/audit/audit.js'), import('../../pipeline/audit/report.js')],
      );
      const report = await runAudit(
        {
          db: v.db,
          jobs: v.jobs,
          sample: v.sample,
          seed: v.seed,
          record: v.record,
          timeLimitMs: timeLimitMs(v['time-limit']),
          kind: v.kind,
        },
        createAuditProgress(),
      );
      process.stdout.write(v.json ? formatAuditJson(report) : formatAuditText(report));
      const verdict = auditVerdict(report);
      if (verdict !== null) throw new UserError(verdict, EXIT_FAILED_CHECK);
      process.exitCode = 0;
    },
  );
}
