// The web pack page's bundled script and style sheet, built into dist/web/ by npm run build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WebAssets } from '../../src/formats/web.js';
import { UserError } from '../runtime/errors.js';

// From dist/pipeline/export/ (the command line) the bundle is ../../web; from the sources (tests),
// ../../dist/web.
const DIRS = [join(import.meta.dirname, '..', '..', 'web'), join(import.meta.dirname, '..', '..', 'dist', 'web')];

export function readWebAssets(): WebAssets {
  const dir = DIRS.find((d) => existsSync(join(d, 'play.js')) && existsSync(join(d, 'play.css')));
  if (dir === undefined) throw new UserError('the web page bundle (dist/web/play.js) is missing: run npm run build');
  return {
    script: readFileSync(join(dir, 'play.js'), 'utf8').trimEnd(),
    style: readFileSync(join(dir, 'play.css'), 'utf8').trimEnd(),
  };
}
