// The time stamps dominosa writes into a catalog (its creation, a build's or a merge's start and
// finish, a migration, a recorded verdict) and into a json pack's manifest: SOURCE_DATE_EPOCH's
// when it is set (the reproducible-builds convention), so the same build writes the same bytes;
// else the clock's.
import { UserError } from './errors.js';

/** The last second an ISO time stamp of four-digit years can name (9999-12-31T23:59:59Z). */
const LAST_SECOND = 253_402_300_799;

/** The line refusing SOURCE_DATE_EPOCH's value, or null when it is unset or whole seconds since 1970. */
export function sourceDateError(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value) && Number(value) <= LAST_SECOND) return null;
  return `SOURCE_DATE_EPOCH is ${JSON.stringify(value)}: set it to whole seconds since 1970-01-01 UTC (as date +%s prints them), or unset it`;
}

/** Refuse a SOURCE_DATE_EPOCH no time stamp can be made of, before anything is written. */
export function checkSourceDate(env: NodeJS.ProcessEnv = process.env): void {
  const why = sourceDateError(env.SOURCE_DATE_EPOCH);
  if (why !== null) throw new UserError(why);
}

/** The time of a stamp written now: SOURCE_DATE_EPOCH's when it is set, else the clock's. */
export function stampDate(env: NodeJS.ProcessEnv = process.env): Date {
  checkSourceDate(env);
  const epoch = env.SOURCE_DATE_EPOCH;
  return epoch === undefined ? new Date() : new Date(Number(epoch) * 1000);
}

/** A stamp written now, as the catalog stores them (ISO 8601, UTC). */
export function timeStamp(env: NodeJS.ProcessEnv = process.env): string {
  return stampDate(env).toISOString();
}
