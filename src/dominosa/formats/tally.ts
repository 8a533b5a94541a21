// The domino tally printed beside a puzzle: one box for every pair [u,v] of the set (a
// triangle, u down the side, v along the top, u ≤ v), for the solver to tick off as each
// domino is found. Laid out here in tally cells; svg.ts and pdf.ts draw it at their scale.
import { faceText, type Faces } from '../../formats/faces.js';

/** The tally's side in its own cells: a header row and column plus M+1 values. */
export function tallyUnits(m: number): number {
  return m + 2;
}

/** A header's text: the number as printed (pip faces count their pips in digits). */
export function tallyHeader(v: number, faces: Faces = 'digits'): string {
  return faceText(v, faces === 'pips' ? 'digits' : faces);
}

export interface TallyBox {
  u: number;
  v: number;
  /** Top-left corner in tally cells. */
  x: number;
  y: number;
}

/** Every pair's box, u ≤ v, in pair order (v, then u). */
export function tallyBoxes(m: number): TallyBox[] {
  const out: TallyBox[] = [];
  for (let v = 0; v <= m; v++) for (let u = 0; u <= v; u++) out.push({ u, v, x: v + 1, y: u + 1 });
  return out;
}
