// The commit of a batch of decisions: one transaction that numbers the kept boards' rows, inserts
// them with their slot rows and records the build's counts. One module for both callers: the
// deciding thread (a small build) and the store's thread (store-worker.ts).
import type { PuzzleRecord } from '../../src/catalog/row.js';
import type { KindName } from '../../src/kinds.js';
import type { Catalog, SlotRow } from '../catalog/catalog.js';
import { fault } from '../runtime/faults.js';

/** One decided slot, as the decider hands it to a commit. */
export interface Decision {
  /** The slot row; its puzzle_id is set at commit, once the kept base has its id. */
  slot: SlotRow;
  /** A kept base's row, then its variants'. */
  rows: PuzzleRecord[] | null;
  /** Shard builds: a duplicate's slot row points at the base of its class (its kind's, by this hash). */
  duplicateOf?: { kind: KindName; hash: string };
}

/**
 * Commit one batch of decisions in one transaction: the kept bases' and variants' rows numbered
 * as SQLite would number them (so variants name their base at once), the slot rows, and the
 * build's counts as of the batch.
 */
export function commitDecisions(
  cat: Catalog,
  buildId: number,
  batch: readonly Decision[],
  counts: Record<string, unknown>,
): void {
  cat.transaction(() => {
    let id = cat.nextPuzzleId();
    const rows: PuzzleRecord[] = [];
    for (const d of batch) {
      if (d.rows === null) continue;
      const baseId = id;
      for (const r of d.rows) {
        r.id = id++;
        r.base_id = r === d.rows[0] ? null : baseId;
        rows.push(r);
      }
      d.slot.puzzle_id = baseId;
    }
    cat.insertPreparedPuzzles(rows);
    for (const d of batch) fault(`commit:${d.slot.shape}:${d.slot.slot}`);
    // Its class's base was inserted in this transaction or an earlier one.
    for (const d of batch) {
      if (d.duplicateOf === undefined) continue;
      const baseId = cat.baseIdByHash(d.duplicateOf.kind, d.duplicateOf.hash);
      if (baseId === null) throw new Error(`duplicate of ${d.duplicateOf.hash}, whose base is not in the catalog`);
      d.slot.puzzle_id = baseId;
    }
    cat.insertSlotValues(batch.map((d) => d.slot));
    cat.updateBuild(buildId, 'running', counts, null);
  });
}
