// `dominosa audit`: options and exit codes (0 every check passed, 1 a check failed, 2 the file is
// missing, unreadable or not a catalog). The report goes to stdout, the progress bar to stderr.
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { EXIT_FAILED_CHECK, UserError } from '../../pipeline/errors.js';

export function auditCommand(y: Argv): Argv {
  return y.command(
    'audit',
    'Re-prove every puzzle of a catalog (or a seeded sample) with two independent solvers and check checksums, nodes, grades, tiers, hashes, variants and the database itself. Read-only.',
    (a) =>
      a
        .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file' })
        .option('jobs', { type: 'number', default: availableParallelism(), describe: 'worker threads' })
        .option('sample', { type: 'number', describe: 'check this many puzzles drawn at random (catalog-wide checks still run in full)' })
        .option('seed', { type: 'number', default: 1, describe: 'seed of the --sample draw' })
        .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
        .example('$0 audit', 'audit data/catalog.sqlite')
        .example('$0 audit --sample 200 --seed 7 --json', 'a reproducible spot check, machine-readable'),
    async (v) => {
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const [{ runAudit }, { createAuditProgress, failingPuzzles, formatAuditJson, formatAuditText }] = await Promise.all([
        import('../../pipeline/audit.js'),
        import('../../pipeline/audit-report.js'),
      ]);
      const report = await runAudit({ db: v.db, jobs: v.jobs, sample: v.sample, seed: v.seed }, createAuditProgress());
      process.stdout.write(v.json ? formatAuditJson(report) : formatAuditText(report));
      if (report.failures.length > 0) {
        const n = report.failures.length;
        const p = failingPuzzles(report.failures).length;
        throw new UserError(`audit failed: ${n} failure${n === 1 ? '' : 's'}, ${p} failing puzzle${p === 1 ? '' : 's'}`, EXIT_FAILED_CHECK);
      }
      process.exitCode = 0;
    },
  );
}
