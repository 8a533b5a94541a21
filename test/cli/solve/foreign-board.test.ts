// `dominosa solve` meeting a board of another kind, a plugin's among them: the verb, not the
// reader, names the kind (src/kinds.ts foreignBoard), so Strip (test/fixtures/strip/, loaded by
// DOMINOSA_KINDS alone) is named to Dominosa's reader, and Dominosa to Strip's, in the same words.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../../helpers/cli.js';
import { boardsOf } from '../../helpers/kind-boards.js';

const STRIP = join(ROOT, 'dist', 'test', 'fixtures', 'strip', 'kind.js');
const solve = (args: string[], input: string, env: Record<string, string> = { DOMINOSA_KINDS: STRIP }) =>
  cli(['solve', '-', '--format', 'jsonl', ...args], { input, env });

const STRIP_LINE = '{"id": "t", "strip": ["0011", "1100"]}';

describe('solve, a board of another kind in the input', () => {
  it('stops at a Strip board read as Dominosa with one line naming Strip and the way out, exit 2', () => {
    const d = boardsOf('dominosa').json;
    const r = solve(['--kind', 'dominosa'], `${d.line}\n${STRIP_LINE}\n`);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^\{"index":0,"id":"d"/);
    expect(r.stderr).toBe(
      'dominosa: board 2 (id "t"), line 2: a Strip board in input read as Dominosa: one kind a file (export --kind strip writes Strip alone)\n',
    );
  });

  it('stops at a Dominosa board read as Strip with the same words, its reader knowing no other kind', () => {
    const d = boardsOf('dominosa').json;
    const r = solve(['--kind', 'strip'], `${STRIP_LINE}\n${d.line}\n`);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^\{"index":0,"id":"t"/);
    expect(r.stderr).toBe(
      'dominosa: board 2 (line 2): a Dominosa board (it has "grid") in input read as Strip: one kind a file (export --kind dominosa writes Dominosa alone)\n',
    );
  });

  it("without the plugin loaded, a Strip board is no kind's: Dominosa's reader words the refusal", () => {
    const r = solve(['--kind', 'dominosa'], `${STRIP_LINE}\n`, {});
    expect([r.code, r.stderr]).toEqual([
      2,
      'dominosa: board 1 (id "t"), line 1: the object has no "grid" field, nor a "puzzle" text\n',
    ]);
  });
});
