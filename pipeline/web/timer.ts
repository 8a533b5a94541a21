// The time played on the current puzzle: it runs while the board is on screen and visible and
// the puzzle neither solved nor revealed, and is saved whenever it stops.
import { finished } from '../../src/play/record.js';
import { elapsed, persist, playing } from './state.js';
import { clock } from './text.js';

let ticker: number | undefined;

export function startTimer(): void {
  const c = playing();
  if (!c || finished(c.record) || c.since !== null || document.hidden) return;
  c.since = performance.now();
  ticker = window.setInterval(() => {
    const t = document.getElementById('timer');
    const now = playing();
    if (t && now) t.textContent = clock(elapsed(now));
  }, 500);
}

export function stopTimer(): void {
  const c = playing();
  if (c && c.since !== null) {
    c.ms = elapsed(c);
    c.since = null;
    persist();
  }
  window.clearInterval(ticker);
  ticker = undefined;
}
