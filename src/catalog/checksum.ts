// A checksum per stored puzzle over everything the row says about the puzzle, so a verb that
// trusts stored rows (build resuming, tune, merge, export) can refuse one changed behind the
// catalog's back without re-solving it. Ids are left out: a merge renumbers rows, and the
// base/variant links are checked by comparing the rows they join (hash, tier, difficulty).
// It hashes the row as stored: grid and solution in their kind's compact form, the canonical hash
// as hex (schema 5; migrate computes every older row's again).
import { sha256Hex } from './sha256.js';

/** The fields a checksum covers, as the catalog stores them. */
export interface ChecksummedRow {
  /** The kind's name (KindName, src/kind-name.ts). */
  kind: string;
  m: number;
  rows: number;
  cols: number;
  /** The grid and solution columns: text in the kind's compact form (src/<kind>/stored.ts). */
  grid: string;
  solution: string;
  tier: string;
  nodes: number;
  score: number;
  attempts: number;
  /** 64 hex digits (the catalog stores its 32 bytes). */
  canonical_hash: string;
  transform: string | null;
  seed: number;
  slot: number;
  method: string;
}

/** The fields a checksum covers, in its order (the catalog's digest covers the rest of the row). */
export const CHECKSUM_FIELDS = [
  'kind',
  'm',
  'rows',
  'cols',
  'grid',
  'solution',
  'tier',
  'nodes',
  'score',
  'attempts',
  'canonical_hash',
  'transform',
  'seed',
  'slot',
  'method',
] as const satisfies readonly (keyof ChecksummedRow)[];

/**
 * Hex SHA-256 of the row's fields in CHECKSUM_FIELDS order, as one JSON array (unambiguous
 * framing). The catalog stores its 32 bytes.
 */
export function rowChecksum(p: ChecksummedRow): string {
  return sha256Hex(JSON.stringify(rowChecksumFields(p)));
}

function rowChecksumFields(p: ChecksummedRow): unknown[] {
  return [
    p.kind,
    p.m,
    p.rows,
    p.cols,
    p.grid,
    p.solution,
    p.tier,
    p.nodes,
    p.score,
    p.attempts,
    p.canonical_hash,
    p.transform,
    p.seed,
    p.slot,
    p.method,
  ];
}

/**
 * The kind of the rows a catalog held before it had a kind column (schema 3): schema 3 and 4 left
 * the kind out of their checksums. A fact of those stored formats, as their SQL is, which no
 * kind's code may change.
 */
const KINDLESS_CHECKSUMS = 'dominosa';

/**
 * The checksum schema 3 and 4 stored, over the row as they stored it (grid and solution as JSON):
 * the same array, with the kind left out for the kind whose rows predate kinds. Migrate checks an
 * old row against it before it writes the row in this release's forms.
 */
export function schema4Checksum(p: ChecksummedRow): string {
  const own = rowChecksumFields(p);
  return sha256Hex(JSON.stringify(p.kind === KINDLESS_CHECKSUMS ? own.slice(1) : own));
}
