// What a kind draws its boards on in the booklet's PDF: a page's canvas (plan millimetres to page
// points, PDF operators appended to its content stream, the booklet's two faces), with the inks and
// the number format every drawing shares. pdf.ts makes one canvas a page; no pdf-lib here, so a
// kind's drawing loads without it.

/** Points per millimetre. */
export const PT = 72 / 25.4;

/** The booklet's type scale floor (pt): no text smaller than `any`, no solution number smaller than `solution`. */
export const MIN_TEXT_PT = { any: 7, solution: 8 } as const;

// Colours as PDF operands (grey levels).
export const INK = '0.07';
export const GREY = '0.33';
/** The lines of boxes to write or tick in: the time box, a tally's. */
export const FRAME = '0.45';

/** A number as an operand: two decimals of a point are far below a printer dot. */
export function n(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** A CSS grey ("#6b6b6b") as a PDF grey level, so both booklets print the same shades. */
export function greyOf(hex: string): string {
  return n(parseInt(hex.slice(1, 3), 16) / 255);
}

/** One page of the booklet's PDF, as a drawing sees it. */
export interface PdfCanvas {
  /** Plan coordinates (mm from the content box's top-left, y downwards) as page points (y upwards). */
  px(x: number): number;
  py(y: number): number;
  /** Append operators to the page's content stream. */
  push(ops: string): void;
  /** A text's width in points at `size`, in the bold face or the regular one. */
  width(text: string, size: number, bold?: boolean): number;
  /** A text as the string operand of Tj in that face. */
  encode(text: string, bold?: boolean): string;
  /** The page's resource name of that face, for Tf. */
  font(bold?: boolean): string;
}
