// Dominosa in every export format: the `formats` group of its kind (src/formats/kind.ts says what
// each part is for). Its game IDs are Simon Tatham's; --grade names its grader's levels.
import type { KindFormats } from '../../formats/kind.js';
import { facesError } from '../../formats/faces.js';
import { LEVELS } from '../grade/ladder.js';
import { parseGradeTarget } from '../rank/bands.js';
import { booklet } from './booklet.js';
import { pack, storedBoardOfRow } from './pack.js';
import { toTathamId } from './tatham.js';
import { web } from './web.js';

export const formats: KindFormats = {
  sampleKeys: (key) => [Number(key)],
  pack,
  booklet,
  web,
  tatham(row) {
    const res = storedBoardOfRow(row);
    if (!res.ok) return { ok: false, error: `${res.error}; run dominosa audit` };
    return { ok: true, value: toTathamId(res.value.board) };
  },
  grades(text) {
    const g = parseGradeTarget(text);
    if (!g.ok) return g;
    const { minLevel, maxLevel } = g.target;
    return { ok: true, value: LEVELS.filter((l) => l.level >= minLevel && l.level <= maxLevel).map((l) => l.name) };
  },
  facesError(row, faces) {
    const why = facesError(row.m, faces);
    // Pips go to double-9.
    return why === null ? null : `${why} (select --sizes up to 9)`;
  },
};
