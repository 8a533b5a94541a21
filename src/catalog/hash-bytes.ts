// A SHA-256 hash as the catalog stores it (a 32-byte BLOB) and as the code, the messages and the
// digest write it (64 lowercase hex digits): the two forms and the one check of a stored hash.

/** The length of a hash the catalog stores, in bytes. */
export const HASH_BYTES = 32;

const HEX = /^[0-9a-f]{64}$/;

/** True for a hash written as 64 lowercase hex digits. */
export function isHashHex(text: string): boolean {
  return HEX.test(text);
}

/** Lowercase hex of bytes (a stored hash read back). */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}

/** The 32 bytes of a hash written in hex; anything else is a bug of the caller, who hashed it. */
export function hexToBytes(hex: string): Uint8Array {
  if (!HEX.test(hex)) throw new Error(`${JSON.stringify(hex.slice(0, 80))} is not a SHA-256 hash in hex`);
  const out = new Uint8Array(HASH_BYTES);
  for (let i = 0; i < HASH_BYTES; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
