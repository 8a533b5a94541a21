// Catalog rows as the exporters take them: a row becomes its pack puzzle, or its JSON line (its
// record, src/formats/record.ts), as its kind reads it (the kind's `formats`); a row its kind
// cannot read back is refused whole.
import type { PackPuzzle } from '../../src/formats/kind.js';
import { recordOf } from '../../src/formats/record.js';
import { allKinds, kindNamed } from '../../src/kinds.js';
import type { PuzzleRow } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';

function refused(error: string): UserError {
  return new UserError(`${error} (run dominosa audit)`, EXIT_FAILED_CHECK);
}

/** The pack puzzle of a row (its kind has pack forms: the verb refused the others first). */
export function packPuzzleOfRow(row: PuzzleRow): PackPuzzle {
  const kind = kindNamed(row.kind);
  const pack = kind.formats.pack;
  if (pack === undefined) throw new Error(`${kind.title} puzzles have no pack form`);
  const res = pack.puzzleOf(row);
  if (!res.ok) throw refused(res.error);
  return res.value;
}

/**
 * The JSON line of a row, with its line end: its record, or for a kind without pack forms (a
 * plugin's) the kind's own line (the verb refused a kind with neither first).
 */
export function jsonLineOfRow(row: PuzzleRow): string {
  const formats = kindNamed(row.kind).formats;
  if (formats.pack !== undefined) return `${JSON.stringify(recordOf(packPuzzleOfRow(row), allKinds()))}\n`;
  if (formats.jsonLine === undefined) throw new Error(`${row.kind} puzzles have no JSON line`);
  const res = formats.jsonLine(row);
  if (!res.ok) throw refused(res.error);
  return `${res.value}\n`;
}
