// The booklet as one self-contained HTML page that prints to exactly the pages planBooklet
// plans: every part placed in mm from the plan, inline CSS and SVG, no scripts, fonts or requests.
// Each board, its tally and its kind's part of the cover are drawn by the puzzle's kind.
import {
  answersPlan,
  bookletOf,
  captionFit,
  contentsRows,
  hasTally,
  idText,
  LABEL_MM,
  planBooklet,
  SOLUTION_MM,
  STARS_MM,
  slotLabel,
  slotTechnique,
  TIME_BOX_MM,
  type BookletOptions,
  type BookletPlan,
  type Geometry,
  type PagePlan,
  type SlotPlan,
} from './booklet.js';
import { coverSubtitle, footerText, legendLines, starCorners } from './cover.js';
import { kindWords, type FormatsKind, type PackPuzzle } from './kind.js';
import { MIN_TEXT_PT, PT } from './pdf-canvas.js';
import { escapeXml } from './svg.js';

const mm = (x: number): string => `${Math.round(x * 100) / 100}mm`;
const r2 = (x: number): string => String(Math.round(x * 100) / 100);

function css(geom: Geometry): string {
  const { page, content, band } = geom;
  const size = geom.paper === 'letter' ? 'letter' : 'A4';
  return `
@page { size: ${size}; margin: ${page.margin}mm; }
html, body { margin: 0; padding: 0; }
body { font-family: sans-serif; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { position: relative; width: ${mm(content.width)}; height: ${mm(content.height)}; overflow: hidden;
  break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.head { position: absolute; left: 0; top: 0; width: 100%; height: ${band.headRule}mm; box-sizing: border-box;
  border-bottom: 0.4mm solid #333; font-size: 15pt; font-weight: bold; line-height: 1; padding-top: ${band.headBaseline - 5.5}mm; }
.head .book { float: right; max-width: 50%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: 9pt; line-height: 1.3; font-weight: normal; color: #555; padding-top: 1mm; }
.notes { position: absolute; left: 0; width: 100%; top: ${mm(band.bodyTop)}; height: ${mm(band.bodyBottom - band.bodyTop)};
  background: repeating-linear-gradient(to bottom, transparent 0, transparent 8.7mm, #999 8.7mm, #999 9mm); print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.title .credit { text-align: center; font-size: 10pt; color: #555; margin: -6mm 0 6mm; }
.foot { position: absolute; left: 0; width: 100%; top: ${mm(band.footBaseline - 3)}; text-align: center; font-size: 9pt; color: #555; line-height: 1; }
.label { position: absolute; white-space: nowrap; }
.label .t { height: ${LABEL_MM.height - 0.6}mm; line-height: ${LABEL_MM.height - 0.6}mm; font-size: 8pt; padding-right: ${TIME_BOX_MM.width + 1}mm; }
.label .tech { height: 3.6mm; line-height: 3.6mm; font-size: 7.5pt; color: #444; }
.label .n { font-weight: bold; font-size: 11pt; }
.label .stars { display: inline-block; vertical-align: -0.4mm; margin: 0 1.6mm 0 1.4mm; }
.label .id { font-size: ${MIN_TEXT_PT.any}pt; color: #666; }
.label .time { position: absolute; right: 0; top: ${TIME_BOX_MM.top}mm; width: ${TIME_BOX_MM.width}mm; height: ${TIME_BOX_MM.height}mm; box-sizing: border-box;
  border: 0.25mm solid #777; border-radius: 0.8mm; font-size: ${MIN_TEXT_PT.any}pt; color: #777; line-height: ${TIME_BOX_MM.height - 0.5}mm; padding-left: 1mm; }
.label.sol { height: ${SOLUTION_MM.label}mm; line-height: ${SOLUTION_MM.label - 0.8}mm; font-size: ${MIN_TEXT_PT.any}pt; text-align: center; }
.label.sol .n { font-size: ${MIN_TEXT_PT.solution}pt; }
.label.sol .id { font-size: ${MIN_TEXT_PT.any}pt; }
.board, .tally { position: absolute; }
.board svg, .tally svg { display: block; width: 100%; height: 100%; }
.title h1 { font-size: 28pt; margin: 22mm 0 3mm; text-align: center; overflow-wrap: anywhere; max-height: 40mm; overflow: hidden; }
.title .sub { text-align: center; font-size: 13pt; color: #444; margin-bottom: 9mm; }
.title table { margin: 0 auto; border-collapse: collapse; font-size: 11pt; }
.title th, .title td { padding: 1.2mm 5mm; border-bottom: 0.2mm solid #999; text-align: left; }
.title td.n { text-align: right; }
.title h2 { font-size: 13pt; margin: 9mm 18mm 2mm; }
.title .rules { margin: 0 18mm; font-size: 10.5pt; line-height: 1.4; }
.title .example { display: flex; justify-content: center; gap: 10mm; margin: 4mm 0 3mm; }
.title .example svg { width: 36mm; height: auto; display: block; }
.title .legend { margin: 0 18mm; padding-left: 5mm; font-size: 10pt; line-height: 1.45; }
@media screen {
  body { background: #777; }
  /* A white border, not padding: the page's absolutely placed parts start inside the border. */
  .page { background: #fff; margin: 8mm auto; border: ${page.margin}mm solid #fff; }
}
`;
}

/** The difficulty stars as a small inline SVG: `filled` of four solid, the rest outlined. */
function starsSvg(filled: number): string {
  const { radius: r, pitch } = STARS_MM;
  const w = 4 * pitch;
  const h = 2 * r + 0.4;
  const stars = [0, 1, 2, 3].map((i) => {
    const pts = starCorners(pitch / 2 + i * pitch, r + 0.2, r)
      .map(([x, y]) => `${r2(x)},${r2(y)}`)
      .join(' ');
    return `<polygon points="${pts}" fill="${i < filled ? '#111' : '#fff'}" stroke="#111" stroke-width="0.25"/>`;
  });
  return `<svg class="stars" xmlns="http://www.w3.org/2000/svg" width="${mm(w)}" height="${mm(h)}" viewBox="0 0 ${r2(w)} ${r2(h)}" role="img"><title>${'\u2605'.repeat(filled)}${'\u2606'.repeat(4 - filled)}</title>${stars.join('')}</svg>`;
}

function coverHtml(plan: BookletPlan, tally: boolean): string {
  const rows = contentsRows(plan)
    .map(
      ([tier, numbers, sizes, page, sol]) =>
        `<tr><td>${escapeXml(tier)}</td><td class="n">${numbers}</td><td>${sizes}</td><td class="n">${page}</td><td class="n">${sol}</td></tr>`,
    )
    .join('');
  const table = plan.sections.length
    ? `<table><thead><tr><th>Tier</th><th>Puzzles</th><th>Sizes</th><th>Page</th><th>Solutions</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  const several = plan.kinds.length > 1;
  const sub = coverSubtitle(
    plan.title,
    plan.count,
    plan.sections.map((s) => s.tier),
    kindWords(plan.kinds),
  );
  // Each kind's rules and worked example, named by the kind when the booklet holds several.
  const rules = plan.kinds.map((k) => {
    const cover = bookletOf(k).cover;
    return (
      `<h2>How to play${several ? ` ${k.title}` : ''}</h2><p class="rules">${escapeXml(cover.rules(plan.faces))}</p>` +
      cover.exampleHtml(plan.faces)
    );
  });
  const legend = `<ul class="legend">${legendLines(tally && hasTally(plan.kinds), plan.solutions)
    .map((l) => `<li>${escapeXml(l)}</li>`)
    .join('')}</ul>`;
  return `<div class="title${several ? ' both' : ''}"><h1>${escapeXml(plan.title)}</h1><div class="sub">${escapeXml(sub)}</div>${plan.credit ? `<div class="credit">${escapeXml(plan.credit)}</div>` : ''}${table}${rules.join('')}${legend}</div>`;
}

/**
 * A text's width (mm) in a browser's sans-serif, estimated on the wide side (DejaVu Sans' digits
 * are 0.64 em), so the caption chosen by it fits whole whichever sans-serif prints it.
 */
function browserWidthMm(t: string, pt: number, bold = false): number {
  return ([...t].length * (bold ? 0.72 : 0.66) * pt) / PT;
}

function captionHtml(plan: BookletPlan, s: SlotPlan): string {
  const p = s.puzzle;
  const fit = captionFit(s, browserWidthMm);
  const box = `left:${mm(fit.labelX)};top:${mm(s.labelY)};width:${mm(fit.labelW)}`;
  const n = `<span class="n">${s.number}</span>`;
  const id = `<span class="id">${escapeXml(idText(p))}</span>`;
  // The size at the caption's own 8 pt is plain text; stepped down to fit whole, it says its size.
  const size = !fit.size
    ? ''
    : fit.size.pt === 8
      ? escapeXml(fit.size.text)
      : `<span class="size" style="font-size:${fit.size.pt}pt">${escapeXml(fit.size.text)}</span>`;
  const tech = plan.technique ? slotTechnique(s) : '';
  const height = plan.technique ? LABEL_MM.withTechnique : LABEL_MM.height;
  return (
    `<div class="label" style="${box};height:${height}mm"><div class="t">${n}${s.stars > 0 ? starsSvg(s.stars) : '&#160; '}${size}&#160; ${id}</div>` +
    `<div class="time">time</div>${tech ? `<div class="tech">${escapeXml(tech)}</div>` : ''}</div>`
  );
}

function pageHtml(plan: BookletPlan, page: PagePlan, tally: boolean): string {
  const total = plan.pages.length;
  const parts: string[] = [`<section class="page">`];
  if (page.kind === 'title') {
    parts.push(coverHtml(plan, tally));
  } else {
    parts.push(`<div class="head">${escapeXml(page.heading)}<span class="book">${escapeXml(plan.title)}</span></div>`);
    if (page.kind === 'notes') parts.push('<div class="notes"></div>');
    const solutions = page.kind === 'solutions';
    for (const s of page.slots) {
      const p = s.puzzle;
      if (solutions) {
        const box = `left:${mm(s.labelX)};top:${mm(s.labelY)};width:${mm(s.labelW)}`;
        parts.push(
          `<div class="label sol" style="${box}"><span class="n">${s.number}</span> <span class="id">${escapeXml(idText(p))}</span></div>`,
        );
      } else parts.push(captionHtml(plan, s));
      const b = bookletOf(s.kind);
      parts.push(
        `<div class="board" style="left:${mm(s.boardX)};top:${mm(s.boardY)};width:${mm(s.boardW)};height:${mm(s.boardH)}">`,
        b.svg(p, { title: slotLabel(s), solved: solutions, faces: plan.faces }),
        `</div>`,
      );
      if (s.tally && b.tally) {
        const side = mm(b.tally.units(p) * s.tally.cell);
        parts.push(
          `<div class="tally" style="left:${mm(s.tally.x)};top:${mm(s.tally.y)};width:${side};height:${side}">${b.tally.svg(p, plan.faces, s.tally.cell)}</div>`,
        );
      }
    }
  }
  parts.push(`<div class="foot">${escapeXml(footerText(page.number, total, plan.credit))}</div></section>`);
  return parts.join('');
}

/**
 * The booklet as one self-contained HTML document (inline CSS and SVG; no scripts, fonts or
 * other requests). `pages` is the number of pages it prints to on its paper.
 */
export function buildBookletHtml(
  puzzles: readonly PackPuzzle[],
  kinds: readonly FormatsKind[],
  opts: BookletOptions,
): { html: string; pages: number; answers?: { html: string; pages: number } } {
  const plan = planBooklet(puzzles, kinds, opts);
  const main = { html: documentHtml(plan, opts.title, opts.tally ?? false), pages: plan.pages.length };
  if (plan.solutions !== 'separate') return main;
  const answers = answersPlan(plan);
  return {
    ...main,
    answers: { html: documentHtml(answers, `${opts.title}: solutions`, false), pages: answers.pages.length },
  };
}

/** One HTML document of a plan's pages. */
function documentHtml(plan: BookletPlan, title: string, tally: boolean): string {
  const body = plan.pages.map((p) => pageHtml(plan, p, tally)).join('\n');
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(title)}</title><style>${css(plan.geometry)}${plan.kinds.map((k) => bookletOf(k).cover.css ?? '').join('')}</style></head>\n<body>\n${body}\n</body></html>\n`
  );
}
