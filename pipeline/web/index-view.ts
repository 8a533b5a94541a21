// The index: the pack's puzzles by tier, then kind and size, numbered 1..N, each with its status
// (solved, revealed, in progress, new, each with its own symbol) and the help it took, linking
// to its board. A pack may mix Dominosa and Sudomino; the rules of each kind present head it.
import { isSudominoWeb } from '../../src/sudomino/play/pack.js';
import { helpNote, type PlayRecord, type Status } from '../../src/play/record.js';
import { TIERS } from '../../src/rank/tiers.js';
import { load, loadSudomino, savedStatus, sudominoSavedStatus } from './store.js';
import { app, live, pack, type AnyWebPuzzle } from './state.js';
import { esc, hashId, numberOf, sizeText, titleCase } from './text.js';
import { stopTimer } from './timer.js';

/** A symbol per status, so the index does not tell them apart by colour alone. */
const SYMBOL: Record<Status, string> = { solved: '✓', revealed: '◉', 'in progress': '…', new: '' };

function tierRank(t: string): number {
  const i = (TIERS as readonly string[]).indexOf(t);
  return i < 0 ? TIERS.length : i;
}

/** A puzzle's saved record and its word on the index, whatever its kind. */
function savedOf(p: AnyWebPuzzle): { record: PlayRecord | null; status: Status } {
  if (isSudominoWeb(p)) {
    const s = loadSudomino(pack.checksum, p.id);
    return { record: s, status: sudominoSavedStatus(s) };
  }
  const s = load(pack.checksum, p.id);
  return { record: s, status: savedStatus(s) };
}

/** The heading of a group of puzzles of one kind and size, and its size in small print. */
function groupHead(p: AnyWebPuzzle): [string, string] {
  return isSudominoWeb(p) ? [sizeText(p), p.shape] : [`M = ${p.m}`, `${p.m + 1} × ${p.m + 2}`];
}

export function showIndex(): void {
  stopTimer();
  live.current = null;
  live.sudomino = null;
  document.title = pack.name;
  const tiers = [...new Set(pack.puzzles.map((p) => p.tier))].sort((a, b) => tierRank(a) - tierRank(b));
  const sudomino = pack.puzzles.some(isSudominoWeb);
  const dominosa = pack.puzzles.some((p) => !isSudominoWeb(p));
  const kinds = [dominosa ? 'Dominosa' : '', sudomino ? 'Sudomino' : ''].filter(Boolean).join(' and ') || 'Dominosa';
  const parts: string[] = [
    `<header class="top"><h1>${esc(pack.name)}</h1><p class="sub">${kinds} · ${pack.puzzles.length} puzzle${pack.puzzles.length === 1 ? '' : 's'}</p></header>`,
  ];
  if (dominosa || !sudomino) {
    parts.push(
      `<p class="rules">${sudomino ? '<b>Dominosa:</b> ' : ''}Each grid hides a complete set of dominoes, one of every pair from ${pack.faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : pack.faces === 'pips' ? 'blank-blank up' : '0-0 to M-M'}. ` +
        'Lay dominoes (two neighbouring cells each) so that every pair appears exactly once.</p>',
    );
  }
  if (sudomino) {
    parts.push(
      `<p class="rules">${dominosa ? '<b>Sudomino:</b> ' : ''}Give every domino a number from 1 to N, the same on both its cells, ` +
        'so that no two different dominoes of a row or a column hold the same number. Bold numbers are given.</p>',
    );
  }
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
