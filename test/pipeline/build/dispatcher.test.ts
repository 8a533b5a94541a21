// Tests for pipeline/build/dispatcher.ts: once the decider marks a size done, runs of it still
// in flight are passed over and the pool's close stops them: the build waits on none. The
// worker (test/fixtures/workers/surplus-stall.mjs) holds the needed run back until the surplus
// one has stalled, so the case is reached on every machine, however fast.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../../pipeline/build/dispatcher.js';
import type { BuildOptions } from '../../../pipeline/build/options.js';
import type { SizeView } from '../../../pipeline/build/sizes.js';
import { zeroTierCounts } from '../../../src/rank/tiers.js';

const WORKER = fileURLToPath(new URL('../../fixtures/workers/surplus-stall.mjs', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-dispatch-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Dispatcher', () => {
  it('passes over a stalled run of a size decided done, and its close stops it', async () => {
    const marker = join(dir, 'stalled');
    // The marker reaches the worker as the size's plan's make, which the dispatcher hands on untouched.
    const size = {
      key: '3',
      label: 'M=3',
      plan: { wanted: [], unreachable: [], make: { marker } },
      counts: zeroTierCounts(),
      slotMs: 0,
      state: 'active',
    } as unknown as {
      -readonly [K in keyof SizeView]: SizeView[K];
    };
    const options = { jobs: 2, chunk: 1, perTier: 1 } as unknown as BuildOptions;
    const dispatcher = new Dispatcher({
      buildId: 1,
      kind: { name: 'dominosa' },
      runs: [size],
      starts: new Map(),
      options,
      workerPath: WORKER,
      maxSlots: 4,
    });
    try {
      dispatcher.topUp();
      const first = await dispatcher.next();
      expect(existsSync(marker), 'the surplus run stalled first').toBe(true);
      expect(first !== 'end' && first !== 'stopped' && 'answers' in first && first.answers?.map((a) => a.slot)).toEqual(
        [0],
      );
      // The decider found the size done with slot 0: slot 1's run is stalled in a worker, 2 and 3 may be anywhere.
      size.state = 'done';
      expect(await dispatcher.next()).toBe('end');
    } finally {
      await dispatcher.close();
    }
  });
});
