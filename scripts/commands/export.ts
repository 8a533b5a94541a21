// `dominosa export`: options for the export verb. Formats and filters grow here; the writing
// itself is pipeline/export.ts.
import type { Argv } from 'yargs';
import { EXPORT_FORMATS, runExport } from '../../pipeline/export.js';

export function exportCommand(y: Argv): Argv {
  return y.command(
    'export',
    'Write the catalog out, one record per puzzle (bases and variants).',
    (a) =>
      a
        .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file' })
        .option('format', { choices: EXPORT_FORMATS, default: 'jsonl' as const, describe: 'output format' })
        .option('out', { type: 'string', default: '-', describe: 'output file (written whole or not at all); - for stdout' })
        .example('$0 export --db data/catalog.sqlite --out puzzles.jsonl', 'every puzzle as a JSON line'),
    async (v) => {
      await runExport({ db: v.db, format: v.format, out: v.out }, process.stdout);
      process.exitCode = 0;
    },
  );
}
