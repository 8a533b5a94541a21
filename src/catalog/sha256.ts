// SHA-256 of a text, as hex: what checksums and digests hash every row with. The one-shot form
// (Node 20.12 and later) makes no Hash object per call, which matters at a row per call.
import * as crypto from 'node:crypto';

export const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');
