// The steps of grade --explain as every kind prints them under a board's grade line.

/** One step a line, numbered from 1 and indented, then a blank line. */
export function numberedSteps(steps: readonly string[]): string {
  return `${steps.map((t, i) => `  ${i + 1}. ${t}\n`).join('')}\n`;
}
