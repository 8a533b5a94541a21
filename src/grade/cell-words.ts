// Where a cell or a domino is, in the words every kind's hints and `grade --explain` use: rows
// and columns counted from 1, a domino named by its line and its two places along it ("row 2,
// columns 4–5"), so the two kinds read alike on a board without labels.

/** "row 3, column 2" (r and c from 0). */
export function cellWords(r: number, c: number): string {
  return `row ${r + 1}, column ${c + 1}`;
}

/** Where the domino on cells (r1, c1) and (r2, c2) lies: "row 2, columns 4–5" or "column 3, rows 1–2". */
export function dominoWords(r1: number, c1: number, r2: number, c2: number): string {
  if (r1 === r2) return `row ${r1 + 1}, columns ${Math.min(c1, c2) + 1}–${Math.max(c1, c2) + 1}`;
  return `column ${c1 + 1}, rows ${Math.min(r1, r2) + 1}–${Math.max(r1, r2) + 1}`;
}
