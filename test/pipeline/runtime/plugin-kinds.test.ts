// DOMINOSA_KINDS, the plugin kinds' loader: what it takes as a puzzle kind (checked here on the
// toy kind Strip and broken copies of it, nothing registered in this process), and, through the
// compiled command line, its refusals: one line on stderr and exit 2 for a path that is no file,
// a module that does not load, a module without a kind, and a kind whose name is taken.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindError } from '../../../pipeline/runtime/plugin-kinds.js';
import { kind as strip } from '../../fixtures/strip/kind.js';
import { cli, ROOT } from '../../helpers/cli.js';

const FIXTURES = join(ROOT, 'dist', 'test', 'fixtures');
const STRIP = join(FIXTURES, 'strip', 'kind.js');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-plugins-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what the loader takes as a puzzle kind', () => {
  it('takes the toy kind whole', () => {
    expect(kindError(strip)).toBeNull();
  });

  it('names what a broken kind lacks', () => {
    expect(kindError(undefined)).toBe('exports no puzzle kind as `kind`');
    expect(kindError({ ...strip, name: "it's" })).toMatch(/^names its kind "it's": a kind's name is lower-case/);
    expect(kindError({ ...strip, title: '' })).toBe('gives kind strip no title');
    expect(kindError({ ...strip, build: { ...strip.build, slotMaker: undefined } })).toBe(
      'gives kind strip no build.slotMaker',
    );
    expect(kindError({ ...strip, checkRow: undefined })).toBe('gives kind strip no checkRow');
    expect(kindError({ ...strip, reading: undefined })).toBe('gives kind strip no reading group');
    expect(kindError({ ...strip, schema: { ...strip.schema, name: 'other' } })).toBe(
      'gives kind strip no schema of its own name',
    );
    const quoted = [{ level: 1, name: "o'clock" }];
    expect(kindError({ ...strip, schema: { ...strip.schema, levels: quoted } })).toMatch(/no levels 1, 2, \.\.\./);
  });

  it('refuses a web part: the page a web pack carries plays the built-in kinds only', () => {
    const web = { start: () => ({}), compare: () => 0 };
    expect(kindError({ ...strip, formats: { ...strip.formats, web } })).toMatch(/web part/);
  });
});

describe('DOMINOSA_KINDS on the command line', () => {
  const withKinds = (value: string, args: string[], cwd?: string) =>
    cli(args, { env: { DOMINOSA_KINDS: value }, ...(cwd === undefined ? {} : { cwd }) });
  const dryRun = ['build', '--kind', 'strip', '--dry-run'];

  it('loads a module by an absolute path, or one relative to the working folder', () => {
    expect(withKinds(STRIP, [...dryRun, '--db', 'x.sqlite'], dir).code).toBe(0);
    const relative = join('dist', 'test', 'fixtures', 'strip', 'kind.js');
    const r = withKinds(relative, [...dryRun, '--db', join(dir, 'x.sqlite')], ROOT);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/would build Strip 6:3/);
    // The same module named twice is loaded once.
    expect(withKinds([STRIP, STRIP].join(delimiter), [...dryRun, '--db', 'x.sqlite'], dir).code).toBe(0);
    expect(withKinds(relative, [...dryRun, '--db', 'x.sqlite'], dir).stderr).toBe(
      `dominosa: DOMINOSA_KINDS: ${relative} does not exist\n`,
    );
  });

  it('refuses, in one line and exit 2, before any verb runs', () => {
    const broken = join(dir, 'broken.js');
    writeFileSync(broken, 'export const kind = {\n');
    const cases: [string, string][] = [
      [join(dir, 'none.js'), 'does not exist'],
      [dir, 'is not a file'],
      [broken, 'cannot be loaded: '],
      [join(FIXTURES, 'strip', 'board.js'), 'exports no puzzle kind as `kind`'],
      [join(FIXTURES, 'plugins', 'taken.js'), 'names its kind sudomino, a name another kind has'],
    ];
    for (const [path, why] of cases) {
      const r = withKinds(path, ['audit', '--db', join(dir, 'none.sqlite')], dir);
      expect(r.code, path).toBe(2);
      expect(r.stderr.startsWith(`dominosa: DOMINOSA_KINDS: ${path} ${why}`), r.stderr).toBe(true);
      expect(r.stderr.split('\n').length, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
    }
  });
});
