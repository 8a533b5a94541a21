// The index: the pack's puzzles by tier, each tier one compact grid of cards numbered 1..N, each
// card naming its kind and size and showing its state (new, in progress, solved, revealed, each
// with its own symbol and border) and the help it took, linking to its board. A filter by kind
// and tier is kept in the address (#kind=…&tier=…), so a reload or a bookmark keeps it. A pack
// may mix kinds; the rules of each kind present head it, and a box takes a pasted puzzle.
import { helpNote, type PlayRecord, type Status } from '../../src/play/record.js';
import { TIERS } from '../../src/rank/tiers.js';
import type { PagePuzzle, WebKind } from './kind.js';
import { KINDS, kindOf } from './kinds.js';
import { pasteBoxHtml, wirePasteBox } from './paste.js';
import { load, savedStatus } from './store.js';
import { app, leave, pack, rememberIndex } from './state.js';
import { esc, hashId, numberOf, titleCase } from './text.js';
import { stopTimer } from './timer.js';

/** A symbol per status, so the index does not tell them apart by colour alone. */
const SYMBOL: Record<Status, string> = { solved: '✓', revealed: '◉', 'in progress': '…', new: '○' };

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

/** The index's filter: a kind's name and a tier, or null for all. */
export interface IndexFilter {
  kind: string | null;
  tier: string | null;
}

/** The filter an address's hash holds ("#kind=sudomino&tier=hard"); anything unknown reads as all. */
export function filterOf(hash: string): IndexFilter {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const kind = q.get('kind');
  const tier = q.get('tier');
  return {
    kind: kind !== null && KINDS.some((k) => k.name === kind) ? kind : null,
    tier: tier !== null && pack.puzzles.some((p) => p.tier === tier) ? tier : null,
  };
}

/** The hash of a filter ('#' for all). */
export function filterHash(f: IndexFilter): string {
  const q = new URLSearchParams();
  if (f.kind) q.set('kind', f.kind);
  if (f.tier) q.set('tier', f.tier);
  const s = q.toString();
  return s ? `#${s}` : '#';
}

/** A row of filter links, the current one marked. */
function filterRow(
  label: string,
  options: [string | null, string][],
  current: string | null,
  at: (v: string | null) => string,
): string {
  const links = options.map(
    ([v, text]) =>
      `<a href="${esc(at(v))}"${v === current ? ' aria-current="true"' : ''} data-filter="${esc(v ?? '')}">${esc(text)}</a>`,
  );
  return `<p class="filter" role="group" aria-label="${esc(label)}"><span class="filter-label">${esc(label)}</span>${links.join('')}</p>`;
}

/** A puzzle's card: its number and id, its kind and size, its state and the help it took. */
function cardHtml(p: PagePuzzle): string {
  const { record: saved, status } = savedOf(p);
  const note = saved ? helpNote(saved) : '';
  const [title, size] = kindOf(p).groupHead(p);
  return (
    `<li><a class="pick ${status.replace(' ', '-')}" href="${hashId(p)}" data-puzzle="${esc(String(p.id))}" data-number="${numberOf(p)}">` +
    `<span class="num">${numberOf(p)}</span><small class="dbid">#${esc(String(p.id))}</small>` +
    `<span class="size">${esc(title)} <small>${esc(size)}</small></span>` +
    `<span class="state"><span class="sym" aria-hidden="true">${SYMBOL[status]}</span> <span class="status">${status}</span>` +
    `${note ? `<small class="note">${esc(note)}</small>` : ''}</span></a></li>`
  );
}

export function showIndex(): void {
  stopTimer();
  leave();
  if (!location.hash.startsWith('#paste=')) rememberIndex(location.hash || '#');
  document.title = pack.name;
  const filter = filterOf(location.hash);
  const tiers = [...new Set(pack.puzzles.map((p) => p.tier))].sort((a, b) => tierRank(a) - tierRank(b));
  // The kinds the pack holds, in the page's order (an empty pack: the first kind's rules).
  const held = KINDS.filter((k) => pack.puzzles.some((p) => kindOf(p) === k));
  const kinds: readonly WebKind[] = held.length > 0 ? held : KINDS.slice(0, 1);
  const parts: string[] = [
    `<header class="top"><h1>${esc(pack.name)}</h1><p class="sub">${kinds.map((k) => k.title).join(' and ')} · ${pack.puzzles.length} puzzle${pack.puzzles.length === 1 ? '' : 's'}</p></header>`,
  ];
  for (const k of kinds)
    parts.push(`<p class="rules">${kinds.length > 1 ? `<b>${k.title}:</b> ` : ''}${k.rulesHtml(pack)}</p>`);
  parts.push('<nav class="filters">');
  if (kinds.length > 1)
    parts.push(
      filterRow('Kind', [[null, 'All'], ...kinds.map((k): [string, string] => [k.name, k.title])], filter.kind, (v) =>
        filterHash({ ...filter, kind: v }),
      ),
    );
  if (tiers.length > 1)
    parts.push(
      filterRow('Tier', [[null, 'All'], ...tiers.map((t): [string, string] => [t, titleCase(t)])], filter.tier, (v) =>
        filterHash({ ...filter, tier: v }),
      ),
    );
  parts.push('</nav>');
  const shown = pack.puzzles.filter(
    (p) => (filter.kind === null || kindOf(p).name === filter.kind) && (filter.tier === null || p.tier === filter.tier),
  );
  for (const tier of tiers) {
    const list = shown.filter((p) => p.tier === tier).sort((a, b) => numberOf(a) - numberOf(b));
    if (list.length === 0) continue;
    const statuses = list.map((p) => savedOf(p).status);
    const solved = statuses.filter((s) => s === 'solved').length;
    const revealed = statuses.filter((s) => s === 'revealed').length;
    parts.push(
      `<section class="tier" data-tier="${esc(tier)}"><h2>${esc(titleCase(tier))} <span class="count">${solved} / ${list.length} solved${revealed > 0 ? `, ${revealed} revealed` : ''}</span></h2>` +
        `<ul class="puzzles">${list.map(cardHtml).join('')}</ul></section>`,
    );
  }
  if (shown.length === 0 && pack.puzzles.length > 0)
    parts.push('<p class="empty">No puzzle of this kind and tier.</p>');
  parts.push(pasteBoxHtml());
  app.innerHTML = parts.join('');
  wirePasteBox();
  window.scrollTo(0, 0);
}
