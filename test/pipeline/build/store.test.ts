// Tests for pipeline/build/store.ts: batches posted to the store thread are committed in order,
// each answered once committed, checkpointed into the file, and the holder's digest follows
// them; after a batch fails none after it is committed, and the failure keeps SQLite's code (a
// full disk stays exit 74).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { Store } from '../../../pipeline/build/store.js';
import type { Decision } from '../../../pipeline/build/commit.js';
import { puzzleRecord } from '../../../src/catalog/row.js';
import type { SlotOutcome } from '../../../src/catalog/schema.js';
import { hashOf } from '../../helpers/catalog.js';

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-store-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function catalogWithBuild(): { cat: Catalog; id: number } {
  const cat = Catalog.open(join(dir, `c${n++}.sqlite`), { create: true, verb: 'test' });
  const id = cat.createBuild({
    key: 'k',
    seed: 1,
    options: '{}',
    solver_version: 'v',
    grader_version: 'g',
    started_at: 'now',
    status: 'running',
  });
  return { cat, id };
}

/** A kept base with one variant at `slot`, or a slot of another outcome. */
function decision(buildId: number, slot: number, outcome: SlotOutcome = 'kept'): Decision {
  const base = {
    kind: 'dominosa' as const,
    m: 1,
    rows: 2,
    cols: 3,
    // [[0,0,0],[1,1,1]] laid as [[0,0,1,0],[0,1,0,2],[1,1,1,2]], in the catalog's forms.
    grid: '000111',
    solution: 'DRLURL',
    tier: 'easy' as const,
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: hashOf(`h${slot}`),
    transform: null,
    seed: 1,
    slot,
    method: 'rejection',
  };
  const rows =
    outcome === 'kept'
      ? [
          puzzleRecord(base, { build_id: buildId }),
          puzzleRecord({ ...base, transform: 'rot180', nodes: 2 }, { build_id: buildId }),
        ]
      : null;
  return { slot: { build_id: buildId, shape: '1', slot, outcome, attempts: 1, puzzle_id: null }, rows };
}

describe('Store', () => {
  it('commits batches in order, answers each, and leaves a digest that verifies', async () => {
    const { cat, id } = catalogWithBuild();
    cat.checkpoint();
    const fileBefore = statSync(cat.path).size;
    const store = new Store(cat.path, id);
    const answered: number[] = [];
    try {
      for (let b = 0; b < 5; b++) {
        const decisions: Decision[] = [];
        for (let k = 30 * b; k < 30 * b + 30; k++) decisions.push(decision(id, k, k % 3 === 1 ? 'tier-full' : 'kept'));
        store.post(decisions, { batch: b }, () => answered.push(b));
      }
      expect(store.backlog).toBeGreaterThan(0);
      await store.close();
      expect(store.failure).toBeNull();
      expect(answered).toEqual([0, 1, 2, 3, 4]);
      // Its connection checkpointed before closing: the rows are in the file, not only in the log.
      expect(statSync(cat.path).size).toBeGreaterThanOrEqual(fileBefore + 4 * 4096);
      cat.reloadDigests();
      // The holder writes again on top of the store's rows: its digest must have followed them.
      cat.transaction(() => cat.updateBuild(id, 'finished', { done: true }, 'later'));
      expect(cat.db.prepare('SELECT COUNT(*) FROM puzzles').pluck().get()).toBe(200);
      expect(cat.db.prepare('SELECT slot, puzzle_id FROM slots ORDER BY slot').raw().all().slice(0, 4)).toEqual([
        [0, 1],
        [1, null],
        [2, 3],
        [3, 5],
      ]);
      expect(cat.db.prepare('SELECT base_id FROM puzzles WHERE id = 4').pluck().get()).toBe(3);
      expect(cat.checkIntegrityOfCatalog()).toEqual([]);
    } finally {
      cat.close();
    }
  });

  it('commits nothing after a failed batch and reports the failure with its code', async () => {
    const { cat, id } = catalogWithBuild();
    const store = new Store(cat.path, id);
    const answered: number[] = [];
    try {
      store.post([decision(id, 0)], {}, () => answered.push(0));
      // Slot 0 again: the slots' key refuses it.
      store.post([decision(id, 1), decision(id, 0, 'rejected')], {}, () => answered.push(1));
      store.post([decision(id, 2)], {}, () => answered.push(2));
      await store.close();
      expect(answered).toEqual([0]);
      expect((store.failure as { code?: string } | null)?.code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(cat.db.prepare('SELECT slot FROM slots ORDER BY slot').pluck().all()).toEqual([0]);
      cat.reloadDigests();
      expect(cat.checkIntegrityOfCatalog()).toEqual([]);
    } finally {
      cat.close();
    }
  });
});
