// The index: the pack's puzzles by tier, then size, each with its status, linking to its board.
import { load, statusOf } from './store.js';
import { app, live, pack } from './state.js';
import { esc, hashId } from './text.js';
import { stopTimer } from './timer.js';

const TIER_ORDER = ['easy', 'normal', 'hard', 'expert'];

function tierRank(t: string): number {
  const i = TIER_ORDER.indexOf(t);
  return i < 0 ? TIER_ORDER.length : i;
}

export function showIndex(): void {
  stopTimer();
  live.current = null;
  document.title = pack.name;
  const tiers = [...new Set(pack.puzzles.map((p) => p.tier))].sort((a, b) => tierRank(a) - tierRank(b));
  const parts: string[] = [`<header class="top"><h1>${esc(pack.name)}</h1><p class="sub">Dominosa · ${pack.puzzles.length} puzzle${pack.puzzles.length === 1 ? '' : 's'}</p></header>`];
  parts.push(
    `<p class="rules">Each grid hides a complete set of dominoes, one of every pair from ${pack.faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : pack.faces === 'pips' ? 'blank-blank up' : '0-0 to M-M'}. ` +
      'Lay dominoes (two neighbouring cells each) so that every pair appears exactly once.</p>',
  );
  for (const tier of tiers) {
    const list = pack.puzzles.filter((p) => p.tier === tier);
    const solved = list.filter((p) => statusOf(load(pack.checksum, p.id)) === 'solved').length;
    parts.push(`<section class="tier"><h2>${esc(tier[0].toUpperCase() + tier.slice(1))} <span class="count">${solved} / ${list.length} solved</span></h2>`);
    for (const m of [...new Set(list.map((p) => p.m))].sort((a, b) => a - b)) {
      parts.push(`<h3>M = ${m} <span class="count">${m + 1} × ${m + 2}</span></h3><ul class="puzzles">`);
      for (const p of list.filter((q) => q.m === m)) {
        const status = statusOf(load(pack.checksum, p.id));
        parts.push(
          `<li><a class="pick ${status.replace(' ', '-')}" href="${hashId(p)}" data-puzzle="${esc(String(p.id))}">` +
            `<span class="id">#${esc(String(p.id))}</span><span class="status">${status}</span></a></li>`,
        );
      }
      parts.push('</ul>');
    }
    parts.push('</section>');
  }
  app.innerHTML = parts.join('');
  window.scrollTo(0, 0);
}
