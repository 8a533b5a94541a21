// A hash column as the catalog layer reads and writes it: the code holds a hash as 64 hex digits
// (src/catalog/hash-bytes.ts), the catalog stores its 32 bytes. Binding one, and the SQL that
// reads one back as the code holds it, are here.
import { isHashHex } from '../../src/catalog/hash-bytes.js';

/** The 32 bytes of a hex hash, to bind to a BLOB column; anything but a hash is the caller's bug. */
export function hashBlob(hex: string): Buffer {
  if (!isHashHex(hex)) throw new Error(`${JSON.stringify(hex.slice(0, 80))} is not a SHA-256 hash in hex`);
  return Buffer.from(hex, 'hex');
}

/** SQL reading a hash column back as the code holds it, under its own name: `lower(hex(col)) AS col`. */
export function hexColumn(column: string, as = column): string {
  return `lower(hex(${column})) AS ${as}`;
}
