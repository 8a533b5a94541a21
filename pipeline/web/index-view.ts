// The index: the pack's puzzles by tier, then kind and size, numbered 1..N, each with its status
// (solved, revealed, in progress, new, each with its own symbol) and the help it took, linking
// to its board. A pack may mix kinds; the rules of each kind present head it.
import { helpNote, type PlayRecord, type Status } from '../../src/play/record.js';
import { TIERS } from '../../src/rank/tiers.js';
import type { PagePuzzle } from './kind.js';
import { KINDS, kindOf } from './kinds.js';
import { load, savedStatus } from './store.js';
import { app, leave, pack } from './state.js';
import { esc, hashId, numberOf, titleCase } from './text.js';
import { stopTimer } from './timer.js';

/** A symbol per status, so the index does not tell them apart by colour alone. */
const SYMBOL: Record<Status, string> = { solved: '✓', revealed: '◉', 'in progress': '…', new: '' };

function tierRank(t: string): number {
  const i = (TIERS as readonly string[]).indexOf(t);
  return i < 0 ? TIERS.length : i;
}

/** A puzzle's saved record and its word on the index, kept as its kind keeps it. */
function savedOf(p: PagePuzzle): { record: PlayRecord | null; status: Status } {
  const form = kindOf(p).saved;
  const s = load(form, pack.checksum, p.id);
  return { record: s, status: savedStatus(form, s) };
}

/** The heading of a group of puzzles of one kind and size, and its size in small print. */
function groupHead(p: PagePuzzle): [string, string] {
  return kindOf(p).groupHead(p);
}

export function showIndex(): void {
  stopTimer();
  leave();
  document.title = pack.name;
  const tiers = [...new Set(pack.puzzles.map((p) => p.tier))].sort((a, b) => tierRank(a) - tierRank(b));
  // The kinds the pack holds, in the page's order (an empty pack: the first kind's rules).
  const held = KINDS.filter((k) => pack.puzzles.some((p) => kindOf(p) === k));
  const kinds = held.length > 0 ? held : KINDS.slice(0, 1);
  const parts: string[] = [
    `<header class="top"><h1>${esc(pack.name)}</h1><p class="sub">${kinds.map((k) => k.title).join(' and ')} · ${pack.puzzles.length} puzzle${pack.puzzles.length === 1 ? '' : 's'}</p></header>`,
  ];
  for (const k of kinds)
    parts.push(`<p class="rules">${kinds.length > 1 ? `<b>${k.title}:</b> ` : ''}${k.rulesHtml(pack)}</p>`);
  for (const tier of tiers) {
    const list = pack.puzzles.filter((p) => p.tier === tier).sort((a, b) => numberOf(a) - numberOf(b));
    const statuses = list.map((p) => savedOf(p).status);
    const solved = statuses.filter((s) => s === 'solved').length;
    const revealed = statuses.filter((s) => s === 'revealed').length;
    parts.push(
      `<section class="tier"><h2>${esc(titleCase(tier))} <span class="count">${solved} / ${list.length} solved${revealed > 0 ? `, ${revealed} revealed` : ''}</span></h2>`,
    );
    // Groups of one kind and size, in the order of their puzzles' numbers.
    for (const head of [...new Set(list.map((p) => groupHead(p).join('\n')))]) {
      const [title, size] = head.split('\n');
      parts.push(`<h3>${esc(title)} <span class="count">${esc(size)}</span></h3><ul class="puzzles">`);
      for (const p of list.filter((q) => groupHead(q).join('\n') === head)) {
        const { record: saved, status } = savedOf(p);
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
