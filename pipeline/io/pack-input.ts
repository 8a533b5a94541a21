// A JSON pack (export --format json) as the input of a board verb: the document read whole and
// verified, then its records handed on as JSON lines, each on the line the export wrote it on, to
// the reader of the one kind it holds. A pack of several kinds is refused: one kind a file.
import { verifyPackJson } from '../../src/formats/pack.js';
import { allKinds, kindNamed, type KindName } from '../../src/kinds.js';
import { kindWords } from '../../src/formats/kind.js';
import { UserError } from '../runtime/errors.js';

// How a JSON pack starts, as export writes it: the format before anything else.
const PACK_START = /^\uFEFF?\s*\{\s*"format"\s*:\s*"dominosa-pack"/;

// Export writes the format, the manifest and `"puzzles":[` on lines 1-3, then a record a line.
const LINES_BEFORE_RECORDS = 3;

/** Whether an input's first block is the start of a JSON pack. */
export function isJsonPack(head: string): boolean {
  return PACK_START.test(head);
}

/**
 * The kind of a JSON pack's records and its records as blocks of JSON lines; a damaged pack, or
 * one holding several kinds, is refused in one line naming the input.
 */
export async function packRecords(
  input: string,
  blocks: AsyncIterable<string>,
): Promise<{ kind: KindName | null; blocks: Iterable<string> }> {
  const parts: string[] = [];
  for await (const b of blocks) parts.push(b);
  const name = input === '-' ? 'stdin' : input;
  const read = verifyPackJson(parts.join(''), allKinds());
  if (!read.ok) throw new UserError(`${name}: not a sound JSON pack: ${read.error}`);
  const records = read.pack.puzzles;
  const kinds = [...new Set(records.map((r) => r.kind))];
  if (kinds.length > 1) {
    const held = kindWords(kinds.map(kindNamed));
    const ways = kinds.map((k) => `--kind ${k}`).join(' or ');
    throw new UserError(`${name} is a pack of ${held} puzzles: one kind a file (export ${ways} writes one kind alone)`);
  }
  const text = '\n'.repeat(LINES_BEFORE_RECORDS) + records.map((r) => `${JSON.stringify(r)}\n`).join('');
  return { kind: kinds[0] ?? null, blocks: [text] };
}
