// Rows of text as a table for a terminal report (tune's): the first column left-aligned, the rest
// right-aligned, every row indented two spaces.

export function textTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`)
    .join('\n');
}
