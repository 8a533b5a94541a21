// `dominosa export`: options for the export verb (selection, format, output); the selecting and
// writing is pipeline/export.ts.
import type { Argv } from 'yargs';
import { DEFAULT_PACK_NAME, EXPORT_FORMATS } from '../../src/formats/pack.js';
import { UserError } from '../../pipeline/errors.js';
import { TIERS, type Tier } from '../../src/rank/tiers.js';
import { parseSizeList } from './build.js';

/** Tiers from text like "easy,hard": known names only, in difficulty order, without repeats. */
export function parseTierList(text: string): Tier[] {
  const names = text.split(',').map((s) => s.trim().toLowerCase());
  for (const n of names) {
    if (!(TIERS as readonly string[]).includes(n)) throw new UserError(`--tiers: "${n}" is not a tier (use ${TIERS.join(', ')})`);
  }
  return TIERS.filter((t) => names.includes(t));
}

export function exportCommand(y: Argv): Argv {
  return y.command(
    'export',
    'Write puzzles out as a pack: json, jsonl, text, tatham game IDs, a printable html booklet or a pdf one, or a web page that plays them.',
    (a) =>
      a
        .option('db', { type: 'string', default: 'data/catalog.sqlite', describe: 'catalog file' })
        .option('format', { choices: EXPORT_FORMATS, default: 'jsonl' as const, describe: 'output format' })
        .option('out', { type: 'string', default: '-', describe: 'output file (written whole or not at all); - for stdout (not pdf)' })
        .option('force', { type: 'boolean', default: false, describe: 'overwrite an existing --out file' })
        .option('sizes', { type: 'string', describe: 'only these sizes M: 3..9, 3,5,7 or mixed' })
        .option('tiers', { type: 'string', describe: `only these tiers: ${TIERS.join(',')} or some of them` })
        .option('count', { type: 'number', describe: 'at most this many puzzles, a random sample drawn with --seed' })
        .option('seed', { type: 'number', default: 1, describe: 'seed of the --count sample (same seed, same puzzles)' })
        .option('include-variants', { type: 'boolean', describe: 'variants as well as bases [default: true for jsonl, false for packs]' })
        .option('name', { type: 'string', default: DEFAULT_PACK_NAME, describe: 'pack name (json manifest, booklet title)' })
        .example('$0 export --out all.jsonl', 'every puzzle, variants included, as JSON lines')
        .example('$0 export --format pdf --sizes 5..7 --tiers hard,expert --count 24 --out hard.pdf', 'a printable booklet')
        .example('$0 export --format tatham --sizes 6 --count 10', 'game IDs for Simon Tatham\'s Dominosa')
        .example('$0 export --format web --sizes 5..7 --count 30 --out play.html', 'one offline page to play them in a browser, with hints'),
    async (v) => {
      // Loaded here, not at start-up: every verb would pay for its SQLite and worker modules.
      const { runExport } = await import('../../pipeline/export.js');
      const n = await runExport(
        {
          db: v.db,
          format: v.format,
          out: v.out,
          force: v.force,
          sizes: v.sizes === undefined ? undefined : parseSizeList([v.sizes].flat().join(',')),
          tiers: v.tiers === undefined ? undefined : parseTierList([v.tiers].flat().join(',')),
          count: v.count,
          seed: v.seed,
          includeVariants: v['include-variants'],
          name: v.name,
        },
        process.stdout,
      );
      if (v.out !== '-') process.stderr.write(`dominosa: wrote ${n} puzzle${n === 1 ? '' : 's'} to ${v.out}\n`);
      process.exitCode = 0;
    },
  );
}
