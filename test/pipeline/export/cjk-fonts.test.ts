// Tests for pipeline/export/cjk-fonts.ts: a text without Chinese, Japanese or Korean characters
// gets no CJK font (a Latin-only booklet embeds nothing more); a CJK one gets the family of its
// script, cut to its characters (a few KB, not the whole 5-10 MB face) and mapping each of them.
import fontkit from '@pdf-lib/fontkit';
import { describe, it, expect } from 'vitest';
import { cjkFaces, cjkScriptOf } from '../../../pipeline/export/cjk-fonts.js';

describe('cjkFaces', () => {
  it('gives nothing for Latin, Greek, Cyrillic or Arabic text', async () => {
    for (const t of ['Puzzles', 'Γρίφοι', 'Головоломки', 'لغز', '']) expect(await cjkFaces([t])).toBeNull();
  });

  it('picks the family by script and cuts it to the characters used', async () => {
    const cases = [
      ['Rätsel 数独谜题', 'sc'],
      ['數獨謎題', 'tc'],
      ['パズル集 数独', 'jp'],
      ['퍼즐 모음', 'kr'],
    ] as const;
    for (const [title, script] of cases) {
      const f = await cjkFaces([title, 'by 作者']);
      expect(f?.script).toBe(script);
      for (const face of [f?.regular, f?.bold]) {
        expect(face?.length).toBeLessThan(40_000);
        const font = fontkit.create(Buffer.from(face as Uint8Array));
        for (const ch of `${title}作者`.replace(/[\sA-Za-zä]/gu, ''))
          expect(font.hasGlyphForCodePoint(ch.codePointAt(0) as number), ch).toBe(true);
      }
    }
  }, 60_000);

  it('calls Han text Simplified when Traditional Chinese lacks a character, else Traditional', () => {
    const tc = new Set([...'數獨謎題中文'].map((c) => c.codePointAt(0)));
    const inTc = (c: number): boolean => tc.has(c);
    expect(cjkScriptOf('数独', inTc)).toBe('sc');
    expect(cjkScriptOf('數獨謎題', inTc)).toBe('tc');
    expect(cjkScriptOf('中文 한', inTc)).toBe('kr');
    expect(cjkScriptOf('中文の', inTc)).toBe('jp');
    expect(cjkScriptOf('Latin', inTc)).toBeNull();
  });
});
