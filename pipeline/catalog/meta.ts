// The meta table: what the file is (app, schema version) and when it was made, one value per key.
import type { Connection } from './connection.js';

const COLUMNS = ['key', 'value'] as const;

export function putMeta(conn: Connection, key: string, value: string): void {
  conn.write(() => {
    const old = conn.stmt('SELECT key, value FROM meta WHERE key = ?').get(key) as
      { key: string; value: string } | undefined;
    if (old !== undefined) conn.removed('meta', old);
    conn.stmt(`INSERT OR REPLACE INTO meta (${COLUMNS.join(', ')}) VALUES (?, ?)`).run(key, value);
    conn.added('meta', { key, value });
  });
}

export function metaValue(conn: Connection, key: string): string | null {
  return (conn.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}
