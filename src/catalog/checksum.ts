// A checksum per stored puzzle over every field that states something about it (grid,
// solution, tier, nodes, grade, lineage). Cheap enough to verify on every open of a catalog for
// writing, so a hand-edited or damaged row is refused before a build resumes on top of it.
import { createHash } from 'node:crypto';

/** The fields a row checksum covers, in this order. */
export interface ChecksummedFields {
  m: number;
  rows: number;
  cols: number;
  grid: string;
  solution: string;
  tier: string;
  nodes: number;
  canonical_hash: string;
  base_id: number | null;
  transform: string | null;
  grade: string | null;
  grade_level: number | null;
  score: number | null;
}

/** Hex digest (64 bits) of the fields, joined by a separator none of them can contain. */
export function rowChecksum(f: ChecksummedFields): string {
  const text = [
    f.m,
    f.rows,
    f.cols,
    f.grid,
    f.solution,
    f.tier,
    f.nodes,
    f.canonical_hash,
    f.base_id ?? '',
    f.transform ?? '',
    f.grade ?? '',
    f.grade_level ?? '',
    f.score ?? '',
  ].join('\u0001');
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
