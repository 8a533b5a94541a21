// The count bar of pipeline/runtime/count-progress.ts: drawn on a terminal, one tick per item up to the
// total; nothing at all on a stream that is not one.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { countProgress } from '../../../pipeline/runtime/count-progress.js';

/** A stream that says it is a terminal when `tty`, as process.stderr does on one. */
function sink(tty = true): { stream: PassThrough; text: () => string } {
  const stream = Object.assign(new PassThrough(), tty ? { isTTY: true, columns: 120 } : {});
  let text = '';
  stream.on('data', (d) => (text += String(d)));
  return { stream, text: () => text };
}

describe('countProgress', () => {
  it('draws a bar with the count and where the run is, on a terminal', () => {
    const s = sink();
    const p = countProgress(3, 'generate', s.stream, true);
    p.tick('slot 0');
    p.tick('slot 1');
    p.stop();
    expect(s.text()).toMatch(/generate \[.*\] 2\/3 \| slot 1/);
  });

  it('writes nothing when the stream is not a terminal, or there is nothing to count', () => {
    for (const [tty, total] of [
      [false, 3],
      [true, 0],
    ] as const) {
      const s = sink(tty);
      const p = countProgress(total, 'generate', s.stream, tty);
      p.tick('slot 0');
      p.stop();
      expect(s.text()).toBe('');
    }
  });
});
