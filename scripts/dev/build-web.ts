// Bundles the web pack's page (pipeline/web/) into dist/web/: one minified script and one
// style sheet, which `dominosa export --format web` inlines into every page it writes. Run by
// `npm run build` (and so by prepare and test) after tsc has type-checked the page's sources.
import { build } from 'esbuild';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// Browsers of the last few years, phones included: nothing newer is needed by the page.
const TARGET = ['es2020', 'chrome90', 'firefox90', 'safari15'];

async function main(): Promise<void> {
  const common = { bundle: true, minify: true, legalComments: 'none', logLevel: 'warning', target: TARGET } as const;
  await build({
    ...common,
    entryPoints: [join(ROOT, 'pipeline', 'web', 'play.ts')],
    outfile: join(ROOT, 'dist', 'web', 'play.js'),
    format: 'iife',
    platform: 'browser',
  });
  await build({
    ...common,
    entryPoints: [join(ROOT, 'pipeline', 'web', 'play.css')],
    outfile: join(ROOT, 'dist', 'web', 'play.css'),
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`build-web: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
