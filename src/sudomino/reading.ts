// Sudomino's boards as solve and grade read them (src/solve/reading.ts): the letter and numbered
// text forms and JSON lines through SudominoReader, each refusal worded in one line. It has no
// Tatham game IDs.
import type { BoardReader, KindReading, ReadBoard } from '../solve/reading.js';
import { DEFAULT_VALUES, formatSudominoError, MAX_VALUES, type SudominoBoard, type SudominoParse } from './board.js';
import { SudominoReader } from './parse.js';

function worded(r: SudominoParse): ReadBoard<SudominoBoard> {
  return r.ok ? r : { ok: false, error: formatSudominoError(r.error) };
}

/** A SudominoReader as the verbs feed it; it tells text from JSON lines board by board. */
class Reading implements BoardReader<SudominoBoard> {
  private readonly reader: SudominoReader;

  constructor(values: number | undefined) {
    this.reader = new SudominoReader(values);
  }

  push(text: string, start: number, end: number): ReadBoard<SudominoBoard> | null {
    const r = this.reader.push(text.slice(start, end));
    return r === null ? null : worded(r);
  }

  end(): readonly ReadBoard<SudominoBoard>[] {
    const r = this.reader.end();
    return r === null ? [] : [worded(r)];
  }
}

export const reading: KindReading<SudominoBoard> = {
  reader: (_format, values) => new Reading(values),
  shows: 'a Sudomino board has ! or letters',
  values: {
    describe: `Sudomino's N (values 1..N, at most ${MAX_VALUES}) for boards without a "# values: N" line or "values" field`,
    default: DEFAULT_VALUES,
    max: MAX_VALUES,
  },
};
