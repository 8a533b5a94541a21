// `dominosa tune`: options for the tune verb. Without --apply it only reports (and draws its
// plots beside the catalog); with --apply it rewrites the thresholds and re-tiers the catalog.
import type { Argv } from 'yargs';
import { UserError } from '../../pipeline/errors.js';
import { DEFAULT_QUANTILES, parseQuantiles } from '../../src/rank/cuts.js';
import { packagedTiersFile, parseSizeList } from './build.js';

export function tuneCommand(y: Argv): Argv {
  return y.command(
    'tune',
    'Per size: nodes against grade (or the node-count or grade-score distribution), the cuts proposed for them, how nodes and grades agree; --apply writes the cuts and re-tiers the catalog.',
    (a) =>
      a
        .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file' })
        .option('sizes', { type: 'string', describe: 'sizes to tune [default: every size in the catalog]' })
        .option('measure', {
          choices: ['grade', 'nodes', 'score'] as const,
          describe:
            'what to cut [default: what the sizes are tiered by now]: grade (the grade bands\' reference-node ranges, tiers file "grade"), nodes (reference nodes alone, "sizes") or score (the grade score, "scores")',
        })
        .option('quantiles', { type: 'string', default: DEFAULT_QUANTILES.join(','), describe: 'quantiles of the base puzzles\' values at the cuts t1,t2,t3' })
        .option('apply', { type: 'boolean', default: false, describe: 'write the proposed thresholds to the tiers file and the catalog, and re-tier every puzzle' })
        .option('tiers', { type: 'string', describe: 'tiers file --apply rewrites [default: data/tiers.json of the package]' })
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
        tiersFile: v.tiers ?? packagedTiersFile(),
        plots: v.plot,
      });
      process.stdout.write(formatTune(result));
      process.exitCode = 0;
    },
  );
}
