// Reading a source file's imports off its text, for the architecture tests: comments blanked
// out first, so an import quoted in a comment is not read as one.

/** Comments blanked out, so an import quoted in a comment is not read as one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The module specifiers a file imports: static, type-only, re-exports and literal import(). */
export function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) out.push(m[1]);
  return out;
}
