// Reading a booklet pdf's pages back for tests: the content streams, and each shown string with
// its size (read through the fonts' ToUnicode maps, as a reader's copy and paste would).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';

/** The page's content streams, decompressed and joined. */
export function contentOf(page: PDFPage): string {
  const ctx = page.doc.context;
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  let text = '';
  for (const r of refs) {
    const stream = r instanceof PDFRef ? ctx.lookup(r) : r;
    if (!(stream instanceof PDFRawStream)) continue;
    const filtered = stream.dict.toString().includes('FlateDecode');
    text += Buffer.from(filtered ? inflateSync(stream.contents) : stream.contents).toString('latin1') + '\n';
  }
  return text;
}

function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) return '';
  const filtered = stream.dict.toString().includes('FlateDecode');
  return Buffer.from(filtered ? inflateSync(stream.contents) : stream.contents).toString('latin1');
}

/** Each Tj of the page as text: hex glyph codes read through the font's ToUnicode map, literal strings as they are. */
export function textsOf(page: PDFPage): string[] {
  return shownOf(page).map((t) => t.text);
}

/** Each Tj of the page with its size in points: the Tf size times the text matrix's scale. */
export function shownOf(page: PDFPage): { text: string; size: number }[] {
  const ctx = page.doc.context;
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  // A standard font (no ToUnicode) takes one WinAnsi byte per character, digits as they are.
  const maps = new Map<string, Map<string, string> | null>();
  for (const [key, ref] of fonts?.entries() ?? []) {
    const font = ctx.lookup(ref, PDFDict);
    const map = new Map<string, string>();
    const tu = font.get(PDFName.of('ToUnicode'));
    if (tu === undefined) maps.set(key.toString(), null);
    else {
      for (const m of streamText(ctx.lookup(tu)).matchAll(/<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]+)>/g)) {
        const units = m[2].match(/.{4}/g) ?? [];
        map.set(m[1].toUpperCase(), String.fromCharCode(...units.map((u) => parseInt(u, 16))));
      }
      maps.set(key.toString(), map);
    }
  }
  const out: { text: string; size: number }[] = [];
  let map: Map<string, string> | null = null;
  let size = 0;
  let scale = 1;
  const ops =
    /(\/[^\s]+) ([\d.]+) Tf|([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ Tm|<([0-9A-Fa-f]*)> Tj|\(([^)]*)\) Tj/g;
  for (const m of contentOf(page).matchAll(ops)) {
    if (m[1] !== undefined) {
      map = maps.get(m[1]) ?? null;
      size = Number(m[2]);
    } else if (m[3] !== undefined) scale = Math.hypot(Number(m[3]), Number(m[4]));
    else if (m[5] !== undefined && map === null)
      out.push({ text: Buffer.from(m[5], 'hex').toString('latin1'), size: size * scale });
    else if (m[5] !== undefined)
      out.push({
        text: (m[5].toUpperCase().match(/.{4}/g) ?? []).map((g) => map?.get(g) ?? '\ufffd').join(''),
        size: size * scale,
      });
    else out.push({ text: m[6], size: size * scale });
  }
  return out;
}
