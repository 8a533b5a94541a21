// Find a number, alike for every kind: the player picks a number (a key, or its button in the
// Find row) and every cell holding it is ringed on the board (find.ts draws the rings); picking
// the same number again, or Escape, clears it.

/** The Find row: one button per number, labelled as the board shows it (digits: nothing to escape). */
export function findBarHtml(numbers: readonly { value: number; label: string }[]): string {
  const keys = numbers
    .map(
      ({ value, label }) =>
        `<button type="button" data-find="${value}" aria-pressed="false" title="Ring every ${label}">${label}</button>`,
    )
    .join('');
  return `<div class="find" role="group" aria-label="Find a number"><span class="find-label">Find</span>${keys}</div>`;
}

/** Show the number found as the pressed key of the Find row (0 or less: none). */
export function pressFound(found: number): void {
  for (const key of document.querySelectorAll<HTMLButtonElement>('[data-find]'))
    key.setAttribute('aria-pressed', String(Number(key.getAttribute('data-find')) === found));
}

/** The number found after picking v: v, or none when v was found already. */
export function toggleFound(found: number, v: number): number {
  return found === v ? -1 : v;
}
