// Tests for pipeline/catalog/digests.ts and connection.ts: every write keeps the stored digest
// equal to a recount, and a failed transaction rolls it back with the rows.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { kindNamed } from '../../../src/kinds.js';
import { freshCatalogs, hashOf, newPuzzle as puzzle } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('the digest', () => {
  it('is kept in step by every write, and rolled back with a failed transaction', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true });
    try {
      const check = (): void => expect(cat.computeDigests()).toEqual(cat.storedDigests());
      check();
      const b = cat.createBuild({
        key: 'k',
        seed: 5,
        options: '{}',
        solver_version: 'v',
        grader_version: 'g',
        started_at: 'now',
        status: 'running',
      });
      cat.writeThresholds(null, 'dominosa', '1', { measure: 'nodes', th: { t1: 1, t2: 2, t3: 3 } }, 'v');
      cat.writeThresholds(null, 'dominosa', '1', { measure: 'nodes', th: { t1: 2, t2: 3, t3: 4 } }, 'v');
      const id = cat.insertPuzzle(puzzle({ build_id: b }));
      cat.insertPuzzle(puzzle({ base_id: id, transform: 'rot180', build_id: b }));
      cat.insertSlots([{ build_id: b, shape: '1', slot: 0, outcome: 'kept', attempts: 1, puzzle_id: id }]);
      cat.insertSlots([{ build_id: b, shape: '1', slot: 0, outcome: 'kept', attempts: 1, puzzle_id: id }], true);
      expect(cat.insertPuzzleOrIgnore(puzzle({ build_id: b }))).toBe(id);
      cat.updateBuild(b, 'finished', { x: 1 }, 'later');
      cat.resumeBuild(b, '{"again":1}');
      cat.putMeta('note', 'one');
      cat.putMeta('note', 'two');
      check();
      expect(cat.retier(kindNamed('dominosa'), '1', { measure: 'nodes', th: { t1: 0, t2: 2, t3: 3 } })).toBe(2);
      check();
      expect(() =>
        cat.transaction(() => {
          cat.insertPuzzle(puzzle({ slot: 9, canonical_hash: hashOf('z') }));
          cat.insertPuzzle(puzzle({ slot: 9, canonical_hash: hashOf('z2') }));
        }),
      ).toThrow(/UNIQUE/);
      check();
      expect(cat.storedDigests().get('puzzles')?.rows).toBe(2);
    } finally {
      cat.close();
    }
  });
});
