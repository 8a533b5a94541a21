// The web pack: one self-contained HTML page that plays the puzzles, with hints from the
// grader. The page's code is bundled at build time (pipeline/web/, scripts/dev/build-web.ts) and
// handed in as text; this module adds the pack's data, the grader's steps for every puzzle.
// A pack may mix kinds; each puzzle's entry, and the pack fields its entries need, are its kind's.
import type { Faces } from './faces.js';
import { kindOf, partOf, type FormatsKind, type KindWeb, type KindWebPack, type PackPuzzle } from './kind.js';
import { packChecksum } from './pack.js';
import { escapeXml } from './svg.js';
import { packNumbers, WEB_PACK_FORMAT, WEB_PACK_VERSION, type WebPack } from '../play/pack.js';

/** The largest page written: a pack past this is refused (browsers slow down well before). */
export const WEB_MAX_BYTES = 20_000_000;

export interface WebAssets {
  /** The page's bundled script and style sheet. */
  script: string;
  style: string;
}

export type WebResult = { ok: true; html: string; bytes: number } | { ok: false; error: string };

/** A web pack's data as written: the envelope, and beside it each kind's own fields. */
export type WebPackData = WebPack & Record<string, unknown>;

/**
 * The pack's data: every puzzle with its number, its solution and the grader's deductions, as
 * steps. `kinds` are the registered kinds, in the registry's order (the order of numbers within a
 * tier, and of the kinds' fields); each that has a web part gives its fields, used or not.
 */
export function webPackData(
  puzzles: readonly PackPuzzle[],
  kinds: readonly FormatsKind[],
  name: string,
  faces?: Faces,
): WebPackData {
  const webs = kinds.map((k) => k.formats.web);
  const makers = webs.map((w) => w?.start());
  // The place of a puzzle's kind; a kind without a web part is refused here (the verb did first).
  const at = (p: PackPuzzle): number => {
    const i = kinds.indexOf(kindOf(kinds, p));
    partOf(kinds[i], webs[i], 'web');
    return i;
  };
  const numbers = packNumbers(puzzles, (a, b) => at(a) - at(b) || (webs[at(a)] as KindWeb).compare(a, b));
  const list = puzzles.map((p, i) => (makers[at(p)] as KindWebPack).entry(p, numbers[i]));
  const fields = makers.reduce<Record<string, unknown>>(
    (all, m, i) => ({ ...all, ...m?.fields(puzzles.some((p) => p.kind === kinds[i].name)) }),
    {},
  );
  return {
    format: WEB_PACK_FORMAT,
    version: WEB_PACK_VERSION,
    name,
    ...(faces === undefined || faces === 'digits' ? {} : { faces }),
    checksum: packChecksum(puzzles, kinds),
    ...fields,
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
