// The catalog's digest: per table, its row count and the sum (mod 2^256) of one SHA-256 per
// row, and a hash of the schema (every table, index, trigger and view). A sum does not depend
// on row order, so a writer keeps it up to date per batch by adding what it inserts and
// subtracting what it deletes, and audit recomputes it from scratch to catch rows deleted,
// inserted, swapped or edited, and objects added, outside dominosa. It guards against
// accidents and foreign edits, not against someone who recomputes it.
import { bytesToHex } from './hash-bytes.js';
import { DIGEST_COLUMNS, type DigestTable } from './schema.js';
import { sha256Hex } from './sha256.js';

const MOD = 1n << 256n;

/** One row's contribution to its table's sum: a pure function of the row, so any thread can compute it. */
export function rowDigest(table: DigestTable, row: object): bigint {
  const values: unknown[] = [];
  for (const c of DIGEST_COLUMNS[table]) values.push((row as Record<string, unknown>)[c] ?? null);
  return valuesDigest(table, values);
}

// Printable ASCII but the quote and the backslash: JSON writes such a string as it is, quoted.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * rowDigest of a row given as its DIGEST_COLUMNS values, in that order (null for a missing one):
 * the SHA-256 of JSON.stringify([table, ...values]), a blob (a stored checksum, read back as
 * bytes) written as its hex text, as the code holds it. A writer hashes one per row it inserts, so
 * the usual values (null, finite numbers, plain ASCII text) are written out directly, as JSON
 * writes them (a property test holds the two equal); anything else goes through JSON.stringify.
 */
export function valuesDigest(table: DigestTable, values: readonly unknown[]): bigint {
  if (values.some((v) => v instanceof Uint8Array))
    return valuesDigest(
      table,
      values.map((v) => (v instanceof Uint8Array ? bytesToHex(v) : v)),
    );
  let text = `["${table}"`;
  for (const v of values) {
    if (v === null) text += ',null';
    else if (typeof v === 'number' && Number.isFinite(v)) text += `,${v}`;
    else if (typeof v === 'string' && PLAIN.test(v)) text += `,"${v}"`;
    else return BigInt(`0x${sha256Hex(JSON.stringify([table, ...values]))}`);
  }
  return BigInt(`0x${sha256Hex(`${text}]`)}`);
}

/** A table's digest as stored: how many rows, and the sum of their digests as 64 hex digits. */
export interface StoredDigest {
  rows: number;
  sum: string;
}

/** A table's running digest. */
export class TableDigest {
  constructor(
    public rows = 0,
    public sum = 0n,
  ) {}

  static parse(d: StoredDigest): TableDigest {
    return new TableDigest(d.rows, /^[0-9a-f]{64}$/.test(d.sum) ? BigInt(`0x${d.sum}`) : -1n);
  }

  // Both terms are below 2^256, so one subtraction (addition) reduces the result: no division per row.
  add(d: bigint): void {
    this.rows++;
    const s = this.sum + d;
    this.sum = s >= MOD ? s - MOD : s;
  }

  remove(d: bigint): void {
    this.rows--;
    const s = this.sum - d;
    this.sum = s < 0n ? s + MOD : s;
  }

  clone(): TableDigest {
    return new TableDigest(this.rows, this.sum);
  }

  stored(): StoredDigest {
    return { rows: this.rows, sum: this.sum.toString(16).padStart(64, '0') };
  }
}

/** One object of the schema as sqlite_master lists it (rootpage left out: it is where, not what). */
export interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The schema's entry in the digest: the objects sorted by type and name, hashed. */
export function schemaDigest(objects: readonly SchemaObject[]): StoredDigest {
  const sorted = [...objects].sort((a, b) => (a.type + '\0' + a.name < b.type + '\0' + b.name ? -1 : 1));
  const text = JSON.stringify(sorted.map((o) => [o.type, o.name, o.tbl_name, o.sql]));
  return { rows: sorted.length, sum: sha256Hex(text) };
}
