// How a cell's number is shown in print and in the web pack: as stored (0..M), shifted to
// 1..M+1 for people who count from one, or as pips on a real domino (a blank for 0), which
// sets go up to nine. Drawings ask here, so every format shows a value the same way.

export const FACES = ['digits', 'one-based', 'pips'] as const;
export type Faces = (typeof FACES)[number];

/** The most pips a face shows: real sets with pips go to double-9. */
export const MAX_PIPS = 9;

/** The text shown for value v ('' for pips, which are drawn, not written). */
export function faceText(v: number, faces: Faces = 'digits'): string {
  return faces === 'pips' ? '' : String(faces === 'one-based' ? v + 1 : v);
}

/** Digits of the widest number a board of size m shows (for its font size). */
export function faceDigits(m: number, faces: Faces = 'digits'): number {
  return String(faces === 'one-based' ? m + 1 : m).length;
}

/** Why a board of size m cannot be shown with these faces, or null. */
export function facesError(m: number, faces: Faces): string | null {
  return faces === 'pips' && m > MAX_PIPS
    ? `pips go up to ${MAX_PIPS} (double-${MAX_PIPS} sets), and this board is double-${m}`
    : null;
}

// Pip spots on a 3×3 lattice (column, row in -1..1), as laid on dominoes.
const C: [number, number] = [0, 0];
const TL: [number, number] = [-1, -1];
const TR: [number, number] = [1, -1];
const BL: [number, number] = [-1, 1];
const BR: [number, number] = [1, 1];
const ML: [number, number] = [-1, 0];
const MR: [number, number] = [1, 0];
const TM: [number, number] = [0, -1];
const BM: [number, number] = [0, 1];
const SPOTS: readonly (readonly [number, number])[][] = [
  [],
  [C],
  [TL, BR],
  [TL, C, BR],
  [TL, TR, BL, BR],
  [TL, TR, C, BL, BR],
  [TL, ML, BL, TR, MR, BR],
  [TL, ML, BL, C, TR, MR, BR],
  [TL, TM, TR, ML, MR, BL, BM, BR],
  [TL, TM, TR, ML, C, MR, BL, BM, BR],
];

/** Pip geometry in a cell of side 1: spacing of the lattice from the centre, and a pip's radius. */
export const PIP = { spacing: 0.27, radius: 0.085 } as const;

/** Centres of value v's pips in a unit cell (0..1 both ways, y downwards). Throws past MAX_PIPS. */
export function pipCentres(v: number): [number, number][] {
  const spots = SPOTS[v];
  if (spots === undefined) throw new RangeError(`no pip face for ${v} (0..${MAX_PIPS})`);
  return spots.map(([x, y]) => [0.5 + x * PIP.spacing, 0.5 + y * PIP.spacing]);
}
