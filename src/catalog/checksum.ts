// A checksum per stored puzzle over everything the row says about the puzzle, so a verb that
// trusts stored rows (build resuming, tune, merge, export) can refuse one changed behind the
// catalog's back without re-solving it. Ids are left out: a merge renumbers rows, and the
// base/variant links are checked by comparing the rows they join (hash, tier, difficulty).
// A Dominosa row's checksum is as schema 3 made it, so a migration keeps every one.
import type { KindName } from '../kind-name.js';
import { sha256Hex } from './sha256.js';

/** The fields a checksum covers, as the catalog stores them. */
export interface ChecksummedRow {
  kind: KindName;
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
 * Hex SHA-256 of the row's fields in a fixed order, as one JSON array (unambiguous framing); the
 * kind leads the array except for Dominosa's, whose rows predate kinds.
 */
export function rowChecksum(p: ChecksummedRow): string {
  const fields = [
    ...(p.kind === 'dominosa' ? [] : [p.kind]),
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
