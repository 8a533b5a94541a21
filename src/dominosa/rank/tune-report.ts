// Dominosa's tune report for people (src/rank/tuning.ts): per size, the grade against the
// reference measure as a table (or the measure's histogram), the current and proposed cuts, the
// tiers under each, Spearman's ρ and how each tier spreads over the grades; and per size an SVG
// plot, the scatter with the tier boxes or the histogram.
import { gradeTableText, histogramText, scatterPlotSvg, tunePlotSvg, type Mark } from '../../formats/plot.js';
import { textTable } from '../../formats/text-table.js';
import { formatMeasure } from '../../rank/rule.js';
import { TIERS, type Thresholds } from '../../rank/tiers.js';
import type { TuneReport } from '../../rank/tuning.js';
import { LEVELS } from '../grade/ladder.js';
import { GRADE_BANDS, TATHAM_NAMES } from './bands.js';
import { cutName } from './tier-rule.js';
import type { TunedSize } from './tune.js';

const LEVEL_ROWS: readonly (readonly [number, string])[] = LEVELS.map((l) => [l.level, l.name] as const);
const BOXES = TIERS.map((t) => ({ tier: t, ...GRADE_BANDS[t] }));

/** A size's plot: grade against the measure with the tier boxes, or the measure's histogram; named M<m>. */
export function plotOf(t: TunedSize): { name: string; svg: string } {
  const axis = cutName(t.measure, t.m);
  const n = t.values.length;
  const svg =
    t.measure === 'grade'
      ? scatterPlotSvg({
          title: `M=${t.m}: grade against ${axis} of ${n} base puzzles`,
          points: t.points,
          levels: LEVEL_ROWS,
          bands: BOXES,
          current: t.current,
          proposed: t.proposed,
          axis,
        })
      : tunePlotSvg({
          title: `M=${t.m}: ${axis} of ${n} base puzzles`,
          bins: t.bins,
          current: t.current,
          proposed: t.proposed,
          axis,
        });
  return { name: `M${t.m}`, svg };
}

/** The report for people, ending in a newline. */
export function report(r: TuneReport<TunedSize>): string {
  const out: string[] = [];
  for (const t of r.sizes) {
    const n = t.values.length;
    const f = (v: number): string => formatMeasure(t.measure, v);
    const name = cutName(t.measure, t.m);
    out.push(`M=${t.m}: ${n} base puzzles, ${name} ${f(t.values[0])}..${f(t.values[n - 1])}`);
    const marks: Mark[] = [];
    for (const k of ['t1', 't2', 't3'] as const) {
      if (t.current) marks.push({ value: t.current[k], label: `${k}-now` });
      marks.push({ value: t.proposed[k], label: `${k}-new` });
    }
    const th = (x: Thresholds | null): string[] => (x ? [f(x.t1), f(x.t2), f(x.t3)] : ['-', '-', '-']);
    if (t.current === null && t.currentMeasure !== t.measure) out.push(`  (tiered by ${t.currentMeasure} now)`);
    if (t.measure === 'grade') {
      out.push(`  grade against ${name} (base puzzles per level and ${name}):`);
      out.push(gradeTableText(t.points, t.bins, LEVEL_ROWS, marks).trimEnd());
      out.push(
        textTable([
          ['thresholds', 't1', 't2', 't3'],
          ['current', ...th(t.current)],
          ['proposed', ...th(t.proposed)],
        ]),
      );
      const totals = t.bandTotals!;
      out.push(
        textTable([
          ['tier', 'band', 'in band', 'tier now', 'in box now', 'in box proposed'],
          ...TIERS.map((k) => [
            k,
            TATHAM_NAMES[k],
            String(totals[k]),
            String(t.now[k]),
            t.nowInBox ? String(t.nowInBox[k]) : '-',
            String(t.next[k]),
          ]),
        ]),
      );
      const least = Math.min(...TIERS.map((k) => t.next[k]));
      out.push(
        `  proposed: the smallest per-band yield is ${least} of ${n} base puzzles (${((1000 * least) / n).toFixed(1)} per 1,000)`,
      );
    } else {
      out.push(histogramText(t.bins, { marks }).trimEnd());
      const qs = r.quantiles.map((q, i) => `q${q} = ${Math.round(t.quantileValues[i] * 1000) / 1000}`).join(', ');
      out.push(`  quantiles: ${qs}`);
      out.push(
        textTable([
          ['thresholds', 't1', 't2', 't3'],
          ['current', ...th(t.current)],
          ['proposed', ...th(t.proposed)],
        ]),
      );
      out.push(textTable([['tier', 'now', 'proposed'], ...TIERS.map((k) => [k, String(t.now[k]), String(t.next[k])])]));
    }
    const rho = Number.isNaN(t.rho) ? 'undefined (one side is constant)' : t.rho.toFixed(3);
    out.push(`  nodes vs grade score: Spearman's rho = ${rho}`);
    const used = LEVELS.filter((l) => TIERS.some((k) => t.spread[k][l.level] > 0));
    out.push(
      textTable([
        ['tier / grade', ...used.map((l) => l.name)],
        ...TIERS.map((k) => [k, ...used.map((l) => String(t.spread[k][l.level]))]),
      ]),
    );
    for (const note of t.notes) out.push(`  note: ${note}`);
    if (t.plot) out.push(`  plot: ${t.plot}`);
    out.push('');
  }
  if (r.applied) {
    out.push(
      `applied: thresholds written to ${r.tiersFile === null ? r.db : `${r.db} and ${r.tiersFile}`}; ${r.retiered} puzzle${r.retiered === 1 ? '' : 's'} changed tier`,
    );
  } else {
    out.push(
      `nothing changed; rerun with --apply to write these thresholds to the catalog${r.tiersFile === null ? '' : ` and ${r.tiersFile}`}, and re-tier its puzzles`,
    );
  }
  return `${out.join('\n')}\n`;
}
