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
  if (!Number.isInteger(maxBins) || maxBins < 1)
    throw new RangeError(`maxBins must be a whole number ≥ 1 (got ${maxBins})`);
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
  /** What the values are, for the x axis (default "reference nodes"). */
  axis?: string;
}

const W = 720;
const H = 400;
const M = { left: 60, right: 24, top: 96, bottom: 52 };
const CURRENT = '#1f5fbf';
const PROPOSED = '#c0392b';
/** Baselines of the two label rows above the plot: current cuts, then proposed ones. */
const LABEL_ROWS = { current: 68, proposed: 86 };
const LABEL_CHAR_W = 6.3;

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
 * Centres for labels of the given widths wanted at xs (in any order), moved apart as little as
 * needed so that no two overlap and all stay within [lo, hi]: a sweep right, then one left.
 */
export function spreadLabels(
  xs: readonly number[],
  widths: readonly number[],
  lo: number,
  hi: number,
  gap = 6,
): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b] || a - b);
  const out = [...xs];
  let edge = lo;
  for (const i of order) {
    out[i] = Math.max(out[i], edge + widths[i] / 2);
    edge = out[i] + widths[i] / 2 + gap;
  }
  edge = hi;
  for (const i of [...order].reverse()) {
    out[i] = Math.min(out[i], edge - widths[i] / 2);
    edge = out[i] - widths[i] / 2 - gap;
  }
  return out;
}

/** A log(v + 1) axis over values lo..hi (hi exclusive), mapped onto [x0, x0 + width]. */
function logAxis(lo: number, hi: number, x0: number, width: number): (v: number) => number {
  const u = (v: number): number => Math.log(v + 1);
  const u0 = u(lo);
  const span = u(hi) - u0 || 1;
  return (v) => x0 + ((u(v) - u0) / span) * width;
}

/** The x axis: ticks at 1, 2, 5 × powers of ten (and 0) centred on their value's slot, and its name. */
function xAxis(X: (v: number) => number, lo: number, hi: number, y0: number, name: string): string {
  const ticks: number[] = [];
  for (let p = 1; p <= hi * 10; p *= 10) for (const f of [1, 2, 5]) if (f * p >= lo && f * p < hi) ticks.push(f * p);
  if (lo === 0) ticks.unshift(0);
  const axis: string[] = [`<line x1="${M.left}" y1="${num(y0)}" x2="${W - M.right}" y2="${num(y0)}" stroke="#333"/>`];
  for (const v of ticks) {
    const x = (X(v) + X(v + 1)) / 2;
    axis.push(`<line x1="${num(x)}" y1="${num(y0)}" x2="${num(x)}" y2="${num(y0 + 5)}" stroke="#333"/>`);
    axis.push(`<text x="${num(x)}" y="${num(y0 + 18)}" text-anchor="middle">${v}</text>`);
  }
  axis.push(
    `<text x="${M.left + (W - M.left - M.right) / 2}" y="${H - 10}" text-anchor="middle" fill="#333">${escapeXml(name)} (log scale)</text>`,
  );
  return `<g font-size="11" fill="#444">${axis.join('')}</g>`;
}

/** The title and the legend of the two sets of cuts. */
function header(title: string, current: string, proposed: string): string[] {
  const lx = W - M.right - 250;
  return [
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="24" font-size="15" font-weight="bold" fill="#111">${escapeXml(title)}</text>`,
    `<g font-size="12" fill="#333"><line x1="${lx}" y1="44" x2="${lx + 28}" y2="44" stroke="${CURRENT}" stroke-width="2" stroke-dasharray="6 4"/>` +
      `<text x="${lx + 34}" y="48">${current}</text>` +
      `<line x1="${lx + 140}" y1="44" x2="${lx + 168}" y2="44" stroke="${PROPOSED}" stroke-width="2"/>` +
      `<text x="${lx + 174}" y="48">${proposed}</text></g>`,
  ];
}

/**
 * Cut-off lines (a cut t between t and t + 1 on the axis) from just below their label row down
 * to the axis, and their labels in that row, spread so none overlaps another; the rows sit above
 * the plot, so no line ever crosses a label.
 */
function cutLines(
  X: (v: number) => number,
  th: Thresholds,
  colour: string,
  dashed: boolean,
  row: number,
  y0: number,
  kept: Thresholds | null = null,
): string {
  const keys = ['t1', 't2', 't3'] as const;
  const xs = keys.map((k) => X(th[k] + 1));
  // A cut the proposal keeps is one line, the proposed one: two drawn on one another read as neither.
  const same = keys.map((k) => kept !== null && kept[k] === th[k]);
  const texts = keys.map((k, i) => `${k} ≤ ${th[k]}${same[i] ? ' (kept)' : ''}`);
  const at = spreadLabels(
    xs,
    texts.map((t) => t.length * LABEL_CHAR_W),
    M.left,
    W - M.right,
  );
  const parts: string[] = [];
  keys.forEach((_, i) => {
    if (!same[i])
      parts.push(
        `<line x1="${num(xs[i])}" y1="${row + 4}" x2="${num(xs[i])}" y2="${num(y0)}" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      );
    parts.push(
      `<text x="${num(at[i])}" y="${row}" text-anchor="middle" fill="${colour}">${escapeXml(texts[i])}</text>`,
    );
  });
  return `<g font-size="11">${parts.join('')}</g>`;
}

/**
 * The histogram as an SVG chart: bars over a log(value + 1) axis, the current cut-offs dashed
 * blue, the proposed ones solid red, each labelled in a row of its own above the bars.
 */
export function tunePlotSvg(plot: TunePlot): string {
  const { bins } = plot;
  const cuts = [plot.current, plot.proposed].flatMap((t) => (t ? [t.t1, t.t2, t.t3] : []));
  const lo = Math.min(bins.length ? bins[0].lo : 0, ...cuts.map((t) => t + 1));
  const hi = Math.max(bins.length ? bins[bins.length - 1].hi + 1 : 1, ...cuts.map((t) => t + 1), lo + 1);
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const X = logAxis(lo, hi, M.left, pw);
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const step = niceStep(maxCount / 4);
  const yMax = Math.ceil(maxCount / step) * step;
  const Y = (c: number): number => M.top + ph - (c / yMax) * ph;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" role="img">`,
  );
  out.push(...header(plot.title, 'current cut-offs', 'proposed'));
  // Grid lines and y ticks.
  const grid: string[] = [];
  for (let c = 0; c <= yMax; c += step) {
    grid.push(`<line x1="${M.left}" y1="${num(Y(c))}" x2="${W - M.right}" y2="${num(Y(c))}" stroke="#e3e3e3"/>`);
    grid.push(`<text x="${M.left - 6}" y="${num(Y(c) + 4)}" text-anchor="end">${c}</text>`);
  }
  out.push(`<g font-size="11" fill="#444">${grid.join('')}</g>`);
  const bars = bins
    .filter((b) => b.count > 0)
    .map((b) => {
      const x1 = X(b.lo);
      const x2 = X(b.hi + 1);
      return `<rect x="${num(x1 + 0.5)}" y="${num(Y(b.count))}" width="${num(Math.max(1, x2 - x1 - 1))}" height="${num(Y(0) - Y(b.count))}"/>`;
    });
  out.push(`<g fill="#9fb3c8" stroke="#6f86a0" stroke-width="0.5">${bars.join('')}</g>`);
  out.push(xAxis(X, lo, hi, Y(0), plot.axis ?? 'reference nodes'));
  out.push(
    `<g font-size="11" fill="#333"><text transform="rotate(-90 16 ${M.top + ph / 2})" x="16" y="${M.top + ph / 2}" text-anchor="middle">base puzzles</text></g>`,
  );
  out.push(cutLines(X, plot.proposed, PROPOSED, false, LABEL_ROWS.proposed, Y(0)));
  if (plot.current) out.push(cutLines(X, plot.current, CURRENT, true, LABEL_ROWS.current, Y(0), plot.proposed));
  out.push('</svg>');
  return out.join('\n');
}

/** One puzzle of a scatter: its value on the x axis and its grade level. */
export interface ScatterPoint {
  value: number;
  level: number;
}

export interface ScatterPlot {
  title: string;
  points: readonly ScatterPoint[];
  /** The levels drawn as rows, bottom first: [level, name]. */
  levels: readonly (readonly [number, string])[];
  /** Each tier's box: its band's levels and the cuts' range on the x axis. */
  bands: readonly { tier: string; minLevel: number; maxLevel: number }[];
  current: Thresholds | null;
  proposed: Thresholds;
  axis: string;
}

/** A small stable jitter in [-1, 1) for point i, so equal points spread without randomness. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
}

/**
 * Grade against the reference measure as an SVG scatter: a row per level (the ladder's names
 * at the left), a dot per puzzle over a log(value + 1) axis, and each tier's box (its band's
 * rows across its range), current dashed blue, proposed solid red, with the cuts labelled in
 * rows above the plot and the tier names inside the proposed boxes' top corners.
 */
export function scatterPlotSvg(plot: ScatterPlot): string {
  const { points, levels } = plot;
  const cuts = [plot.current, plot.proposed].flatMap((t) => (t ? [t.t1, t.t2, t.t3] : []));
  const vs = points.map((p) => p.value);
  const lo = Math.min(vs.length ? Math.min(...vs) : 0, ...cuts.map((t) => t + 1));
  const hi = Math.max(vs.length ? Math.max(...vs) + 1 : 1, ...cuts.map((t) => t + 1), lo + 1);
  const left = 110;
  const pw = W - left - M.right;
  const ph = H - M.top - M.bottom;
  const X = logAxis(lo, hi, left, pw);
  const rowH = ph / Math.max(1, levels.length);
  const rowOf = new Map(levels.map(([l], i) => [l, i]));
  // Row i's centre, bottom row first.
  const Y = (i: number): number => M.top + ph - (i + 0.5) * rowH;
  const y0 = M.top + ph;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" role="img">`,
  );
  out.push(...header(plot.title, 'current tiers', 'proposed'));
  const rows: string[] = [];
  levels.forEach(([l, name], i) => {
    const y = Y(i);
    rows.push(
      `<line x1="${left}" y1="${num(y + rowH / 2)}" x2="${W - M.right}" y2="${num(y + rowH / 2)}" stroke="#eee"/>`,
    );
    rows.push(`<text x="${left - 8}" y="${num(y + 4)}" text-anchor="end">${l} ${escapeXml(name)}</text>`);
  });
  out.push(`<g font-size="11" fill="#444">${rows.join('')}</g>`);
  const dots: string[] = [];
  points.forEach((p, i) => {
    const r = rowOf.get(p.level);
    if (r === undefined) return;
    const x = (X(p.value) + X(p.value + 1)) / 2 + jitter(2 * i) * Math.min(3, (X(p.value + 1) - X(p.value)) / 2);
    const y = Y(r) + jitter(2 * i + 1) * rowH * 0.3;
    dots.push(`<circle cx="${num(x)}" cy="${num(y)}" r="2.2"/>`);
  });
  out.push(`<g fill="#4a6a8a" fill-opacity="0.45">${dots.join('')}</g>`);
  out.push(xAxis(X, lo, hi, y0, plot.axis));
  // A tier's box spans its band's rows and its range: easy from the axis's start, expert to its end.
  // The current boxes are drawn inset, inside the proposed ones, so that no edge of one lies on
  // an edge of the other, and each tier is named: in its box's corner, or above a narrow box.
  const boxes = (th: Thresholds, colour: string, dashed: boolean, named: boolean, inset: number): string => {
    const edges = [lo, th.t1 + 1, th.t2 + 1, th.t3 + 1, hi].map(X);
    const parts: string[] = [];
    plot.bands.forEach((b, k) => {
      const rs = levels.map(([l], i) => (l >= b.minLevel && l <= b.maxLevel ? i : -1)).filter((i) => i >= 0);
      if (rs.length === 0) return;
      const width = edges[k + 1] - edges[k];
      const d = Math.min(inset, Math.max(0, (width - 1) / 2));
      const top = Y(Math.max(...rs)) - rowH / 2 + 2 + inset;
      const bottom = Y(Math.min(...rs)) + rowH / 2 - 2 - inset;
      const x1 = edges[k] + d;
      const x2 = edges[k + 1] - d;
      parts.push(
        `<rect x="${num(x1)}" y="${num(top)}" width="${num(Math.max(1, x2 - x1))}" height="${num(bottom - top)}" fill="none" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      );
      if (!named) return;
      // A white halo keeps the tier's name legible over the dots it sits on.
      const fits = x2 - x1 > b.tier.length * LABEL_CHAR_W + 6;
      const at = fits
        ? `x="${num(x1 + 4)}" y="${num(top + 12)}"`
        : `x="${num((x1 + x2) / 2)}" y="${num(top - 4)}" text-anchor="middle"`;
      parts.push(
        `<text ${at} fill="${colour}" stroke="#fff" stroke-width="3" paint-order="stroke">${escapeXml(b.tier)}</text>`,
      );
    });
    return `<g font-size="11">${parts.join('')}</g>`;
  };
  out.push(boxes(plot.proposed, PROPOSED, false, true, 0));
  if (plot.current) out.push(boxes(plot.current, CURRENT, true, false, 4));
  out.push(cutLabels(X, plot.proposed, PROPOSED, LABEL_ROWS.proposed));
  if (plot.current) out.push(cutLabels(X, plot.current, CURRENT, LABEL_ROWS.current));
  out.push('</svg>');
  return out.join('\n');
}

/** The cuts' labels alone, in their row above the plot (the boxes draw the cut-offs). */
function cutLabels(X: (v: number) => number, th: Thresholds, colour: string, row: number): string {
  const keys = ['t1', 't2', 't3'] as const;
  const texts = keys.map((k) => `${k} ≤ ${th[k]}`);
  const at = spreadLabels(
    keys.map((k) => X(th[k] + 1)),
    texts.map((t) => t.length * LABEL_CHAR_W),
    110,
    W - M.right,
  );
  return `<g font-size="11">${texts.map((t, i) => `<text x="${num(at[i])}" y="${row}" text-anchor="middle" fill="${colour}">${escapeXml(t)}</text>`).join('')}</g>`;
}

/**
 * Grade against the reference measure as a terminal table: a row per level present, a column
 * per bin, each cell the puzzles of that level in that bin, and under the header the cuts
 * that fall in each bin.
 */
export function gradeTableText(
  points: readonly ScatterPoint[],
  bins: readonly Bin[],
  levels: readonly (readonly [number, string])[],
  marks: readonly Mark[] = [],
): string {
  const heads = bins.map((b) => (b.lo === b.hi ? String(b.lo) : `${b.lo}..${b.hi}`));
  const used = levels.filter(([l]) => points.some((p) => p.level === l));
  const cell = (l: number, b: Bin): string => {
    const n = points.filter((p) => p.level === l && p.value >= b.lo && p.value <= b.hi).length;
    return n === 0 ? '.' : String(n);
  };
  const rows: string[][] = [['level \\ value', ...heads]];
  const cutRow = [
    'cuts',
    ...bins.map((b) =>
      marks
        .filter((m) => m.value >= b.lo && m.value <= b.hi)
        .map((m) => m.label)
        .join(' '),
    ),
  ];
  for (const [l, name] of [...used].reverse()) rows.push([`${l} ${name}`, ...bins.map((b) => cell(l, b))]);
  if (marks.length > 0) rows.push(cutRow);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return `${rows.map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ')}`.trimEnd()).join('\n')}\n`;
}
