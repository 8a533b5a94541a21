// The commonest ambiguity of a dealt tiling: a 2×2 square of two parallel dominoes with equal
// numbers at opposite corners can be re-laid the other way round with the same two pairs. The
// dealer steers away from it; the solver uses it as a second solution found for free.

/** Number of 2×2 squares made of two parallel dominoes with a number repeated on a diagonal. */
export function countAmbiguousSquares(cells: ArrayLike<number>, mate: Int32Array, rows: number, cols: number): number {
  // Summed as 0/1 arithmetic, not tested: the outcomes are the board's data and mispredict as
  // branches (the uniqueness proof runs this once per solution it finds).
  let found = 0;
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < cols; c++) {
      const a = r * cols + c;
      const d = a + cols;
      const across = +(mate[a] === a + 1) & +(mate[d] === d + 1);
      const down = +(mate[a] === d) & +(mate[a + 1] === d + 1);
      const diagonal = +(cells[a] === cells[d + 1]) | +(cells[a + 1] === cells[d]);
      found += (across | down) & diagonal;
    }
  }
  return found;
}

/** Whether the dealt tiling has any ambiguous square (see countAmbiguousSquares). */
export function hasAmbiguousSquare(cells: ArrayLike<number>, mate: Int32Array, rows: number, cols: number): boolean {
  return countAmbiguousSquares(cells, mate, rows, cols) > 0;
}
