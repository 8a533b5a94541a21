// The index: the pack's puzzles by tier, then size, numbered 1..N, each with its status (solved,
// revealed, in progress, new, each with its own symbol) and the help it took, linking to its board.
import { helpNote, type Status } from '../../src/dominosa/play/progress.js';
import { TIERS } from '../../src/rank/tiers.js';
import { load, savedStatus } from './store.js';
import { app, live, pack } from './state.js';
import { esc, hashId, numberOf, titleCase } from './text.js';
import { stopTimer } from './timer.js';

/** A symbol per status, so the index does not tell them apart by colour alone. */
const SYMBOL: Record<Status, string> = { solved: '✓', revealed: '◉', 'in progress': '…', new: '' };

function tierRank(t: string): number {
  const i = (TIERS as readonly string[]).indexOf(t);
  return i < 0 ? TIERS.length : i;
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
    const list = pack.puzzles.filter((p) => p.tier === tier).sort((a, b) => numberOf(a) - numberOf(b));
    const statuses = list.map((p) => savedStatus(load(pack.checksum, p.id)));
    const solved = statuses.filter((s) => s === 'solved').length;
    const revealed = statuses.filter((s) => s === 'revealed').length;
    parts.push(`<section class="tier"><h2>${esc(titleCase(tier))} <span class="count">${solved} / ${list.length} solved${revealed > 0 ? `, ${revealed} revealed` : ''}</span></h2>`);
    for (const m of [...new Set(list.map((p) => p.m))].sort((a, b) => a - b)) {
      parts.push(`<h3>M = ${m} <span class="count">${m + 1} × ${m + 2}</span></h3><ul class="puzzles">`);
      for (const p of list.filter((q) => q.m === m)) {
        const saved = load(pack.checksum, p.id);
        const status = savedStatus(saved);
        const note = saved ? helpNote(saved) : '';
        parts.push(
          `<li><a class="pick ${status.replace(' ', '-')}" href="${hashId(p)}" data-puzzle="${esc(String(p.id))}" data-number="${numberOf(p)}">` +
            `<span class="num">${numberOf(p)}</span><small class="dbid">#${esc(String(p.id))}</small>` +
            `<span class="state"><span class="sym" aria-hidden="true">${SYMBOL[status]}</span> <span class="status">${status}</span>` +
            `${note ? `<small class="note">${esc(note)}</small>` : ''}</span></a></li>`,
        );
      }
      parts.push('</ul>');
    }
    parts.push('</section>');
  }
  app.innerHTML = parts.join('');
  window.scrollTo(0, 0);
}
