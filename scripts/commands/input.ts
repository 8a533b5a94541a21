// Options shared by the verbs that read boards (solve, grade): the kind of the boards, the board
// file, the input and output formats, where the output goes, the per-board budgets, and the N of
// boards that do not say it.
import type { BoardFormat } from '../../src/kind.js';
import { allKinds, DEFAULT_KIND, kindNamed, type PuzzleKind } from '../../src/kinds.js';
import {
  choice,
  flag,
  type FormatFiles,
  formatFor,
  kind,
  oldTimeout,
  type OptionSpec,
  out,
  timeLimit,
  timeLimitMs,
  type Checked,
  scopeCheck,
  whole,
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
    shown: kindNamed(DEFAULT_KIND).solving.defaultsInWords,
  }),
  timeout: oldTimeout('board'),
};

/** --kind of a verb that reads boards: no default, the kind is told from the input. */
export function boardKind(verb: string): OptionSpec<string | undefined> {
  const shows = allKinds().flatMap((k) => k.reading.shows ?? []);
  return kind(verb, undefined, {
    shown: `told from the input${shows.length > 0 ? ` (${shows.join('; ')})` : ''}, else ${DEFAULT_KIND}`,
  });
}

// The N of boards that do not say it, as the kind whose boards may leave it unsaid words it.
const VALUES = allKinds().find((k) => k.reading.values !== undefined)?.reading.values ?? {
  describe: 'N for boards that do not say it',
  default: 1,
  max: Number.MAX_SAFE_INTEGER,
};

/** --values: N for boards that do not say it (src/solve/reading.ts); checkValues caps it. */
export function valuesOption(): OptionSpec<number> {
  return whole(VALUES.describe, 1, { default: VALUES.default });
}

/** The line refusing a --values above its cap, or null. */
export function checkValues(values: number): string | null {
  return values > VALUES.max ? `--values must be at most ${VALUES.max} (got ${values})` : null;
}

/** The kinds whose boards read --values: those whose boards may leave their N unsaid. */
export const READS_VALUES = (k: PuzzleKind): boolean => k.reading.values !== undefined;

/**
 * The options given that only some kinds' boards read (`takes`: the kinds that do, by option),
 * as the check of the boards' kind: the line refusing one that kind does not read, or null. With
 * --kind it runs as the options are read; without, once the kind is told from the input.
 */
export function boardScope(
  argv: Record<string, unknown>,
  takes: Readonly<Record<string, (k: PuzzleKind) => boolean>>,
): (kind: PuzzleKind) => string | null {
  const scopes = Object.fromEntries(Object.entries(takes).map(([name, kinds]) => [name, { kinds }]));
  return (kind) => {
    const res = scopeCheck((name) => argv[name] !== undefined, scopes, undefined, [kind]);
    return res.ok ? null : res.error;
  };
}

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
  /** Per board; absent: the kind's default for the board (src/solve/budget.ts). */
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
