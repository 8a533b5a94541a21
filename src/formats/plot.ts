// The node-count distribution `dominosa tune` shows: log-scale histogram bins, drawn as text bars
// for the terminal and as a self-contained SVG chart with the current and proposed cut-offs.
import type { Thresholds } from '../rank/tiers.js';
import { escapeXml } from './svg.js';

/** Whole node counts lo..hi (both included) and how many boards took one of them. */
export interface Bin {
  lo: number;
  hi: number;
  count: number;
}

/**
 * Bins for ascending whole numbers ≥ 0, at most `maxBins` of them: one per value while the range
 * is that narrow, else widths growing geometrically (equal steps of log(v + 1)), rounded to whole
 * numbers, so small counts keep their own bins and the long tail shares a few.
 */
export function logBins(sorted: readonly number[], maxBins = 16): Bin[] {
  if (sorted.length === 0) return [];
  if (!Number.isInteger(maxBins) || maxBins < 1) throw new RangeError(`maxBins must be a whole number ≥ 1 (got ${maxBins})`);
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  const starts: number[] = [];
  if (hi - lo + 1 <= maxBins) {
    for (let v = lo; v <= hi; v++) starts.push(v);
  } else {
    const a = lo + 1;
    const ratio = (hi + 2) / a;
    for (let k = 0; k < maxBins; k++) {
      const s = Math.round(a * ratio ** (k / maxBins)) - 1;
      const prev = starts.length ? starts[starts.length - 1] : -1;
      const start = Math.max(s, prev + 1);
      if (start > hi) break;
      starts.push(start);
    }
  }
  const bins = starts.map((s, i) => ({ lo: s, hi: i + 1 < starts.length ? starts[i + 1] - 1 : hi, count: 0 }));
  let b = 0;
  for (const v of sorted) {
    while (v > bins[b].hi) b++;
    bins[b].count++;
  }
  return bins;
}

export interface Mark {
  /** A cut t: boards with ≤ t nodes lie below it. */
  value: number;
  label: string;
}

/** Text bars, one line per bin, with the labels of the cuts that fall in it; ends in a newline. */
export function histogramText(bins: readonly Bin[], opts: { width?: number; marks?: readonly Mark[] } = {}): string {
  const width = opts.width ?? 40;
  const marks = opts.marks ?? [];
  const max = Math.max(1, ...bins.map((b) => b.count));
  const ranges = bins.map((b) => (b.lo === b.hi ? String(b.lo) : `${b.lo}..${b.hi}`));
  const rw = Math.max(0, ...ranges.map((r) => r.length));
  const cw = Math.max(0, ...bins.map((b) => String(b.count).length));
  const lines = bins.map((b, i) => {
    const len = b.count === 0 ? 0 : Math.max(1, Math.round((b.count / max) * width));
    const here = marks.filter((m) => m.value >= b.lo && m.value <= b.hi).map((m) => m.label);
    const tail = here.length ? `  <- ${here.join(', ')}` : '';
    return `  ${ranges[i].padStart(rw)} |${'#'.repeat(len).padEnd(width)} ${String(b.count).padStart(cw)}${tail}`;
  });
  return `${lines.join('\n')}\n`;
}

export interface TunePlot {
  title: string;
  bins: readonly Bin[];
  current: Thresholds | null;
  proposed: Thresholds;
}

const W = 720;
const H = 380;
const M = { left: 60, right: 24, top: 70, bottom: 52 };
const CURRENT = '#1f5fbf';
const PROPOSED = '#c0392b';

function num(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** 1, 2 or 5 times a power of ten: the smallest such step of at least `raw`. */
function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  for (const f of [1, 2, 5, 10]) if (f * p >= raw) return Math.max(1, f * p);
  return 10 * p;
}

/**
 * The histogram as an SVG chart: bars over a log(nodes + 1) axis, the current cut-offs dashed
 * blue, the proposed ones solid red, each labelled. A cut t is drawn between t and t + 1 nodes.
 */
export function tunePlotSvg(plot: TunePlot): string {
  const { bins } = plot;
  const u = (v: number): number => Math.log(v + 1);
  const cuts = [plot.current, plot.proposed].flatMap((t) => (t ? [t.t1, t.t2, t.t3] : []));
  const lo = Math.min(bins.length ? bins[0].lo : 0, ...cuts.map((t) => t + 1));
  const hi = Math.max(bins.length ? bins[bins.length - 1].hi + 1 : 1, ...cuts.map((t) => t + 1), lo + 1);
  const u0 = u(lo);
  const span = u(hi) - u0 || 1;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const X = (v: number): number => M.left + ((u(v) - u0) / span) * pw;
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const step = niceStep(maxCount / 4);
  const yMax = Math.ceil(maxCount / step) * step;
  const Y = (c: number): number => M.top + ph - (c / yMax) * ph;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" role="img">`);
  out.push(`<title>${escapeXml(plot.title)}</title>`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${M.left}" y="24" font-size="15" font-weight="bold" fill="#111">${escapeXml(plot.title)}</text>`);
  // Legend.
  const lx = W - M.right - 250;
  out.push(
    `<g font-size="12" fill="#333"><line x1="${lx}" y1="44" x2="${lx + 28}" y2="44" stroke="${CURRENT}" stroke-width="2" stroke-dasharray="6 4"/>` +
      `<text x="${lx + 34}" y="48">current cut-offs</text>` +
      `<line x1="${lx + 140}" y1="44" x2="${lx + 168}" y2="44" stroke="${PROPOSED}" stroke-width="2"/>` +
      `<text x="${lx + 174}" y="48">proposed</text></g>`,
  );
  // Grid lines and y ticks.
  const grid: string[] = [];
  for (let c = 0; c <= yMax; c += step) {
    grid.push(`<line x1="${M.left}" y1="${num(Y(c))}" x2="${W - M.right}" y2="${num(Y(c))}" stroke="#e3e3e3"/>`);
    grid.push(`<text x="${M.left - 6}" y="${num(Y(c) + 4)}" text-anchor="end">${c}</text>`);
  }
  out.push(`<g font-size="11" fill="#444">${grid.join('')}</g>`);
  // Bars.
  const bars = bins
    .filter((b) => b.count > 0)
    .map((b) => {
      const x1 = X(b.lo);
      const x2 = X(b.hi + 1);
      return `<rect x="${num(x1 + 0.5)}" y="${num(Y(b.count))}" width="${num(Math.max(1, x2 - x1 - 1))}" height="${num(Y(0) - Y(b.count))}"/>`;
    });
  out.push(`<g fill="#9fb3c8" stroke="#6f86a0" stroke-width="0.5">${bars.join('')}</g>`);
  // X axis with ticks at 1, 2, 5 × powers of ten (and 0), centred on their value's slot.
  const ticks: string[] = [];
  for (let p = 1; p <= hi * 10; p *= 10) {
    for (const f of [1, 2, 5]) {
      const v = f * p;
      if (v >= lo && v < hi) ticks.push(`${v}`);
    }
  }
  if (lo === 0) ticks.unshift('0');
  const axis: string[] = [`<line x1="${M.left}" y1="${num(Y(0))}" x2="${W - M.right}" y2="${num(Y(0))}" stroke="#333"/>`];
  for (const t of ticks) {
    const v = Number(t);
    const x = (X(v) + X(v + 1)) / 2;
    axis.push(`<line x1="${num(x)}" y1="${num(Y(0))}" x2="${num(x)}" y2="${num(Y(0) + 5)}" stroke="#333"/>`);
    axis.push(`<text x="${num(x)}" y="${num(Y(0) + 18)}" text-anchor="middle">${t}</text>`);
  }
  axis.push(`<text x="${M.left + pw / 2}" y="${H - 10}" text-anchor="middle" fill="#333">reference nodes (log scale)</text>`);
  axis.push(`<text transform="rotate(-90 16 ${M.top + ph / 2})" x="16" y="${M.top + ph / 2}" text-anchor="middle" fill="#333">base puzzles</text>`);
  out.push(`<g font-size="11" fill="#444">${axis.join('')}</g>`);
  // Cut-offs: a line between t and t + 1 nodes, labelled along it (current left, proposed right).
  // Labels at two heights, current above, so they never collide when cuts nearly coincide.
  const cutLines = (th: Thresholds, colour: string, dashed: boolean, side: -1 | 1): string => {
    const parts: string[] = [];
    (['t1', 't2', 't3'] as const).forEach((k) => {
      const x = X(th[k] + 1);
      parts.push(
        `<line x1="${num(x)}" y1="${M.top - 6}" x2="${num(x)}" y2="${num(Y(0))}" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      );
      const tx = side < 0 ? x - 4 : x + 13;
      const ty = side < 0 ? M.top : M.top + 70;
      parts.push(
        `<text transform="rotate(-90 ${num(tx)} ${ty})" x="${num(tx)}" y="${ty}" text-anchor="end" fill="${colour}">${k} ≤ ${th[k]}</text>`,
      );
    });
    return `<g font-size="11">${parts.join('')}</g>`;
  };
  // Proposed first, so a current cut at the same place shows as blue dashes over the red line.
  out.push(cutLines(plot.proposed, PROPOSED, false, 1));
  if (plot.current) out.push(cutLines(plot.current, CURRENT, true, -1));
  out.push('</svg>');
  return out.join('\n');
}
