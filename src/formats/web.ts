// The web pack: one self-contained HTML page that plays the puzzles, with hints from the
// grader. The page's code is bundled at build time (pipeline/web/, scripts/dev/build-web.ts) and
// handed in as text; this module adds the pack's data, the grader's steps for every puzzle.
// A pack may mix Dominosa and Sudomino puzzles; each kind's entry is made by its own function.
import { boardFromGrid, formatBoardError } from '../dominosa/board.js';
import { LEVELS } from '../dominosa/grade/ladder.js';
import { walkthrough } from '../dominosa/grade/walkthrough.js';
import { placementOfDomino } from '../dominosa/play/geometry.js';
import {
  packNumbers,
  WEB_PACK_FORMAT,
  WEB_PACK_VERSION,
  type AnyWebPuzzle,
  type WebPack,
  type WebPuzzle,
} from '../play/pack.js';
import { packSteps, type RuleEntry } from '../dominosa/play/steps.js';
import { cellName } from '../sudomino/board.js';
import { LEVELS as SUDOMINO_LEVELS, SudominoGrader } from '../sudomino/grade/ladder.js';
import type { SudominoWebPuzzle } from '../sudomino/play/pack.js';
import { webBoard } from '../sudomino/play/pack.js';
import { packSudominoSteps, type SudominoRuleEntry } from '../sudomino/play/steps.js';
import { techniqueLine } from './booklet.js';
import type { Faces } from './faces.js';
import { packChecksum, type AnyPackPuzzle, type PackPuzzle, type SudominoPackPuzzle } from './pack.js';
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

function sudominoLevelName(level: number): string {
  return SUDOMINO_LEVELS.find((l) => l.level === level)?.name ?? String(level);
}

const isSudomino = (p: AnyPackPuzzle): p is SudominoPackPuzzle => p.kind === 'sudomino';

/** A Dominosa puzzle's entry: its numbers, its solution and the grader's deductions, as steps. */
function dominosaEntry(p: PackPuzzle, number: number, rules: RuleEntry[]): WebPuzzle {
  const parsed = boardFromGrid(p.grid, 0, { id: p.id });
  if (!parsed.ok) throw new RangeError(`puzzle ${p.id}: ${formatBoardError(parsed.error)}`);
  const board = parsed.board;
  const told = walkthrough(board);
  return {
    id: p.id,
    number,
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
}

/** A Sudomino puzzle's entry: its rows, its solution per domino and the grader's steps from the givens. */
function sudominoEntry(
  p: SudominoPackPuzzle,
  number: number,
  rules: SudominoRuleEntry[],
  grader: SudominoGrader,
): SudominoWebPuzzle {
  const board = webBoard({ board: p.board, values: p.values, id: p.id });
  const solution: number[] = [];
  for (let d = 0; d < board.given.length; d++) {
    const [a, b] = [board.cells[2 * d], board.cells[2 * d + 1]];
    const [va, vb] = [
      p.solution[Math.floor(a / board.cols)]?.[a % board.cols],
      p.solution[Math.floor(b / board.cols)]?.[b % board.cols],
    ];
    if (va !== vb || !(va >= 1 && va <= board.values))
      throw new RangeError(
        `puzzle ${p.id}: the solution does not give the domino at ${cellName(board.cols, a)} one value 1..${board.values}`,
      );
    solution.push(va);
  }
  const graded = grader.grade(board);
  const level = SUDOMINO_LEVELS.find((l) => l.name === p.grade);
  return {
    kind: 'sudomino',
    id: p.id,
    number,
    shape: p.shape,
    rows: p.rows,
    cols: p.cols,
    values: p.values,
    tier: p.tier,
    ...(p.grade === undefined
      ? {}
      : { grade: p.grade, technique: level === undefined ? p.grade : `Level ${level.level}: ${level.name}` }),
    board: p.board,
    solution,
    steps: packSudominoSteps(graded.steps, rules, sudominoLevelName),
    ending: graded.status,
  };
}

/** The pack's data: every puzzle with its number, its solution and the grader's deductions, as steps. */
export function webPackData(puzzles: readonly AnyPackPuzzle[], name: string, faces?: Faces): WebPack {
  const rules: RuleEntry[] = [];
  const sudominoRules: SudominoRuleEntry[] = [];
  const grader = new SudominoGrader();
  const numbers = packNumbers(
    puzzles.map((p) => (isSudomino(p) ? { kind: p.kind, tier: p.tier, m: p.values, rows: p.rows } : p)),
  );
  const list = puzzles.map((p, i): AnyWebPuzzle =>
    isSudomino(p) ? sudominoEntry(p, numbers[i], sudominoRules, grader) : dominosaEntry(p, numbers[i], rules),
  );
  return {
    format: WEB_PACK_FORMAT,
    version: WEB_PACK_VERSION,
    name,
    ...(faces === undefined || faces === 'digits' ? {} : { faces }),
    checksum: packChecksum(puzzles),
    rules,
    ...(puzzles.some(isSudomino) ? { sudominoRules } : {}),
    puzzles: list,
  };
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
    return {
      ok: false,
      error: `the web pack of ${n} puzzle${n === 1 ? '' : 's'} would be ${bytes} bytes, over its limit of ${maxBytes}: select fewer with --count, --sizes or --tiers`,
    };
  }
  return { ok: true, html, bytes };
}
