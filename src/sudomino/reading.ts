// Sudomino's boards as solve and grade read them (src/solve/reading.ts): the letter and numbered
// text forms and JSON lines through TextReader, each refusal worded in one line. It has no
// Tatham game IDs.
import type { BoardReader, KindReading, ReadBoard } from '../solve/reading.js';
import { DEFAULT_VALUES, errorPlace, formatBoardError, MAX_VALUES, type Board, type ParseResult } from './board.js';
import { TextReader } from './parse.js';

function worded(r: ParseResult): ReadBoard<Board> {
  return r.ok ? r : { ok: false, error: formatBoardError(r.error), where: errorPlace(r.error) };
}

/** A TextReader as the verbs feed it; it tells text from JSON lines board by board. */
class Reading implements BoardReader<Board> {
  private readonly reader: TextReader;

  constructor(values: number | undefined) {
    this.reader = new TextReader(values);
  }

  push(text: string, start: number, end: number): ReadBoard<Board> | null {
    const r = this.reader.push(text.slice(start, end));
    return r === null ? null : worded(r);
  }

  end(): readonly ReadBoard<Board>[] {
    const r = this.reader.end();
    return r === null ? [] : [worded(r)];
  }
}

export const reading: KindReading<Board> = {
  reader: (_format, values) => new Reading(values),
  shows: 'a Sudomino board has ! or letters',
  values: {
    describe: `Sudomino's N (values 1..N, at most ${MAX_VALUES}) for boards without a "# values: N" line or "values" field`,
    default: DEFAULT_VALUES,
    max: MAX_VALUES,
  },
};
