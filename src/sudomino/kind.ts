// Sudomino as a puzzle kind: its one entry, which the verbs, the build and the shared rooms call
// (src/kind.ts says what each part is for). Everything here is Sudomino's own room's.
import type { PuzzleKind } from '../kind.js';
import { checkRow, checks } from './check.js';
import { build } from './make/build.js';
import { formats } from './formats/index.js';
import { LEVELS } from './grade/ladder.js';
import { tierFor } from './rank/tier-rule.js';
import { compareShapes, parseShapes } from './shape.js';
import { reading } from './reading.js';
import { GRID_JSON_SQL, SOLUTION_JSON_SQL, fromJsonForm } from './stored.js';
import { solving } from './solve/solving.js';
import { grading } from './grade/grading.js';
import { generating } from './make/generating.js';
import { tuning } from './rank/tuning.js';

// A row of the letter form with a letter or `!`; one of the numbered form with a `!` or a `=`.
const LETTER_ROW = /^[!a-zA-Z0-9]*[!a-zA-Z][!a-zA-Z0-9]*$/;
const NUMBERED_ROW = /^(?=.*[!=])(?:!|\d+(?:=\d+)?)(?:\s+(?:!|\d+(?:=\d+)?))*$/;
const COMMENT = /^#\s*(?:values|form)\s*:|^#\s*kind\s*:\s*sudomino\s*$/i;

export const sudomino: PuzzleKind = {
  name: 'sudomino',
  title: 'Sudomino',
  sizes: {
    parse: parseShapes,
    label: (shape) => shape,
    compare: compareShapes,
    // A shape is RxC:N; Dominosa's sizes have no x.
    claims: (part) => /x/i.test(part),
    keyOf: (row) => `${row.rows}x${row.cols}:${row.m}`,
  },
  input: {
    // A `# values:`, `# form:` or `# kind: sudomino` comment.
    claimsComment: (line) => COMMENT.test(line),
    // A JSON line whose rows are text rows, or a row only Sudomino's forms read: letters, digits
    // and `!` with a letter or `!`, or numbered tokens with a `!` or `=`.
    claimsLine: (line, json) => {
      if (json === undefined) return LETTER_ROW.test(line) || NUMBERED_ROW.test(line);
      const rows = json.rows;
      if (json.kind === 'sudomino') return true;
      return Array.isArray(rows) && rows.length > 0 && rows.every((r) => typeof r === 'string');
    },
    tells: 'rows',
  },
  schema: {
    name: 'sudomino',
    shapeSql: "rows || 'x' || cols || ':' || m",
    levels: LEVELS,
    forms: {
      grid: "the board's text rows (letter or numbered form) joined by '/'",
      solution: 'one base-36 digit a cell, its value (0 where blocked)',
    },
    jsonSql: { grid: GRID_JSON_SQL, solution: SOLUTION_JSON_SQL },
    fromJsonForm: fromJsonForm,
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
