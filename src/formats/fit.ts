// Cutting a line of text to a width with an ellipsis, in time that does not grow with the text:
// only as many characters as could ever fit are looked at, and the cut is found by halving.

/** How wide a string is, in the caller's units (a font's advance widths, kerning included). */
export type Measure = (text: string) => number;

export const ELLIPSIS = '\u2026';

/**
 * `text` if it fits in `max`, else its longest prefix (whole code points) that fits with an
 * ellipsis after it. `charWidth` is a single character's width, used to stop reading the text
 * once the characters read are wider than the line by a margin; `measure` then checks whole
 * candidates, about log2 of the characters that fit of them. A 100,000-character title costs
 * what a line's worth does.
 */
export function fitText(text: string, max: number, measure: Measure, charWidth: Measure): string {
  // Read code points until they are surely wider than the line: kerning moves a line by far
  // less than a quarter of its width.
  const limit = max * 1.25 + charWidth(ELLIPSIS);
  const chars: string[] = [];
  let sum = 0;
  let whole = true;
  for (const ch of text) {
    if (sum > limit) {
      whole = false;
      break;
    }
    chars.push(ch);
    sum += charWidth(ch);
  }
  if (whole && measure(text) <= max) return text;
  // The longest prefix that fits with the ellipsis: a width that grows with the prefix, so halve.
  let lo = 0;
  let hi = chars.length - (whole ? 1 : 0);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('')}${ELLIPSIS}`) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}${ELLIPSIS}`;
}
