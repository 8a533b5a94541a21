// The web pack's board as SVG text, in the booklet's drawing style (numbers over light grid
// lines, dominoes as rounded tiles with a divider) plus what play adds: boundary marks, the
// selection and cursor, warnings, and a hint's highlights. Colours come from the page's CSS;
// every warning and highlight also has its own pattern or symbol, so none needs colour to read.
import { faceDigits, faceText, PIP, pipCentres, type Faces } from '../../../src/formats/faces.js';
import { numberFontSize, TILE } from '../../../src/formats/svg.js';
import type { Game } from '../../../src/dominosa/play/game.js';
import { cellsOf } from '../../../src/dominosa/play/geometry.js';
import { foundRing } from '../find.js';
import { CELL, PAD } from '../geometry.js';

export interface BoardView {
  game: Game;
  /** The cell picked as a domino's first half, the keyboard cursor (-1: none). */
  selected: number;
  cursor: number;
  hintCells: ReadonlySet<number>;
  /** A hint's dominoes to lay (a hint adds no marks: the player's boundaries are the player's own). */
  ghosts: readonly number[];
  /** Shown mistakes. */
  wrong: ReadonlySet<number>;
  /** How numbers are shown (the pack's choice; default digits 0..M). */
  faces?: Faces;
  /** The number whose cells are ringed, -1: none. */
  found?: number;
}

const n = (x: number): string => String(Math.round(x * 100) / 100);

// Fills that read without colour: stripes for a shown mistake, cross-hatch for a cell nothing
// can cover, dots for a hint's cells. Ids carry a prefix, the board being one SVG among the page's.
const DEFS =
  '<defs>' +
  `<pattern id="dw-hatch" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(45)"><rect class="hatch" width="2.2" height="7"/></pattern>` +
  `<pattern id="dw-cross" patternUnits="userSpaceOnUse" width="8" height="8"><path class="cross" d="M0 0L8 8M8 0L0 8" stroke-width="1.2"/></pattern>` +
  `<pattern id="dw-dots" patternUnits="userSpaceOnUse" width="8" height="8"><rect class="dot" x="2.4" y="2.4" width="3.2" height="3.2" rx="1.6"/></pattern>` +
  '</defs>';

/** A round badge with a cross, the mark of a shown mistake, centred at (x, y). */
function wrongBadge(x: number, y: number, data: string): string {
  const r = CELL * 0.17;
  const a = r * 0.5;
  return `<g class="badge wrong" ${data}><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/><path d="M${n(x - a)} ${n(y - a)}L${n(x + a)} ${n(y + a)}M${n(x + a)} ${n(y - a)}L${n(x - a)} ${n(y + a)}" stroke-width="${n(CELL * 0.05)}"/></g>`;
}

/** A tag saying how often a pair is laid ("2×"), centred at (x, y): on the divider, between the numbers. */
function dupBadge(x: number, y: number, times: number, p: number): string {
  const w = CELL * 0.42;
  const h = CELL * 0.26;
  return `<g class="badge dup" data-dup-badge="${p}"><rect x="${n(x - w / 2)}" y="${n(y - h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 3)}"/><text x="${n(x)}" y="${n(y + h * 0.28)}" font-size="${n(h * 0.8)}" text-anchor="middle">${times}×</text></g>`;
}

/** The rectangle of a tile on placement p, inset from its cells. */
function tileRect(
  cols: number,
  p: number,
  inset: number,
): { x: number; y: number; w: number; h: number; across: boolean } {
  const [a] = cellsOf({ rows: 0, cols }, p);
  const across = (p & 1) === 0;
  return {
    x: PAD + (a % cols) * CELL + inset,
    y: PAD + Math.floor(a / cols) * CELL + inset,
    w: (across ? 2 : 1) * CELL - 2 * inset,
    h: (across ? 1 : 2) * CELL - 2 * inset,
    across,
  };
}

/** The boundary line of placement p, shortened to `frac` of a cell. */
function boundary(cols: number, p: number, frac: number): string {
  const a = p >> 1;
  const x = PAD + (a % cols) * CELL;
  const y = PAD + Math.floor(a / cols) * CELL;
  const off = ((1 - frac) / 2) * CELL;
  return (p & 1) === 0
    ? `x1="${n(x + CELL)}" y1="${n(y + off)}" x2="${n(x + CELL)}" y2="${n(y + CELL - off)}"`
    : `x1="${n(x + off)}" y1="${n(y + CELL)}" x2="${n(x + CELL - off)}" y2="${n(y + CELL)}"`;
}

export function boardSvg(v: BoardView, title: string): string {
  const g = v.game;
  const { rows, cols, m, values } = g.board;
  const w = cols * CELL + 2 * PAD;
  const h = rows * CELL + 2 * PAD;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}" role="img" aria-label="${title}">`,
    DEFS,
    `<rect class="paper" width="${n(w)}" height="${n(h)}"/>`,
  ];
  const badges: string[] = [];
  const uncoverable = new Set(g.uncoverable());
  for (let c = 0; c < rows * cols; c++) {
    const cls = ['cell'];
    if (v.hintCells.has(c)) cls.push('hinted');
    if (uncoverable.has(c)) cls.push('stuck');
    if (c === v.selected) cls.push('selected');
    const at = `x="${n(PAD + (c % cols) * CELL)}" y="${n(PAD + Math.floor(c / cols) * CELL)}" width="${CELL}" height="${CELL}"`;
    out.push(`<rect class="${cls.join(' ')}" data-cell="${c}" ${at}/>`);
    if (v.hintCells.has(c)) out.push(`<rect class="over dots" ${at} fill="url(#dw-dots)"/>`);
    if (uncoverable.has(c)) out.push(`<rect class="over cross" ${at} fill="url(#dw-cross)"/>`);
  }
  let lines = '';
  for (let r = 1; r < rows; r++) lines += `M${n(PAD)} ${n(PAD + r * CELL)}H${n(PAD + cols * CELL)}`;
  for (let c = 1; c < cols; c++) lines += `M${n(PAD + c * CELL)} ${n(PAD)}V${n(PAD + rows * CELL)}`;
  out.push(`<path class="grid" d="${lines}" stroke-width="${n(CELL * 0.03)}"/>`);
  out.push(
    `<rect class="frame" x="${n(PAD)}" y="${n(PAD)}" width="${cols * CELL}" height="${rows * CELL}" stroke-width="${n(CELL * 0.06)}"/>`,
  );

  const pos = g.position();
  const dup = new Set(g.duplicates());
  const tally = dup.size > 0 ? g.tally() : null;
  const inset = CELL * TILE.inset;
  let dividers = '';
  for (const p of pos.laid) {
    const t = tileRect(cols, p, inset);
    const cls = ['domino'];
    if (dup.has(p)) cls.push('dup');
    if (v.wrong.has(p)) cls.push('wrong');
    out.push(
      `<rect class="${cls.join(' ')}" data-domino="${p}" x="${n(t.x)}" y="${n(t.y)}" width="${n(t.w)}" height="${n(t.h)}" rx="${n(CELL * TILE.radius)}" stroke-width="${n(CELL * TILE.stroke)}"/>`,
    );
    const box = `x="${n(t.x)}" y="${n(t.y)}" width="${n(t.w)}" height="${n(t.h)}" rx="${n(CELL * TILE.radius)}"`;
    if (v.wrong.has(p)) {
      out.push(`<rect class="over hatched" ${box} fill="url(#dw-hatch)"/>`);
      badges.push(wrongBadge(t.x + t.w - CELL * 0.12, t.y + CELL * 0.12, `data-wrong-badge="${p}"`));
    }
    if (tally && dup.has(p)) badges.push(dupBadge(t.x + t.w / 2, t.y + t.h / 2, tally[g.pairOf(p)], p));
    const e = CELL * TILE.dividerEnd;
    dividers += t.across
      ? `M${n(t.x + t.w / 2)} ${n(t.y + e)}V${n(t.y + t.h - e)}`
      : `M${n(t.x + e)} ${n(t.y + t.h / 2)}H${n(t.x + t.w - e)}`;
  }
  if (dividers) out.push(`<path class="divider" d="${dividers}" stroke-width="${n(CELL * TILE.divider)}"/>`);
  for (const p of v.ghosts) {
    const t = tileRect(cols, p, inset);
    out.push(
      `<rect class="ghost" data-ghost="${p}" x="${n(t.x)}" y="${n(t.y)}" width="${n(t.w)}" height="${n(t.h)}" rx="${n(CELL * TILE.radius)}" stroke-width="${n(CELL * 0.06)}"/>`,
    );
  }
  for (const p of pos.marks) {
    out.push(
      `<line class="mark${v.wrong.has(p) ? ' wrong' : ''}" data-mark="${p}" ${boundary(cols, p, 0.7)} stroke-width="${n(CELL * 0.1)}"/>`,
    );
    if (v.wrong.has(p)) {
      const a = p >> 1;
      const across = (p & 1) === 0;
      badges.push(
        wrongBadge(
          PAD + ((a % cols) + (across ? 1 : 0.5)) * CELL,
          PAD + (Math.floor(a / cols) + (across ? 0.5 : 1)) * CELL,
          `data-wrong-badge="m${p}"`,
        ),
      );
    }
  }
  if (v.found !== undefined && v.found >= 0)
    for (let c = 0; c < rows * cols; c++) if (values[c] === v.found) out.push(foundRing(c, cols));
  if (v.cursor >= 0) {
    const c = v.cursor;
    out.push(
      `<rect class="cursor" x="${n(PAD + (c % cols) * CELL + 3)}" y="${n(PAD + Math.floor(c / cols) * CELL + 3)}" width="${CELL - 6}" height="${CELL - 6}" rx="4" stroke-width="3"/>`,
    );
  }
  const faces = v.faces ?? 'digits';
  if (faces === 'pips') {
    const dots: string[] = [];
    for (let c = 0; c < rows * cols; c++) {
      const cls = uncoverable.has(c) ? ' class="stuck"' : '';
      for (const [x, y] of pipCentres(values[c]))
        dots.push(
          `<circle${cls} cx="${n(PAD + ((c % cols) + x) * CELL)}" cy="${n(PAD + (Math.floor(c / cols) + y) * CELL)}" r="${n(PIP.radius * CELL)}"/>`,
        );
    }
    out.push(`<g class="numbers pips">${dots.join('')}</g>`, ...badges, '</svg>');
    return out.join('');
  }
  const fs = numberFontSize(CELL, faceDigits(m, faces));
  const lift = fs * 0.35;
  const texts: string[] = [];
  for (let c = 0; c < rows * cols; c++) {
    const cls = uncoverable.has(c) ? ' class="stuck"' : '';
    texts.push(
      `<text${cls} x="${n(PAD + ((c % cols) + 0.5) * CELL)}" y="${n(PAD + (Math.floor(c / cols) + 0.5) * CELL + lift)}">${faceText(values[c], faces)}</text>`,
    );
  }
  out.push(`<g class="numbers" font-size="${n(fs)}" text-anchor="middle">${texts.join('')}</g>`, ...badges, '</svg>');
  return out.join('');
}
