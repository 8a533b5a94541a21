// A Sudomino board as SVG text, drawn as a printed Sudomino page is: thin cell lines, thick domino
// outlines, blocked cells dark, givens bold; plus what play adds: the player's values and pencil
// marks, the selection, clashes, a hint's highlights and values to enter, shown mistakes. Every
// warning and highlight has its own pattern or symbol besides its colour.
import type { Game } from '../../../src/sudomino/play/game.js';
import { foundRing } from '../find.js';
import { CELL, PAD } from '../geometry.js';

export interface BoardView {
  game: Game;
  /** The cell the selection stands on; its domino is the one selected (-1: none). */
  cursor: number;
  /** Cells in a clash (two dominoes of a line with one value). */
  clashes: ReadonlySet<number>;
  /** A hint's dominoes and lines (rows first, then columns), and the values it enters. */
  hintDominoes: ReadonlySet<number>;
  hintLines: readonly number[];
  ghosts: readonly [number, number][];
  /** Shown mistakes, by domino. */
  wrong: ReadonlySet<number>;
  /** The number whose cells are ringed, -1 or absent: none. */
  found?: number;
}

const n = (x: number): string => String(Math.round(x * 100) / 100);

// Hatching for a clash or a shown mistake, dots for a hint's dominoes; ids prefixed as the page holds other SVG.
const DEFS =
  '<defs>' +
  `<pattern id="sw-hatch" patternUnits="userSpaceOnUse" width="7" height="7" patternTransform="rotate(45)"><rect class="hatch" width="2.2" height="7"/></pattern>` +
  `<pattern id="sw-dots" patternUnits="userSpaceOnUse" width="8" height="8"><rect class="dot" x="2.4" y="2.4" width="3.2" height="3.2" rx="1.6"/></pattern>` +
  '</defs>';

/** The thin lines between cells, and the thick ones between cells of different dominoes (or a domino and a blocked cell). */
function lines(game: Game): { thin: string; thick: string } {
  const { rows, cols, domino } = game.board;
  let thin = '';
  let thick = '';
  const x = (c: number): string => n(PAD + c * CELL);
  const y = (r: number): string => n(PAD + r * CELL);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = domino[r * cols + c];
      if (c + 1 < cols) {
        const b = domino[r * cols + c + 1];
        const seg = `M${x(c + 1)} ${y(r)}V${y(r + 1)}`;
        if (a !== b) thick += seg;
        else if (a >= 0) thin += seg;
      }
      if (r + 1 < rows) {
        const b = domino[(r + 1) * cols + c];
        const seg = `M${x(c)} ${y(r + 1)}H${x(c + 1)}`;
        if (a !== b) thick += seg;
        else if (a >= 0) thin += seg;
      }
    }
  }
  return { thin, thick };
}

/** Pencil marks as small numbers in a grid within a cell, each value in its own place. */
function marksText(cx: number, cy: number, marks: number, values: number): string {
  const across = Math.ceil(Math.sqrt(values));
  const down = Math.ceil(values / across);
  const step = (CELL * 0.8) / across;
  const fs = Math.min(step * 0.85, (CELL * 0.8) / down);
  const out: string[] = [];
  for (let v = 1; v <= values; v++) {
    if ((marks & (1 << (v - 1))) === 0) continue;
    const i = v - 1;
    const tx = cx + CELL * 0.1 + ((i % across) + 0.5) * step;
    const ty = cy + CELL * 0.1 + (Math.floor(i / across) + 0.5) * ((CELL * 0.8) / down) + fs * 0.35;
    out.push(`<text class="pencil" x="${n(tx)}" y="${n(ty)}" font-size="${n(fs)}">${v}</text>`);
  }
  return out.join('');
}

export function boardSvg(v: BoardView, title: string): string {
  const g = v.game;
  const { rows, cols, domino, values } = g.board;
  const w = cols * CELL + 2 * PAD;
  const h = rows * CELL + 2 * PAD;
  const selected = v.cursor >= 0 ? domino[v.cursor] : -1;
  const ghost = new Map(v.ghosts);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}" role="img" aria-label="${title}">`,
    DEFS,
    `<rect class="paper" width="${n(w)}" height="${n(h)}"/>`,
  ];
  for (const l of v.hintLines) {
    const at =
      l < rows
        ? `x="${n(PAD)}" y="${n(PAD + l * CELL)}" width="${cols * CELL}" height="${CELL}"`
        : `x="${n(PAD + (l - rows) * CELL)}" y="${n(PAD)}" width="${CELL}" height="${rows * CELL}"`;
    out.push(`<rect class="hint-line" data-hint-line="${l}" ${at}/>`);
  }
  const texts: string[] = [];
  const fs = CELL * (values >= 10 ? 0.46 : 0.58);
  for (let c = 0; c < rows * cols; c++) {
    const d = domino[c];
    const x = PAD + (c % cols) * CELL;
    const y = PAD + Math.floor(c / cols) * CELL;
    const at = `x="${n(x)}" y="${n(y)}" width="${CELL}" height="${CELL}"`;
    if (d < 0) {
      out.push(`<rect class="cell blocked" data-cell="${c}" ${at}/>`);
      continue;
    }
    const cls = ['cell'];
    if (d === selected) cls.push('selected');
    if (v.hintDominoes.has(d)) cls.push('hinted');
    if (v.clashes.has(c)) cls.push('clash');
    if (v.wrong.has(d)) cls.push('wrong');
    out.push(`<rect class="${cls.join(' ')}" data-cell="${c}" ${at}/>`);
    if (v.hintDominoes.has(d)) out.push(`<rect class="over dots" ${at} fill="url(#sw-dots)"/>`);
    if (v.clashes.has(c) || v.wrong.has(d))
      out.push(
        `<rect class="over hatched" data-${v.clashes.has(c) ? 'clash' : 'wrong'}="${c}" ${at} fill="url(#sw-hatch)"/>`,
      );
    const value = g.valueOf(d);
    if (value !== 0 && value === v.found) texts.push(foundRing(c, cols));
    const tx = n(x + CELL / 2);
    const ty = n(y + CELL / 2 + fs * 0.35);
    if (value !== 0) {
      const kind = g.isGiven(d) ? 'given' : v.clashes.has(c) ? 'entered clash' : 'entered';
      texts.push(`<text class="${kind}" data-value="${c}" x="${tx}" y="${ty}" font-size="${n(fs)}">${value}</text>`);
    } else if (ghost.has(d)) {
      texts.push(
        `<text class="ghost-value" data-ghost="${c}" x="${tx}" y="${ty}" font-size="${n(fs)}">${ghost.get(d)}</text>`,
      );
    } else if (g.marksOf(d) !== 0) {
      texts.push(marksText(x, y, g.marksOf(d), values));
    }
  }
  const { thin, thick } = lines(g);
  out.push(`<path class="grid" d="${thin}" stroke-width="${n(CELL * 0.025)}"/>`);
  out.push(`<path class="outline" d="${thick}" stroke-width="${n(CELL * 0.08)}" stroke-linecap="square"/>`);
  out.push(
    `<rect class="frame" x="${n(PAD)}" y="${n(PAD)}" width="${cols * CELL}" height="${rows * CELL}" stroke-width="${n(CELL * 0.08)}"/>`,
  );
  if (selected >= 0) {
    const [a, b] = [g.board.cells[2 * selected], g.board.cells[2 * selected + 1]];
    const across = b === a + 1;
    out.push(
      `<rect class="cursor" data-selected="${selected}" x="${n(PAD + (a % cols) * CELL + 4)}" y="${n(PAD + Math.floor(a / cols) * CELL + 4)}" width="${n((across ? 2 : 1) * CELL - 8)}" height="${n((across ? 1 : 2) * CELL - 8)}" rx="5" stroke-width="3"/>`,
    );
  }
  out.push(`<g class="numbers" text-anchor="middle">${texts.join('')}</g>`, '</svg>');
  return out.join('');
}
