// How a build names a size of either kind: Dominosa's M, or Sudomino's shape text ("8x8:6").
// String(size) is the catalog's shape, which keys the size's slots and thresholds.

export type SizeKey = number | string;

/** "M=6" for Dominosa's sizes, the shape itself for Sudomino's. */
export function sizeLabel(size: SizeKey): string {
  return typeof size === 'number' ? `M=${size}` : size;
}
