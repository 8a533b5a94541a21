// Dominosa's boards as solve and grade read them (src/solve/reading.ts): text, JSON lines or
// Tatham game IDs through BoardReader, each refusal worded in one line.
import type { BoardReader as KindBoardReader, KindReading, ReadBoard } from '../solve/reading.js';
import { type Board, BoardReader, errorPlace, formatBoardError, type ParseResult } from './board.js';
import { parseTathamId } from './formats/tatham.js';

function worded(r: ParseResult): ReadBoard<Board> {
  return r.ok ? r : { ok: false, error: formatBoardError(r.error), where: errorPlace(r.error) };
}

/** A BoardReader as the verbs feed it: lines read in place, refusals in words. */
class Reading implements KindBoardReader<Board> {
  constructor(private readonly reader: BoardReader) {}

  push(text: string, start: number, end: number): ReadBoard<Board> | null {
    const r = this.reader.pushPart(text, start, end);
    return r === null ? null : worded(r);
  }

  end(): readonly ReadBoard<Board>[] {
    return this.reader.end().map(worded);
  }
}

export const reading: KindReading<Board> = {
  // Under 'auto' a line that starts like "6:" is a game ID.
  reader: (format) => new Reading(new BoardReader(format, parseTathamId)),
  gameIds: () => new Reading(new BoardReader('tatham', parseTathamId)),
};
