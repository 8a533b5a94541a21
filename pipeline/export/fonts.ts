// The booklet pdf's fonts: DejaVu Sans (regular and bold) from the dejavu-fonts-ttf package,
// which covers Latin, Greek and Cyrillic and many symbols; pdf.ts embeds the glyphs it uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PdfFontFiles } from '../../src/formats/pdf.js';

const require = createRequire(import.meta.url);

export function bookletFonts(): PdfFontFiles {
  const read = (file: string): Uint8Array => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  return { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
}

/** The one-line warning for characters no embedded font has, or of a script that needs shaping (printed as '?'). */
export function missingGlyphsWarning(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  const shown = missing
    .slice(0, 8)
    .map((c) => `${c} (U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`);
  const more = missing.length > 8 ? ` and ${missing.length - 8} more` : '';
  return `the pdf's fonts have no glyph for ${shown.join(', ')}${more} (or none that prints without shaping); printed as "?"`;
}
