// Tests for the catalog's builds, thresholds and slots modules, and the per-size reads over them.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { freshCatalogs, hashOf, newPuzzle as puzzle } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('catalog reads and writes', () => {
  it('tracks builds, slots, thresholds and tier counts', () => {
    const cat = Catalog.open(fresh(), { create: true });
    try {
      const b = cat.createBuild({
        key: 'k',
        seed: 5,
        options: '{}',
        solver_version: 'v',
        grader_version: 'g',
        started_at: 'now',
        status: 'running',
      });
      expect(cat.findBuild('k')?.id).toBe(b);
      expect(cat.findBuild('nope')).toBeUndefined();
      cat.updateBuild(b, 'finished', { a: 1 }, 'later');
      expect(cat.findBuild('k')).toMatchObject({ status: 'finished', counts: '{"a":1}', finished_at: 'later' });
      expect(() => cat.updateBuild(b, 'bogus' as never, {}, null)).toThrow(/CHECK/);

      const nodes = (t1: number, t2: number, t3: number) => ({ measure: 'nodes' as const, th: { t1, t2, t3 } });
      cat.writeThresholds(b, 'dominosa', '3', nodes(1, 2, 3), 'v');
      cat.writeThresholds(null, 'dominosa', '3', nodes(1, 2, 3), 'v');
      cat.writeThresholds(null, 'dominosa', '3', nodes(2, 4, 6), 'w');
      expect(cat.readThresholds(b, 'dominosa').get('3')).toEqual({ ...nodes(1, 2, 3), solverVersion: 'v' });
      expect(cat.readThresholds(null, 'dominosa').get('3')).toEqual({ ...nodes(2, 4, 6), solverVersion: 'w' });
      expect(() => cat.writeThresholds(b, 'dominosa', '4', nodes(3, 2, 5), 'v')).toThrow(/CHECK/);
      cat.writeThresholds(null, 'dominosa', '5', { measure: 'score', th: { t1: 1.5, t2: 2.25, t3: 5.125 } }, 'v');
      expect(cat.readThresholds(null, 'dominosa').get('5')).toEqual({
        measure: 'score',
        th: { t1: 1.5, t2: 2.25, t3: 5.125 },
        solverVersion: 'v',
      });
      expect(() =>
        cat.writeThresholds(null, 'dominosa', '6', { measure: 'level' as never, th: { t1: 1, t2: 2, t3: 3 } }, 'v'),
      ).toThrow(/CHECK/);

      expect(cat.nextSlot(b, '3')).toBe(0);
      const p = cat.insertPuzzle(puzzle({ m: 3, tier: 'hard', nodes: 7, canonical_hash: hashOf('a'), build_id: b }));
      cat.insertPuzzle(puzzle({ m: 3, tier: 'hard', nodes: 9, canonical_hash: hashOf('b'), slot: 1, build_id: b }));
      cat.insertPuzzle(puzzle({ m: 3, tier: 'easy', nodes: 2, canonical_hash: hashOf('c'), slot: 2, build_id: b }));
      cat.insertPuzzle(
        puzzle({ m: 3, tier: 'hard', nodes: 7, canonical_hash: hashOf('a'), base_id: p, transform: 'rot180' }),
      );
      cat.insertSlots([{ build_id: b, shape: '3', slot: 0, outcome: 'kept', attempts: 4, puzzle_id: p }]);
      cat.insertSlots([{ build_id: b, shape: '3', slot: 1, outcome: 'tier-full', attempts: 2, puzzle_id: null }]);
      expect(() =>
        cat.insertSlots([{ build_id: b, shape: '3', slot: 1, outcome: 'kept', attempts: 1, puzzle_id: null }]),
      ).toThrow(/UNIQUE|PRIMARY/);
      expect(() =>
        cat.insertSlots([
          { build_id: b, shape: '3', slot: 2, outcome: 'maybe' as never, attempts: 1, puzzle_id: null },
        ]),
      ).toThrow(/CHECK/);
      expect(cat.nextSlot(b, '3')).toBe(2);
      expect(cat.nextSlot(b, '4')).toBe(0);
      expect([...cat.slotStats(b, '3')]).toEqual(
        expect.arrayContaining([
          ['kept', { slots: 1, attempts: 4 }],
          ['tier-full', { slots: 1, attempts: 2 }],
        ]),
      );

      // Variants do not count towards a tier.
      expect(cat.tierCounts('dominosa', '3')).toEqual({ easy: 1, normal: 0, hard: 2, expert: 0 });
      expect(cat.tierStats('dominosa')).toEqual([
        { size: '3', tier: 'easy', count: 1, measure: 'nodes', min: 2, max: 2 },
        { size: '3', tier: 'hard', count: 2, measure: 'nodes', min: 7, max: 9 },
      ]);
      expect([...cat.iteratePuzzles()].map((r) => [r.id, r.base_id, r.transform])).toEqual([
        [1, null, null],
        [2, null, null],
        [3, null, null],
        [4, 1, 'rot180'],
      ]);
    } finally {
      cat.close();
    }
  });
});
