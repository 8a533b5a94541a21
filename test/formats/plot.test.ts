// Tests for src/formats/plot.ts: log-scale bins that tile the range and count every value once,
// the terminal bars with their cut labels, and the SVG chart's bars, cut lines and labels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { histogramText, logBins, scatterPlotSvg, tunePlotSvg, type Bin } from '../../src/formats/plot.js';

describe('logBins', () => {
  it('gives one bin per value while the range is narrow', () => {
    expect(logBins([1, 1, 3, 4, 4, 4])).toEqual([
      { lo: 1, hi: 1, count: 2 },
      { lo: 2, hi: 2, count: 0 },
      { lo: 3, hi: 3, count: 1 },
      { lo: 4, hi: 4, count: 3 },
    ]);
    expect(logBins([])).toEqual([]);
  });

  it('widens bins geometrically over a wide range', () => {
    const bins = logBins([1, 2, 3, 50, 700, 9999], 12);
    expect(bins.length).toBeLessThanOrEqual(12);
    expect(bins[0]).toEqual({ lo: 1, hi: 2, count: 2 });
    expect(bins[bins.length - 1].hi).toBe(9999);
    const widths = bins.map((b) => b.hi - b.lo + 1);
    expect(widths[widths.length - 1]).toBeGreaterThan(1000);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeGreaterThanOrEqual(widths[i - 1]);
  });

  it('tiles min..max with contiguous bins that count every value once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 30 }),
        (raw, maxBins) => {
          const values = raw.sort((a, b) => a - b);
          const bins = logBins(values, maxBins);
          expect(bins.length).toBeGreaterThan(0);
          expect(bins.length).toBeLessThanOrEqual(maxBins);
          expect(bins[0].lo).toBe(values[0]);
          expect(bins[bins.length - 1].hi).toBe(values[values.length - 1]);
          for (let i = 0; i < bins.length; i++) {
            expect(bins[i].hi).toBeGreaterThanOrEqual(bins[i].lo);
            if (i > 0) expect(bins[i].lo).toBe(bins[i - 1].hi + 1);
            expect(bins[i].count).toBe(values.filter((v) => v >= bins[i].lo && v <= bins[i].hi).length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('histogramText', () => {
  const bins: Bin[] = [
    { lo: 1, hi: 1, count: 10 },
    { lo: 2, hi: 3, count: 5 },
    { lo: 4, hi: 7, count: 0 },
    { lo: 8, hi: 15, count: 1 },
  ];

  it('draws a bar per bin, longest at full width, with the cuts that fall in each bin', () => {
    const text = histogramText(bins, {
      width: 20,
      marks: [
        { value: 3, label: 't1 now' },
        { value: 2, label: 't1 new' },
        { value: 9, label: 't2 new' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '      1 |#################### 10',
      '   2..3 |##########            5  <- t1 now, t1 new',
      '   4..7 |                      0',
      '  8..15 |##                    1  <- t2 new',
      '',
    ]);
  });
});

describe('tunePlotSvg', () => {
  const bins = logBins([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
  const svg = tunePlotSvg({
    title: 'M=5 <nodes>',
    bins,
    current: { t1: 2, t2: 8, t3: 30 },
    proposed: { t1: 3, t2: 13, t3: 55 },
  });

  it('is a self-contained SVG with an escaped title', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>M=5 &#60;nodes&#62;</title>');
    expect(svg).not.toMatch(/href|url\(|<script|@import/);
    // Every opened element is closed.
    const open = (svg.match(/<(?!\/)[a-z]+[^>]*[^/]>/g) ?? []).filter((t) => !t.startsWith('<?')).length;
    expect(open).toBe((svg.match(/<\/[a-z]+>/g) ?? []).length);
  });

  it('draws a bar per non-empty bin and the cut-offs in order, current dashed, proposed solid', () => {
    const bars = svg.match(/<rect x=/g) ?? [];
    expect(bars.length).toBe(bins.filter((b) => b.count > 0).length);
    const lines = (colour: string): number[] =>
      [...svg.matchAll(new RegExp(`<line x1="([\\d.]+)"[^>]*stroke="${colour}" stroke-width="2"([^/]*)/>`, 'g'))]
        .filter((m) => !m[0].includes('y1="44"')) // the legend's samples
        .map((m) => Number(m[1]));
    const current = lines('#1f5fbf');
    const proposed = lines('#c0392b');
    expect(current).toHaveLength(3);
    expect(proposed).toHaveLength(3);
    expect(current).toEqual([...current].sort((a, b) => a - b));
    expect(proposed).toEqual([...proposed].sort((a, b) => a - b));
    // Cut t sits between t and t + 1 nodes: t3 = 55 lies right of t2 = 13 and of the current t3 = 30.
    expect(proposed[2]).toBeGreaterThan(current[2]);
    for (const label of ['t1 ≤ 2', 't2 ≤ 8', 't3 ≤ 30', 't1 ≤ 3', 't2 ≤ 13', 't3 ≤ 55'])
      expect(svg).toContain(`>${label}</text>`);
    expect(svg.match(/stroke-dasharray="6 4"/g)).toHaveLength(4); // three cuts and the legend
  });

  it('draws only the proposed cut-offs when there are no current ones, cuts beyond the data included', () => {
    const only = tunePlotSvg({ title: 't', bins, current: null, proposed: { t1: 0, t2: 200, t3: 300 } });
    expect(only.match(/stroke-dasharray/g)).toHaveLength(1);
    const xs = [...only.matchAll(/<line x1="([\d.]+)" y1="(\d+)"[^>]*stroke="#c0392b" stroke-width="2"\/>/g)]
      .filter((m) => m[2] !== '44') // the legend's sample
      .map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(60);
      expect(x).toBeLessThanOrEqual(720 - 24);
    }
  });
});

describe('scatterPlotSvg', () => {
  const levels = [
    [1, 'singles'],
    [2, 'pairs'],
    [3, 'sets'],
    [4, 'extreme'],
  ] as const;
  const bands = [
    { tier: 'easy', minLevel: 1, maxLevel: 1 },
    { tier: 'normal', minLevel: 2, maxLevel: 2 },
    { tier: 'hard', minLevel: 3, maxLevel: 3 },
    { tier: 'expert', minLevel: 4, maxLevel: 4 },
  ];
  const points = Array.from({ length: 40 }, (_, i) => ({ value: 1 + ((i * 37) % 900), level: 1 + (i % 4) }));
  const rects = (svg: string, colour: string) =>
    [
      ...svg.matchAll(
        new RegExp(
          `<rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)" fill="none" stroke="${colour}"`,
          'g',
        ),
      ),
    ].map((m) => m.slice(1, 5).map(Number));

  it('names every tier, a narrow box (normal squeezed between close cuts) above it', () => {
    const svg = scatterPlotSvg({
      title: 'M=9',
      points,
      levels,
      bands,
      current: null,
      proposed: { t1: 10, t2: 11, t3: 500 },
      axis: 'reference nodes',
    });
    for (const t of ['easy', 'normal', 'hard', 'expert']) expect(svg).toContain(`>${t}</text>`);
  });

  it('draws the current boxes inside the proposed ones: no edge of one on an edge of the other, equal cuts too', () => {
    const same = { t1: 10, t2: 100, t3: 500 };
    const svg = scatterPlotSvg({
      title: 'M=9',
      points,
      levels,
      bands,
      current: same,
      proposed: same,
      axis: 'reference nodes',
    });
    const red = rects(svg, '#c0392b');
    const blue = rects(svg, '#1f5fbf');
    expect(red).toHaveLength(4);
    expect(blue).toHaveLength(4);
    red.forEach(([x, y, w, h], i) => {
      const [bx, by, bw, bh] = blue[i];
      expect(bx).toBeGreaterThan(x);
      expect(by).toBeGreaterThan(y);
      expect(bx + bw).toBeLessThan(x + w);
      expect(by + bh).toBeLessThan(y + h);
    });
  });
});

describe('tunePlotSvg, cuts the proposal keeps', () => {
  it('draws a kept cut once, and says it is kept', () => {
    const bins = [
      { lo: 0, hi: 9, count: 3 },
      { lo: 10, hi: 99, count: 5 },
    ];
    const svg = tunePlotSvg({
      title: 't',
      bins,
      current: { t1: 2, t2: 8, t3: 30 },
      proposed: { t1: 2, t2: 9, t3: 30 },
    });
    const lines = [...svg.matchAll(/<line x1="[\d.]+" y1="(\d+)"[^>]*stroke="#1f5fbf" stroke-width="2"/g)].filter(
      (m) => m[1] !== '44',
    );
    expect(lines).toHaveLength(1);
    expect(svg).toContain('>t1 ≤ 2 (kept)</text>');
    expect(svg).toContain('>t3 ≤ 30 (kept)</text>');
    expect(svg).toContain('>t2 ≤ 8</text>');
  });
});
