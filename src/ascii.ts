// Text from ASCII character codes in a byte array: how the catalog's compact columns (a letter or
// digit a cell) are made without building a string a character at a time, which costs a kept
// build slot several times as much at M = 6.

// Every byte below 0x80 decodes to the character of that code (the label is windows-1252 in the
// Encoding Standard, which agrees with ASCII there); callers hand it ASCII only.
const latin1 = new TextDecoder('latin1');

/** The string whose character codes are `codes`, every one below 128. */
export function asciiText(codes: Uint8Array): string {
  return latin1.decode(codes);
}
