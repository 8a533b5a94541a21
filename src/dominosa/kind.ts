// Dominosa as a puzzle kind: its one entry, which the verbs, the build and the shared rooms call
// (src/kind.ts says what each part is for). Everything here is Dominosa's own room's.
import type { PuzzleKind } from '../kind.js';
import { checkRow, checks } from './check.js';
import { build } from './make/build.js';
import { formats } from './formats/index.js';
import { LEVELS } from './grade/ladder.js';
import { tierFor } from './rank/tier-rule.js';
import { namesMs, parseMs, sizeLabel } from './sizes.js';
import { reading } from './reading.js';
import { fromJsonForm, GRID_JSON_SQL, SOLUTION_JSON_SQL } from './stored.js';
import { solving } from './solve/solving.js';
import { grading } from './grade/grading.js';
import { generating } from './make/generating.js';
import { tuning } from './rank/tuning.js';

// A Tatham Dominosa game ID ("6:0123...", "6de:...", or the random-seed "6#12345" its reader
// refuses) has letters but is Dominosa's.
const GAME_ID = /^\d+[a-z]*[:#]/;

export const dominosa: PuzzleKind = {
  name: 'dominosa',
  title: 'Dominosa',
  sizes: {
    parse(text) {
      const res = parseMs(text);
      return res.ok ? { ok: true, value: res.value.map(String) } : res;
    },
    label: sizeLabel,
    compare: (a, b) => Number(a) - Number(b),
    claims: namesMs,
    keyOf: (row) => String(row.m),
  },
  input: {
    claimsComment: () => false,
    // A pack record of its kind, a JSON line with a grid (its rows a count, not a list), or a Tatham game ID.
    claimsLine: (line, json) =>
      json === undefined
        ? GAME_ID.test(line)
        : json.kind === 'dominosa' || ('grid' in json && !Array.isArray(json.rows)),
    tells: 'grid',
  },
  schema: {
    name: 'dominosa',
    shapeSql: 'CAST(m AS TEXT)',
    levels: LEVELS,
    forms: {
      grid: 'base-36 digits, ceil(log36(M+1)) a cell (one up to M = 35, two up to M = 1295)',
      solution: "one letter a cell, the side its domino's other cell lies on: L, R, U or D",
    },
    jsonSql: { grid: GRID_JSON_SQL, solution: SOLUTION_JSON_SQL },
    fromJsonForm,
  },
  tierOf: tierFor,
  checkRow,
  checks,
  build,
  reading,
  solving,
  grading,
  generating,
  tuning,
  formats,
};
