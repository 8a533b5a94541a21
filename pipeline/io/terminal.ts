// The one way text from outside (a catalog, an input file, a path) reaches a terminal: control
// characters are spelt out, so such text cannot move the cursor, clear the screen, retitle the
// window or start a new line that looks like dominosa's own.

/** C0 and C1 controls, DEL, line and paragraph separators, and the marks that reorder text. */
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

function spelt(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character spelt out (`\e`, `\n`, `\x07`, `\u202e`): one line, inert. */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, spelt);
}

/** What JSON.stringify leaves raw in a string of the UNSAFE set (it escapes C0 controls itself). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON.stringify's output for a terminal: the rest of the UNSAFE set as \u escapes, so it is the same JSON value. */
export function jsonForTerminal(json: string): string {
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A line for the user on stderr that is not an error (the verb goes on, or ends as it would). */
export function note(line: string): void {
  process.stderr.write(`dominosa: ${forTerminal(line)}\n`);
}
