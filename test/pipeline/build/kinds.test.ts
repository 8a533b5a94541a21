// The build and the merge as every registered kind goes through them: one body run over the
// kinds (as Kysely's tests run over its dialects), in process, through the kind's build group
// alone. A small build of the kind's first default size makes the same catalog whatever the
// threads and finds itself finished when run again; one whose time runs out at a slot's fault
// point keeps the slots before it, and a rerun ends as the uninterrupted build; its shards merge,
// in any order, into exactly the unsharded catalog. Needs dist/ (the build's workers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, type BuildOptions } from '../../../pipeline/build/build.js';
import type { CalibrationUi } from '../../../pipeline/build/calibrate.js';
import { silentProgress } from '../../../pipeline/build/progress.js';
import { runMerge } from '../../../pipeline/merge.js';
import { allKinds } from '../../../src/kinds.js';
import { dumpCatalog, type CatalogDump } from '../../helpers/catalog.js';
import { DATA } from '../../helpers/cli.js';

const quiet: CalibrationUi = { progress: () => ({ tick() {}, stop() {} }), announce() {} };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-kinds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const kind of allKinds()) {
  describe(`a build of ${kind.title} (through its build group)`, () => {
    const key = kind.build.defaults.sizes[0];
    const options = (name: string, over: Partial<BuildOptions> = {}): BuildOptions => ({
      kind: kind.name,
      sizes: [key],
      perTier: 2,
      variants: 1,
      seed: 3,
      jobs: 2,
      db: join(dir, `${kind.name}-${name}.sqlite`),
      tiersFile: join(DATA, 'tiers.json'),
      maxAttempts: kind.build.defaults.maxAttempts,
      maxSlots: 400,
      ...over,
    });
    let whole: CatalogDump;

    beforeAll(async () => {
      const o = options('whole');
      await runBuild(o, silentProgress, quiet);
      whole = dumpCatalog(o.db);
      expect(whole.puzzles.length).toBeGreaterThan(0);
      expect(new Set(whole.puzzles.map((p) => p.kind))).toEqual(new Set([kind.name]));
    });

    it('makes the same catalog on one thread, and finds it finished when run again', async () => {
      const o = options('one', { jobs: 1 });
      await runBuild(o, silentProgress, quiet);
      const one = dumpCatalog(o.db);
      expect([one.puzzles, one.slots, one.builds, one.thresholds]).toEqual([
        whole.puzzles,
        whole.slots,
        whole.builds,
        whole.thresholds,
      ]);
      const again = await runBuild(o, silentProgress, quiet);
      expect(again.status).toBe('already-finished');
      expect(again.holds).toMatch(/puzzles of .*base puzzles in \d tiers?, and their variants$/);
    });

    it("stops where its time runs out at a slot's fault point, and a rerun ends as the uninterrupted build", async () => {
      expect(whole.slots.length).toBeGreaterThan(3);
      const o = options('timed', { timeoutMs: 600_000 });
      const before = process.env.DOMINOSA_FAULT;
      process.env.DOMINOSA_FAULT = `deadline:slot:${key}:3`;
      try {
        const timed = await runBuild(o, silentProgress, quiet);
        expect(timed.status).toBe('timed-out');
      } finally {
        if (before === undefined) delete process.env.DOMINOSA_FAULT;
        else process.env.DOMINOSA_FAULT = before;
      }
      expect(dumpCatalog(o.db).slots).toEqual(whole.slots.slice(0, 3));
      await runBuild(o, silentProgress, quiet);
      const resumed = dumpCatalog(o.db);
      expect([resumed.puzzles, resumed.slots]).toEqual([whole.puzzles, whole.slots]);
    });

    it('merges its shards, in any order, into exactly the unsharded catalog', async () => {
      const shards = [0, 1].map((index) => options(`shard-${index}`, { shard: { index, count: 2 }, jobs: 1 }));
      for (const s of shards) expect((await runBuild(s, silentProgress, quiet)).status).toBe('finished');
      const out = join(dir, `${kind.name}-merged.sqlite`);
      const merged = await runMerge({ out, inputs: [shards[1].db, shards[0].db], kind: kind.name });
      expect(merged.sizes.map((s) => [s.key, s.label])).toEqual([[key, kind.sizes.label(key)]]);
      const m = dumpCatalog(out);
      expect([m.puzzles, m.slots, m.builds, m.thresholds]).toEqual([
        whole.puzzles,
        whole.slots,
        whole.builds,
        whole.thresholds,
      ]);
      // The unsharded build finds its own build there, finished.
      expect((await runBuild({ ...options('whole'), db: out }, silentProgress, quiet)).status).toBe('already-finished');
    });
  });
}
