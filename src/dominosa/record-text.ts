// A Dominosa board as a pack record's `puzzle` holds it: the text form's rows (numbers 0..M left to
// right, one space between) top to bottom, joined by '/'. Reading it back gives the grid of rows
// the JSON board reader checks, so a bad number is refused there, in its words.

/** The record text of a grid of rows. */
export function puzzleText(grid: readonly (readonly number[])[]): string {
  return grid.map((row) => row.join(' ')).join('/');
}

/** The rows of a record's puzzle text: a token of digits as its number, any other left as text for the reader to refuse. */
export function gridOfPuzzleText(text: string): (number | string)[][] {
  return text.split('/').map((row) =>
    row
      .trim()
      .split(/\s+/)
      .filter((t) => t !== '')
      .map((t) => (/^\d+$/.test(t) ? Number(t) : t)),
  );
}
