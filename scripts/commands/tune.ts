// `dominosa tune`: options for the tune verb. Without --apply it only reports (and draws its
// plots beside the catalog); with --apply it rewrites the catalog's thresholds and re-tiers it,
// and writes a thresholds file only when one is named (never the package's own).
import type { Argv } from 'yargs';
import { UserError } from '../../pipeline/errors.js';
import { DEFAULT_QUANTILES, parseQuantiles } from '../../src/rank/cuts.js';
import { parseSizeList } from './build.js';

export function tuneCommand(y: Argv): Argv {
  return y.command(
    'tune',
    'Per size: the node-count (or grade-score) distribution, thresholds proposed from quantiles, how nodes and grades agree; --apply writes the thresholds and re-tiers the catalog.',
    (a) =>
      a
        .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file' })
        .option('sizes', { type: 'string', describe: 'sizes to tune [default: every size in the catalog]' })
        .option('measure', {
          choices: ['nodes', 'score'] as const,
          default: 'nodes' as const,
          describe: 'what to cut: reference nodes (tiers file "sizes") or the grade score (its "scores", for build --tier-by score)',
        })
        .option('quantiles', { type: 'string', default: DEFAULT_QUANTILES.join(','), describe: 'quantiles of the base puzzles\' values at the cuts t1,t2,t3' })
        .option('apply', { type: 'boolean', default: false, describe: 'write the proposed thresholds to the catalog and re-tier every puzzle' })
        .option('tiers', { type: 'string', describe: 'with --apply, write the thresholds to this file too (its other sizes kept), to seed new catalogs [default: the catalog alone]' })
        .option('plot', { type: 'boolean', default: true, describe: 'write an SVG plot per size beside the catalog (<db>.tune-M<m>.svg)' })
        .example('$0 tune', 'show the distributions and the proposed thresholds; change nothing')
        .example('$0 tune --sizes 7..9 --quantiles 0.4,0.7,0.9 --apply', 'retune three sizes'),
    async (v) => {
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const { formatTune, runTune } = await import('../../pipeline/tune.js');
      const q = parseQuantiles(v.quantiles);
      if (!q.ok) throw new UserError(`--quantiles: ${q.error}`);
      const result = await runTune({
        db: v.db,
        sizes: v.sizes === undefined ? undefined : parseSizeList([v.sizes].flat().join(',')),
        quantiles: q.quantiles,
        measure: v.measure,
        apply: v.apply,
        tiersFile: v.tiers,
        plots: v.plot,
      });
      process.stdout.write(formatTune(result));
      process.exitCode = 0;
    },
  );
}
