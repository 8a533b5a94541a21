// A checksum per stored puzzle over everything the row says about the puzzle, so a verb that
// trusts stored rows (build resuming, tune, merge, export) can refuse one changed behind the
// catalog's back without re-solving it. Ids are left out: a merge renumbers rows, and the
// base/variant links are checked by comparing the rows they join (hash, tier, difficulty).
// A Dominosa row's checksum is as schema 3 made it, so a migration keeps every one.
import { sha256Hex } from './sha256.js';

/** The fields a checksum covers, as the catalog stores them. */
export interface ChecksummedRow {
  /** The kind's name (KindName, src/kind-name.ts). */
  kind: string;
  m: number;
  rows: number;
  cols: number;
  grid: string;
  solution: string;
  tier: string;
  nodes: number;
  score: number;
  attempts: number;
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
 * The kind of the rows a catalog held before it had a kind column (schema 3): their checksums
 * leave the kind out, as schema 3 made them. A fact of the stored format, as the schema's SQL is,
 * which no kind's code may change: every other kind's checksum names its kind.
 */
const KINDLESS_CHECKSUMS = 'dominosa';

/**
 * Hex SHA-256 of the row's fields in a fixed order, as one JSON array (unambiguous framing); the
 * kind leads the array except for the kind whose rows predate kinds.
 */
export function rowChecksum(p: ChecksummedRow): string {
  const fields = [
    ...(p.kind === KINDLESS_CHECKSUMS ? [] : [p.kind]),
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
  return sha256Hex(JSON.stringify(fields));
}
