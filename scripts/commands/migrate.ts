// `dominosa migrate`: upgrade a catalog written by an older release to this schema version, in
// place, keeping the old file as a backup. Exit 0 migrated (or already current), 1 a damaged
// catalog, 2 bad input (missing, not a catalog, newer than this release).
import type { Argv } from 'yargs';
import { stopLeaves } from '../../pipeline/runtime/signals.js';
import type { VerbLine } from './parse.js';
import { argsOrExit, flag, plainArgs, withOptions, examples, catalogDb, kind, type Values } from './options.js';

export const MIGRATE_OPTIONS = {
  kind: kind('migrate', ['dominosa']),
  db: catalogDb('catalog file to upgrade in place'),
  backup: flag('keep the old file as <db>.v<N>.bak (--no-backup: do not)', { default: true }),
};

/** migrate's command line: its options and their check. */
export const MIGRATE_LINE: VerbLine<Values<typeof MIGRATE_OPTIONS>> = {
  positionals: '',
  builder: (a) =>
    withOptions(a, MIGRATE_OPTIONS).epilogue(
      examples([['$0 migrate --db old.sqlite', 'upgrade old.sqlite, keeping old.sqlite.v1.bak']]),
    ),
  args: (argv) => plainArgs(MIGRATE_OPTIONS, argv),
};

export function migrateCommand(y: Argv): Argv {
  return y.command(
    'migrate',
    'Upgrade a catalog written by an older release to this schema version (grades every base puzzle; keeps the old file as <db>.v<N>.bak).',
    MIGRATE_LINE.builder,
    async (argv) => {
      const v = argsOrExit(MIGRATE_LINE.args(argv));
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const [{ runMigrate }, { createAuditProgress }] = await Promise.all([
        import('../../pipeline/migrate.js'),
        import('../../pipeline/audit/report.js'),
      ]);
      // A stop removes the half-written new catalog: the old one is as it was (pipeline/migrate.ts).
      stopLeaves(`${v.db} is unchanged`);
      const res = await runMigrate(
        { db: v.db, backup: v.backup },
        createAuditProgress(process.stderr, undefined, 'migrate'),
      );
      if (res.status === 'current')
        process.stderr.write(`dominosa: ${v.db} is already at schema version ${res.to}; nothing to do\n`);
      else if (res.status === 'journal') {
        process.stderr.write(
          `dominosa: ${v.db} is already at schema version ${res.to}; it was left in write-ahead-log mode and is now in rollback-journal mode, readable by anyone\n`,
        );
      } else {
        const kept = res.backup === null ? '' : `; the old catalog is kept as ${res.backup}`;
        const moved = res.moved > 0 ? `, ${res.moved} base puzzles changed tier` : '';
        const out = res.keptOut > 0 ? `, ${res.keptOut} base puzzles fit no tier and were kept out` : '';
        const verdicts = res.verdicts > 0 ? `, ${res.verdicts} recorded verdicts kept` : '';
        process.stderr.write(
          `dominosa: migrated ${v.db} from schema version ${res.from} to ${res.to} (${res.puzzles} puzzles ${res.regraded ? 'graded and checksummed' : 'checked against their checksums and kept'}${moved}${out}${verdicts})${kept}\n`,
        );
      }
      process.exitCode = 0;
    },
  );
}
