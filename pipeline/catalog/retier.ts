// Re-tiering a size under new cuts (tune --apply): every row's tier and checksum renewed, the
// digest kept in step, or nothing changed when a puzzle would fit no tier.
import { rowChecksum } from '../../src/catalog/checksum.js';
import { PUZZLE_READ } from '../../src/catalog/row.js';
import type { PuzzleKind } from '../../src/kind.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { Tier } from '../../src/rank/tiers.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import type { Connection } from './connection.js';
import { hashBlob } from './hash-column.js';
import type { PuzzleRow } from './puzzles.js';

/**
 * Re-tier a kind's size under `rule`, as the kind tiers its puzzles: every row (a variant has its
 * base's nodes and score, so it lands in its base's tier), with its checksum renewed. Returns how
 * many rows changed tier; throws (rolling the transaction back) if a puzzle would fit no tier.
 * Meant to run inside a transaction.
 */
export function retier(conn: Connection, kind: PuzzleKind, size: string, rule: TierRule): number {
  return conn.write(() => {
    const update = conn.stmt('UPDATE puzzles SET tier = ?, checksum = ? WHERE id = ?');
    // Only what the update and the digest need, not whole rows: memory stays small.
    const changed: {
      id: number;
      base_id: number | null;
      build_id: number | null;
      checksum: string;
      old: string;
      tier: Tier;
    }[] = [];
    for (const p of conn
      .stmt(`SELECT ${PUZZLE_READ} FROM puzzles WHERE kind = ? AND shape = ?`)
      .iterate(kind.name, size) as IterableIterator<PuzzleRow>) {
      const tier = kind.tierOf(p, rule);
      // Only the grade rule leaves a puzzle out of every tier; re-tiering never drops one.
      if (tier === null)
        throw new UserError(
          `${kind.sizes.label(size)}: puzzle ${p.id} (${p.grade}, ${p.nodes}) would fit no tier under these cuts; nothing was changed`,
          EXIT_FAILED_CHECK,
        );
      if (tier !== p.tier)
        changed.push({
          id: p.id,
          base_id: p.base_id,
          build_id: p.build_id,
          old: p.checksum,
          tier,
          checksum: rowChecksum({ ...p, tier }),
        });
    }
    for (const c of changed) {
      update.run(c.tier, hashBlob(c.checksum), c.id);
      conn.removed('puzzles', { ...c, checksum: c.old });
      conn.added('puzzles', c);
    }
    return changed.length;
  });
}
