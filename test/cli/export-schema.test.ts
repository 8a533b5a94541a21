// `dominosa export --format json|jsonl` of the shipped catalog against the shipped pack schema: every
// pack, of each kind alone and mixed, variants included, validates under Ajv in strict mode, and its
// records are the same in both formats; `solve` reads back every record of a one-kind pack, json and
// jsonl, to the catalog's ids, each proved unique; a mixed pack is refused in one line that names
// the way out, before any board of a json pack.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInKinds } from '../../src/kinds.js';
import { cli, DATA } from '../helpers/cli.js';
import { packValidators } from '../helpers/schema.js';

const KINDS = builtInKinds();
// Each export and solve spawns the CLI: several a test, on a loaded machine.
const SLOW = 300_000;
const SELECTIONS = [...KINDS.map((k) => k.name), KINDS.map((k) => k.name).join(',')];
let dir = '';
let db = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-schema-'));
  db = join(dir, 'catalog.sqlite');
  copyFileSync(join(DATA, 'catalog.sqlite'), db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const made = new Map<string, string>();

/** A selection of kinds (with variants) exported to a file of the format, once; its path. */
function exported(kinds: string, format: 'json' | 'jsonl'): string {
  const file = join(dir, `${kinds.replace(',', '+')}.${format}`);
  if (made.has(file)) return file;
  made.set(file, file);
  const r = cli(['export', '--db', db, '--kind', kinds, '--count', '16', '--include-variants', '--out', file]);
  expect([r.code, r.stderr], kinds).toEqual([0, `dominosa: wrote 16 puzzles to ${file}\n`]);
  return file;
}

const jsonLines = (text: string): unknown[] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('exported packs against data/pack.schema.json', () => {
  const { pack, record } = packValidators();

  it(
    'validate, json and jsonl, of each kind and mixed, variants included: the same records in both',
    { timeout: SLOW },
    () => {
      for (const kinds of SELECTIONS) {
        const doc = JSON.parse(readFileSync(exported(kinds, 'json'), 'utf8')) as {
          puzzles: { kind: string; base_id: unknown }[];
        };
        expect(pack(doc), `${kinds} json: ${JSON.stringify(pack.errors)}`).toBe(true);
        const lines = jsonLines(readFileSync(exported(kinds, 'jsonl'), 'utf8'));
        for (const l of lines) expect(record(l), `${kinds} jsonl: ${JSON.stringify(record.errors)}`).toBe(true);
        expect(lines).toEqual(doc.puzzles);
        expect(doc.puzzles.length).toBe(16);
        // Every kind selected is there, and variants are.
        expect(new Set(doc.puzzles.map((p) => p.kind))).toEqual(new Set(kinds.split(',')));
        expect(doc.puzzles.some((p) => p.base_id !== null)).toBe(true);
      }
    },
  );
});

describe('solve reading exported packs back', () => {
  it(
    'reads every record of a one-kind pack, json and jsonl, each proved unique under its id',
    { timeout: SLOW },
    () => {
      for (const kind of KINDS) {
        const file = exported(kind.name, 'jsonl');
        const ids = jsonLines(readFileSync(file, 'utf8')).map((r) => (r as { id: number }).id);
        for (const f of [file, exported(kind.name, 'json')]) {
          const r = cli(['solve', f, '--format', 'jsonl']);
          expect([r.code, r.stderr], f).toEqual([0, '']);
          const results = jsonLines(r.stdout) as { id: unknown; status: string }[];
          expect(results.map((x) => [x.id, x.status])).toEqual(ids.map((id) => [id, 'unique']));
        }
      }
    },
  );

  it(
    'refuses a mixed pack in one line naming the way out: a json pack before any board, jsonl at the first other kind',
    { timeout: SLOW },
    () => {
      const both = SELECTIONS[SELECTIONS.length - 1];
      const json = cli(['solve', exported(both, 'json'), '--format', 'jsonl']);
      expect(json.code).toBe(2);
      expect(json.stdout).toBe('');
      expect(json.stderr).toMatch(
        /^dominosa: .*\.json is a pack of Dominosa and Sudomino puzzles: one kind a file \(export --kind dominosa or --kind sudomino writes one kind alone\)\n$/,
      );
      const jsonl = cli(['solve', exported(both, 'jsonl'), '--format', 'jsonl']);
      expect(jsonl.code).toBe(2);
      expect(jsonl.stderr).toMatch(
        /^dominosa: board \d+ \(id "\d+"\), line \d+: a Sudomino board \(its kind is "sudomino"\) in input read as Dominosa: one kind a file \(export --kind sudomino writes Sudomino alone\)\n$/,
      );
    },
  );
});
