// Catalog rows as the exporters take them: a row of either kind becomes its pack puzzle (a
// Sudomino row through src/sudomino/formats/row.ts, checked), or its JSON line. Rows carry their
// kind from schema 4 on; a row without one is Dominosa.
import { isSudomino, type AnyPackPuzzle, type PackPuzzle } from '../../src/formats/pack.js';
import { sudominoJsonLine } from '../../src/formats/jsonl.js';
import { sudominoPuzzleOfRow } from '../../src/sudomino/formats/row.js';
import type { PuzzleRow } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';

/**
 * One JSON line per puzzle. grid and solution are stored as compact JSON already, so they are
 * copied as they are; the solution is the [[r1, c1, r2, c2], ...] list `dominosa solve` prints.
 */
export function jsonlRow(p: PuzzleRow): string {
  return (
    `{"id":${p.id},"n":${p.m},"rows":${p.rows},"cols":${p.cols},"grid":${p.grid},"solution":${p.solution},` +
    `"tier":${JSON.stringify(p.tier)},"nodes":${p.nodes},"grade":${JSON.stringify(p.grade)},"score":${p.score},"base_id":${p.base_id ?? 'null'},` +
    `"transform":${p.transform === null ? 'null' : JSON.stringify(p.transform)}}\n`
  );
}

/** A catalog row of either kind: rows carry kind and shape from schema 4 on; before, every row is Dominosa. */
export type AnyRow = PuzzleRow & { kind?: string; shape?: string | null };

/** The pack puzzle of a row of either kind; a Sudomino row that does not read back is refused whole. */
export function packPuzzleOfRow(p: AnyRow): AnyPackPuzzle {
  if ((p.kind ?? 'dominosa') !== 'sudomino') return packPuzzle(p);
  const res = sudominoPuzzleOfRow(p);
  if (!res.ok) throw new UserError(`${res.error} (run dominosa audit)`, EXIT_FAILED_CHECK);
  return res.value;
}

/** The JSON line of a row of either kind. */
export function jsonLineOfRow(p: AnyRow): string {
  const q = packPuzzleOfRow(p);
  return isSudomino(q) ? `${sudominoJsonLine(q)}\n` : jsonlRow(p);
}

export function packPuzzle(p: PuzzleRow): PackPuzzle {
  return {
    id: p.id,
    m: p.m,
    rows: p.rows,
    cols: p.cols,
    tier: p.tier,
    nodes: p.nodes,
    grade: p.grade,
    score: p.score,
    grid: JSON.parse(p.grid) as number[][],
    solution: JSON.parse(p.solution) as PackPuzzle['solution'],
    baseId: p.base_id,
    transform: p.transform,
  };
}
