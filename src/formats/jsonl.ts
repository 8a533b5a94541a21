// A Sudomino puzzle as one JSON line of a jsonl export: the JSON-lines form `dominosa solve`
// reads ({"rows": [...], "values": N, "id": ...}) with the catalog's fields beside it, which
// the reader passes over. Dominosa's line is copied from the stored columns by the exporter.
import type { SudominoPackPuzzle } from './pack.js';

/** The line, without its line end. */
export function sudominoJsonLine(p: SudominoPackPuzzle): string {
  return JSON.stringify({
    id: p.id,
    kind: 'sudomino',
    shape: p.shape,
    values: p.values,
    rows: p.board,
    solution: p.solution,
    tier: p.tier,
    nodes: p.nodes,
    grade: p.grade ?? null,
    score: p.score ?? null,
    base_id: p.baseId ?? null,
    transform: p.transform ?? null,
  });
}
