// Options read as the command line reads them, where only a run shows it: an option that does
// nothing for the boards' kind is refused once the kind is told from the input (a file or stdin),
// as with --kind, in the same line and before anything is written; and a switch given a value
// (--force=yes) does what the value says, or is refused with nothing changed.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, DATA, FIXTURES } from '../helpers/cli.js';

const DOMINOSA = join(DATA, 'examples', 'boards.txt');
const SUDOMINO = join(FIXTURES, 'sudomino', 'document.txt');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-options-input-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let outs = 0;

/** The one line refusing `args`, checked to be one line with exit 2 and no --out file. */
function refusal(args: string[], input?: string): string {
  const out = join(dir, `out${outs++}.txt`);
  const r = cli([...args, '--out', out], { input });
  expect(r.code, r.stderr).toBe(2);
  expect(existsSync(out), args.join(' ')).toBe(false);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0];
}

describe('an option the boards of the kind told from the input do not read', () => {
  it('--values on Dominosa boards, from a file or stdin, is refused as with --kind dominosa', () => {
    for (const verb of ['solve', 'grade']) {
      const told = refusal([verb, '--kind', 'dominosa', '--values', '5', DOMINOSA]);
      expect(told).toBe('dominosa: --values does nothing for Dominosa puzzles; it applies to Sudomino puzzles');
      expect(refusal([verb, '--values', '5', DOMINOSA])).toBe(told);
      expect(refusal([verb, '--values', '5'], readFileSync(DOMINOSA, 'utf8'))).toBe(told);
    }
  });

  it('grade --max-nodes (or its old name) on Sudomino boards is refused as with --kind sudomino', () => {
    const told = refusal(['grade', '--kind', 'sudomino', '--max-nodes', '5', SUDOMINO]);
    expect(told).toBe('dominosa: --max-nodes does nothing for Sudomino puzzles; it applies to Dominosa puzzles');
    expect(refusal(['grade', '--max-nodes', '5', SUDOMINO])).toBe(told);
    expect(refusal(['grade', '--max-nodes', '5'], readFileSync(SUDOMINO, 'utf8'))).toBe(told);
    // The old name says it is deprecated, then is refused as the new one.
    const old = cli(['grade', '--max-search-nodes', '5', SUDOMINO]);
    expect(old.code).toBe(2);
    expect(old.stderr.trimEnd().split('\n').at(-1)).toBe(told);
  });

  it('each is taken where the kind told from the input reads it', () => {
    for (const [args, input] of [
      [['solve', '--values', '6', SUDOMINO]],
      [['grade', '--values', '6'], readFileSync(SUDOMINO, 'utf8')],
      [['grade', '--max-nodes', '5000', DOMINOSA]],
    ] as const) {
      const r = cli([...args], { input });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout.trim()).not.toBe('');
    }
  });
});

describe('a switch given a value', () => {
  it('--force=yes overwrites, --force=no and --force=maybe do not', () => {
    const out = join(dir, 'solved.txt');
    writeFileSync(out, 'written before\n');
    const no = cli(['solve', DOMINOSA, '--out', out, '--force=No']);
    expect(no.code, no.stderr).toBe(2);
    expect(no.stderr).toMatch(/exists/);
    const maybe = cli(['solve', DOMINOSA, '--out', out, '--force=maybe']);
    expect(maybe.code).toBe(2);
    expect(maybe.stderr).toBe('dominosa: --force takes no value, or true or false (yes or no, 1 or 0) (got maybe)\n');
    expect(readFileSync(out, 'utf8')).toBe('written before\n');
    const yes = cli(['solve', DOMINOSA, '--out', out, '--force=YES']);
    expect(yes.code, yes.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe('written before\n');
  });
});
