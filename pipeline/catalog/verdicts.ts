// The optional verdicts table (audit --record): one row per puzzle that passed every check,
// made on first use and trusted by export only while its definition and digest hold. Its
// checksums are stored as 32 bytes and read back as hex, as the puzzles' are.
import { rowDigest, TableDigest } from '../../src/catalog/digest.js';
import { DIGEST_COLUMNS } from '../../src/catalog/schema.js';
import type { VerdictRow } from '../../src/catalog/verdict.js';
import type { Connection } from './connection.js';
import { ensureTable } from './create.js';
import { storedDigests } from './digests.js';
import { hashBlob, hexColumn } from './hash-column.js';
import { optionalSchema, optionalTables, schemaObjects } from './schema.js';

const COLUMNS = DIGEST_COLUMNS.verdicts;
const INSERT = `INSERT INTO verdicts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`;
/** A verdict row as the code holds it (VerdictRow), its checksums as hex. */
const READ = COLUMNS.map((c) =>
  c === 'checksum'
    ? hexColumn(c)
    : c === 'base_checksum'
      ? `CASE WHEN ${c} IS NULL THEN NULL ELSE lower(hex(${c})) END AS ${c}`
      : c,
).join(', ');

/**
 * Record verdicts: `passed` replace any earlier verdict of their puzzles, `failed` puzzle ids lose
 * theirs. Makes the table on first use; one transaction with its digest.
 */
export function recordVerdicts(conn: Connection, passed: readonly VerdictRow[], failed: readonly number[]): void {
  conn.write(() => {
    ensureTable(conn, 'verdicts');
    const get = conn.stmt(`SELECT ${READ} FROM verdicts WHERE puzzle_id = ?`);
    const drop = conn.stmt('DELETE FROM verdicts WHERE puzzle_id = ?');
    const put = conn.stmt(INSERT);
    const forget = (id: number): void => {
      const old = get.get(id) as VerdictRow | undefined;
      if (old === undefined) return;
      drop.run(id);
      conn.removed('verdicts', old);
    };
    for (const id of failed) forget(id);
    for (const v of passed) {
      forget(v.puzzle_id);
      put.run({
        ...v,
        checksum: hashBlob(v.checksum),
        base_checksum: v.base_checksum === null ? null : hashBlob(v.base_checksum),
      });
      conn.added('verdicts', v);
    }
  });
}

/**
 * The recorded verdicts by puzzle id, or why none can be trusted: the table is missing (never
 * recorded), or its definition or rows do not match what dominosa wrote (the digest).
 */
export function readVerdicts(
  conn: Connection,
): { ok: true; verdicts: Map<number, VerdictRow> } | { ok: false; why: string; tampered: boolean } {
  if (!optionalTables(conn.db).includes('verdicts'))
    return { ok: false, why: 'no verdicts recorded (run dominosa audit --record)', tampered: false };
  const def = schemaObjects(conn.db).find((o) => o.type === 'table' && o.name === 'verdicts');
  if (def?.sql !== optionalSchema().find((o) => o.name === 'verdicts')?.sql)
    return { ok: false, why: 'the verdicts table is not as dominosa makes it', tampered: true };
  const verdicts = new Map<number, VerdictRow>();
  const d = new TableDigest();
  for (const v of conn.stmt(`SELECT ${READ} FROM verdicts`).iterate() as IterableIterator<VerdictRow>) {
    d.add(rowDigest('verdicts', v));
    verdicts.set(v.puzzle_id, v);
  }
  const stored = storedDigests(conn.db).get('verdicts');
  const now = d.stored();
  if (stored === undefined || stored.rows !== now.rows || stored.sum !== now.sum) {
    return {
      ok: false,
      why: 'the recorded verdicts do not match their digest (changed outside dominosa)',
      tampered: true,
    };
  }
  return { ok: true, verdicts };
}
