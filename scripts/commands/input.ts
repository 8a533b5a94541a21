// Options shared by the verbs that read boards (solve, grade): the board file, the input and
// output formats, where the output goes, and the per-board budgets.
import type { BoardFormat } from '../../src/dominosa/board.js';
import { DEFAULT_LARGE_TIME_MS, LARGE_M, MAX_M } from '../../src/dominosa/solve/limits.js';
import {
  choice,
  flag,
  type FormatFiles,
  formatFor,
  oldTimeout,
  out,
  timeLimit,
  timeLimitMs,
  type Checked,
} from './options.js';

export const BOARD_OUTPUT_FORMATS = ['text', 'jsonl'] as const;
export type BoardOutputFormat = (typeof BOARD_OUTPUT_FORMATS)[number];

/** solve and grade write text or JSON lines; --out's extension picks one when --format is absent. */
export const BOARD_OUTPUT_FILES: FormatFiles<BoardOutputFormat> = { infer: { '.txt': 'text', '.jsonl': 'jsonl' } };

export const INPUT_FORMATS = ['auto', 'text', 'jsonl', 'tatham'] as const;

/** The options solve and grade share; each verb adds its own. */
export const BOARD_INPUT_OPTIONS = {
  format: choice(BOARD_OUTPUT_FORMATS, "output format [default: from --out's extension (.txt, .jsonl), else text]"),
  'input-format': choice(
    INPUT_FORMATS,
    'input format (auto: JSON lines if the first line starts with {, Tatham game IDs if it starts like 6:, else text)',
    {
      default: 'auto',
    },
  ),
  out: out(),
  force: flag('overwrite an existing --out file', { default: false }),
  'time-limit': timeLimit('board', 'give up on a board after this long', {
    shown: `no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS / 1000} s above; boards above M=${MAX_M} are refused`,
  }),
  timeout: oldTimeout('board'),
};

/** The output format: --format, or --out's extension, or text. */
export function boardOutputFormat(given: BoardOutputFormat | undefined, outPath: string): Checked<BoardOutputFormat> {
  return formatFor(given, outPath, BOARD_OUTPUT_FILES, 'text');
}

/** What BOARD_INPUT_OPTIONS say, for the run: the same in solve and grade. */
export interface BoardRunOptions {
  inputFormat: (typeof INPUT_FORMATS)[number];
  format: BoardOutputFormat;
  out: string;
  force: boolean;
  /** Per board; absent: none up to LARGE_M, the large-board default above (src/solve/limits.ts). */
  timeoutMs: number | undefined;
}

export function boardRunOptions(o: {
  format: BoardOutputFormat | undefined;
  'input-format': (typeof INPUT_FORMATS)[number];
  out: string;
  force: boolean;
  'time-limit': number | undefined;
}): Checked<BoardRunOptions> {
  const format = boardOutputFormat(o.format, o.out);
  if (!format.ok) return format;
  return {
    ok: true,
    value: {
      inputFormat: o['input-format'],
      format: format.value,
      out: o.out,
      force: o.force,
      timeoutMs: timeLimitMs(o['time-limit']),
    },
  };
}

export type { BoardFormat };
