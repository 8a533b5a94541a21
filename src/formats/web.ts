// The web pack: one self-contained HTML page that plays the puzzles, with hints from the
// grader. The page's code is bundled at build time (pipeline/web/, scripts/dev/build-web.ts) and
// handed in as text; this module adds the pack's data, the grader's steps for every puzzle.
import { boardFromGrid, formatBoardError } from '../dominosa/board.js';
import { LEVELS } from '../dominosa/grade/ladder.js';
import { walkthrough } from '../dominosa/grade/walkthrough.js';
import { placementOfDomino } from '../dominosa/play/geometry.js';
import { packNumbers, WEB_PACK_FORMAT, WEB_PACK_VERSION, type WebPack, type WebPuzzle } from '../dominosa/play/pack.js';
import { packSteps, type RuleEntry } from '../dominosa/play/steps.js';
import { techniqueLine } from './booklet.js';
import type { Faces } from './faces.js';
import { packChecksum, type PackPuzzle } from './pack.js';
import { escapeXml } from './svg.js';

/** The largest page written: a pack past this is refused (browsers slow down well before). */
export const WEB_MAX_BYTES = 20_000_000;

export interface WebAssets {
  /** The page's bundled script and style sheet. */
  script: string;
  style: string;
}

export type WebResult = { ok: true; html: string; bytes: number } | { ok: false; error: string };

function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? String(level);
}

/** The pack's data: every puzzle with its number, its solution and the grader's deductions, as steps. */
export function webPackData(puzzles: readonly PackPuzzle[], name: string, faces?: Faces): WebPack {
  const rules: RuleEntry[] = [];
  const numbers = packNumbers(puzzles);
  const list = puzzles.map((p, i): WebPuzzle => {
    const parsed = boardFromGrid(p.grid, 0, { id: p.id });
    if (!parsed.ok) throw new RangeError(`puzzle ${p.id}: ${formatBoardError(parsed.error)}`);
    const board = parsed.board;
    const told = walkthrough(board);
    return {
      id: p.id,
      number: numbers[i],
      m: p.m,
      rows: p.rows,
      cols: p.cols,
      tier: p.tier,
      ...(p.grade === undefined ? {} : { grade: p.grade, technique: techniqueLine(p) }),
      values: Array.from(board.cells),
      solution: p.solution.map((d) => placementOfDomino(board, d)).sort((a, b) => a - b),
      steps: packSteps(board, told.steps, rules, levelName),
      ending: told.ending,
    };
  });
  return { format: WEB_PACK_FORMAT, version: WEB_PACK_VERSION, name, ...(faces === undefined || faces === 'digits' ? {} : { faces }), checksum: packChecksum(puzzles), rules, puzzles: list };
}

// No requests of any kind: scripts and styles inline only, images only from data.
const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/**
 * The page: the style sheet, the pack's data as JSON (with `<` escaped, so no text in it can
 * close the script element) and the bundled script. Refused when larger than `maxBytes`.
 */
export function buildWebHtml(pack: WebPack, assets: WebAssets, maxBytes = WEB_MAX_BYTES): WebResult {
  if (/<\/script/i.test(assets.script) || /<\/style/i.test(assets.style)) {
    throw new RangeError('the page bundle contains a closing script or style tag');
  }
  const data = JSON.stringify(pack).replace(/</g, '\\u003c');
  const html =
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark">` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<title>${escapeXml(pack.name)}</title><style>${assets.style}</style></head>\n<body>\n` +
    `<noscript>This puzzle pack plays in the browser and needs JavaScript.</noscript>\n<main id="app"></main>\n` +
    `<script type="application/json" id="dominosa-pack">${data}</script>\n` +
    `<script>${assets.script}</script>\n</body></html>\n`;
  const bytes = new TextEncoder().encode(html).length;
  if (bytes > maxBytes) {
    const n = pack.puzzles.length;
    return { ok: false, error: `the web pack of ${n} puzzle${n === 1 ? '' : 's'} would be ${bytes} bytes, over its limit of ${maxBytes}: select fewer with --count, --sizes or --tiers` };
  }
  return { ok: true, html, bytes };
}
