// The booklet pdf's fonts for Chinese, Japanese and Korean text (a title, a credit line): Noto Sans
// SC, TC, JP or KR from the @expo-google-fonts packages, one picked by the script of the text, cut
// to the characters used by HarfBuzz's subsetter (subset-font) so a booklet carries a few KB of it.
// pdf.ts embeds the cut font whole: pdf-lib's own subsetting (fontkit 1.1) silently drops CJK
// outlines (pdf-lib issue 1232), so it must not cut these fonts again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { PdfFontPair } from '../../src/formats/pdf.js';

const require = createRequire(import.meta.url);

export type CjkScript = 'sc' | 'tc' | 'jp' | 'kr';

/** The Noto Sans file of a script and weight (400 regular, 700 bold). */
function notoFile(script: CjkScript, weight: '400Regular' | '700Bold'): Uint8Array {
  const family = `NotoSans${script.toUpperCase()}`;
  return readFileSync(require.resolve(`@expo-google-fonts/noto-sans-${script}/${weight}/${family}_${weight}.ttf`));
}

const isHan = (c: number): boolean =>
  (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || c >= 0x20000;
const isKana = (c: number): boolean => (c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff);
const isHangul = (c: number): boolean =>
  (c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f);
/** CJK punctuation, full-width forms and the like: any of the four fonts draws them. */
const isCjkOther = (c: number): boolean => (c >= 0x3000 && c <= 0x303f) || (c >= 0xff00 && c <= 0xffef);

/** Whether a code point is one the CJK fonts are for. */
export function isCjk(c: number): boolean {
  return isHan(c) || isKana(c) || isHangul(c) || isCjkOther(c);
}

/**
 * The font for a text's CJK characters: Korean with any Hangul, Japanese with any kana, else
 * Chinese: Simplified when a character is one Noto Sans TC (Big5's repertoire) lacks, which the
 * simplified forms are, else Traditional. `inTc` says whether TC has a character.
 */
export function cjkScriptOf(text: string, inTc: (c: number) => boolean): CjkScript | null {
  const cps = [...text].map((ch) => ch.codePointAt(0) as number).filter(isCjk);
  if (cps.length === 0) return null;
  if (cps.some(isHangul)) return 'kr';
  if (cps.some(isKana)) return 'jp';
  return cps.filter(isHan).every(inTc) ? 'tc' : 'sc';
}

/** Whether Noto Sans TC maps a code point, read from its cmap by fontkit once. */
async function tcCoverage(): Promise<(c: number) => boolean> {
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  const tc = fontkit.create(notoFile('tc', '400Regular'));
  return (c) => tc.hasGlyphForCodePoint(c);
}

/**
 * The regular and bold faces for the CJK characters of `texts`, each cut to those characters,
 * or null when the texts have none (a Latin-only booklet embeds nothing more).
 */
export async function cjkFaces(texts: readonly string[]): Promise<(PdfFontPair & { script: CjkScript }) | null> {
  const chars = [...new Set([...texts.join('')].filter((ch) => isCjk(ch.codePointAt(0) as number)))].join('');
  if (chars === '') return null;
  const script = cjkScriptOf(chars, await tcCoverage());
  if (script === null) return null;
  const cut = async (weight: '400Regular' | '700Bold'): Promise<Uint8Array> =>
    new Uint8Array(await subsetFont(Buffer.from(notoFile(script, weight)), chars, { targetFormat: 'truetype' }));
  const [regular, bold] = await Promise.all([cut('400Regular'), cut('700Bold')]);
  return { regular, bold, script };
}
