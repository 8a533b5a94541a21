// Text a stranger wrote into a catalog reaches the terminal inert (issue 27, case 5): a writer
// row whose verb holds escape sequences and a line end, and a variant whose transform clears the
// screen, are printed spelt out, in the refusal line (one line) and in the audit report.
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editCatalog } from '../helpers/catalog.js';
import { cli } from '../helpers/cli.js';

// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const VERB = '\u001b]0;owned\u0007\nall checks passed\u001b[8m';
const SMALL = ['--sizes', '3', '--per-tier', '2', '--variants', '1', '--jobs', '1'];

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-terminal-'));
  db = join(dir, 'base.sqlite');
  const r = cli(['build', ...SMALL, '--db', db]);
  if (r.code !== 0) throw new Error(r.stderr);
  editCatalog(db, (d) => {
    // A live holder (this very process) whose verb is hostile; the writer table is outside the digest.
    d.prepare('INSERT INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, ?, ?, ?, ?, ?, ?)').run(
      process.pid,
      VERB,
      hostname(),
      '',
      '',
      '\u001b[2J',
    );
    d.prepare(
      'UPDATE puzzles SET transform = ? WHERE id = (SELECT MIN(id) FROM puzzles WHERE base_id IS NOT NULL)',
    ).run('\u001b[2J');
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('catalog text on the terminal', () => {
  it('the writer refusal names the holder spelt out, in one line, exit 75', () => {
    for (const args of [
      ['tune', '--apply'],
      ['build', '--sizes', '3', '--per-tier', '3', '--variants', '1', '--jobs', '1', '--extend'],
    ]) {
      const r = cli([...args, '--db', db]);
      expect(r.code, r.stderr).toBe(75);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(CONTROL);
      expect(r.stderr).toContain('is being written by \\e]0;owned\\x07\\nall checks passed\\e[8m (pid');
    }
  });

  it('the audit report shows a hostile transform spelt out, as text and as JSON', () => {
    const text = cli(['audit', '--db', db, '--jobs', '1']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('transform "\\e[2J"');
    expect(text.stdout).not.toMatch(CONTROL);
    expect(text.stdout).not.toMatch(/^all checks passed/m);
    const json = cli(['audit', '--db', db, '--jobs', '1', '--json']);
    expect(json.code).toBe(1);
    expect(json.stdout).not.toMatch(CONTROL);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b[2J');
  });
});
