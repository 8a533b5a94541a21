// The slots table: every decided slot of a build, committed with the puzzles it kept, so a
// resumed build starts after the last committed slot of each size. A build makes one kind, so
// a shape (M for Dominosa, RxC:N for Sudomino) names one of its sizes.
import { DIGEST_COLUMNS, type SlotOutcome } from '../../src/catalog/schema.js';
import type { Connection } from './connection.js';

export interface SlotRow {
  build_id: number;
  shape: string;
  slot: number;
  outcome: SlotOutcome;
  attempts: number;
  puzzle_id: number | null;
}

/** The slots table's columns, in table order (the digest's too). */
const COLUMNS = DIGEST_COLUMNS.slots satisfies readonly (keyof SlotRow)[];
const ONE = `(${COLUMNS.map(() => '?').join(', ')})`;
const HEAD = `INTO slots (${COLUMNS.join(', ')}) VALUES `;
/** Slot rows bound to one multi-row INSERT. */
const ROWS_PER_INSERT = 32;

/**
 * The one insert of slot rows. A slot row is small, so the statement's own cost dominates: a
 * batch binds ROWS_PER_INSERT rows to one statement, in the same order. `orIgnore` keeps a row
 * already there (a merge's), one statement per row, so the digest counts only rows inserted.
 */
export function insertSlots(conn: Connection, rows: readonly SlotRow[], orIgnore = false): void {
  conn.write(() => {
    const values: SlotRow[keyof SlotRow][] = [];
    const bind = (r: SlotRow): void => {
      for (const c of COLUMNS) values.push(r[c]);
    };
    if (orIgnore) {
      const one = conn.stmt(`INSERT OR IGNORE ${HEAD}${ONE}`);
      for (const r of rows) {
        values.length = 0;
        bind(r);
        if (one.run(values).changes === 1) conn.added('slots', r);
      }
      return;
    }
    const one = conn.stmt(`INSERT ${HEAD}${ONE}`);
    const many = conn.stmt(`INSERT ${HEAD}${Array<string>(ROWS_PER_INSERT).fill(ONE).join(', ')}`);
    let i = 0;
    for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
      values.length = 0;
      for (let k = i; k < i + ROWS_PER_INSERT; k++) bind(rows[k]);
      many.run(values);
    }
    for (; i < rows.length; i++) {
      values.length = 0;
      bind(rows[i]);
      one.run(values);
    }
    for (const r of rows) conn.added('slots', r);
  });
}

/** The first slot of a shape not yet committed for the build (slots commit in order). */
export function nextSlot(conn: Connection, buildId: number, shape: string): number {
  const v = conn.stmt('SELECT MAX(slot) FROM slots WHERE build_id = ? AND shape = ?').pluck().get(buildId, shape) as
    number | null;
  return v === null ? 0 : v + 1;
}

/** Committed slots of a build and shape, by outcome, with their attempts. */
export function slotStats(
  conn: Connection,
  buildId: number,
  shape: string,
): Map<SlotOutcome, { slots: number; attempts: number }> {
  const rows = conn
    .stmt(
      'SELECT outcome, COUNT(*) AS slots, SUM(attempts) AS attempts FROM slots WHERE build_id = ? AND shape = ? GROUP BY outcome',
    )
    .all(buildId, shape) as { outcome: SlotOutcome; slots: number; attempts: number }[];
  return new Map(rows.map((r) => [r.outcome, { slots: r.slots, attempts: r.attempts }]));
}

/** Committed slot rows of a build and shape in slot order, one at a time. */
export function iterateSlots(conn: Connection, buildId: number, shape: string): IterableIterator<SlotRow> {
  return conn
    .stmt('SELECT * FROM slots WHERE build_id = ? AND shape = ? ORDER BY slot')
    .iterate(buildId, shape) as IterableIterator<SlotRow>;
}
