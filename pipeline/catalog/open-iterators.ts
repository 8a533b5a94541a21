// The row iterators a long read keeps open across awaits (audit's one scan of the catalog hands
// rows to its workers as it reads them). A connection cannot close while one is open, so a stop
// (signals.ts, through connection.ts) ends them first, and every catalog closes into one file.
export const openIterators = new Set<Iterator<unknown>>();
