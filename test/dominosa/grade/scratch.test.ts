// A grader's scratch: each rule's room is made once per Scratch, on first use, and two Scratches
// (two graders) never share a room.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scratch, scratchKey } from '../../../src/dominosa/grade/scratch.js';

describe('Scratch', () => {
  it('gives each key one room per scratch, made on first use, and no room to two scratches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.nat(1), fc.nat(5)), { maxLength: 60 }),
        (nKeys, asks) => {
          let made = 0;
          const keys = Array.from({ length: nKeys }, (_, k) => scratchKey(() => ({ key: k, serial: made++ })));
          const scratches = [new Scratch(), new Scratch()];
          const seen = new Map<string, object>();
          for (const [s, k0] of asks) {
            const k = k0 % nKeys;
            const room = scratches[s].of(keys[k]);
            expect(room.key).toBe(k);
            const id = `${s}:${k}`;
            if (seen.has(id)) expect(room).toBe(seen.get(id));
            else seen.set(id, room);
          }
          // One room made per (scratch, key) asked for, and the rooms are all different objects.
          expect(made).toBe(seen.size);
          expect(new Set(seen.values()).size).toBe(seen.size);
        },
      ),
    );
  });
});
