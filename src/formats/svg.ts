// What every board drawn as SVG shares, whatever its kind: the margin around the grid, the size
// of the numbers in a cell, text escaped for XML and numbers written short. Generic sans-serif
// only, so a drawing needs no font files and prints the same anywhere.

/** The margin around the grid, in cells, so outer strokes are not clipped by the viewBox. */
export const SVG_PAD_CELLS = 0.2;

/** A domino tile's proportions, in cells: the web pack's board draws its tiles the same way. */
export const TILE = { inset: 0.07, radius: 0.2, stroke: 0.08, divider: 0.03, dividerEnd: 0.14 } as const;

/** A number as SVG writes it: two decimals are far below a printer dot and keep big drawings small. */
export function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** Escape text for XML character data and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Font size for numbers of `digits` digits in a cell of side `cell`. */
export function numberFontSize(cell: number, digits: number): number {
  return cell * (digits <= 1 ? 0.56 : digits === 2 ? 0.48 : 0.34);
}
