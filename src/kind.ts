// The puzzle-kind interface: everything a verb, the build or a shared room asks of a kind. A kind
// implements it in one entry file (src/<kind>/kind.ts) and is registered in src/kinds.ts; nothing
// outside a kind's room asks which kind a puzzle is. Each group of the interface is declared in
// the shared room that uses it (the catalog's checks, the slots, the packs) and gathered here.
import type { KindBuild } from './catalog/build.js';
import type { Failure, KindChecks, SharedFields, StoredPuzzle } from './catalog/check.js';
import type { KindSchema } from './catalog/schema.js';
import type { KindName } from './kind-name.js';
import type { KindFormats } from './formats/kind.js';
import type { Parsed } from './parsed.js';
import type { Difficulty, TierRule } from './rank/rule.js';
import type { Tier } from './rank/tiers.js';
import type { KindGrading } from './grade/grading.js';
import type { KindGenerating } from './make/generating.js';
import type { KindTuning } from './rank/tuning.js';
import type { KindReading } from './solve/reading.js';
import type { KindSolving } from './solve/solving.js';

export type { KindName } from './kind-name.js';

/** How a board file is written: text, JSON lines, Tatham game IDs (Dominosa's), or told from its start. */
export type BoardFormat = 'text' | 'jsonl' | 'tatham' | 'auto';

/** A kind's sizes, each named by its key: the text the catalog's shape column holds ("6", "8x8:6"). */
export interface KindSizes {
  /** The sizes a --sizes text names, as keys in the kind's order, or the one-line refusal. */
  parse(text: string): Parsed<string[]>;
  /** How people read a size: "M=6", "8x8:6". */
  label(key: string): string;
  /** The kind's order of sizes, smallest first. */
  compare(a: string, b: string): number;
  /** A part of a --sizes list of several kinds that names this kind's sizes (parse may still refuse it). */
  claims(part: string): boolean;
  /** The key of a stored row's size, from its m, rows and cols: what the schema's shapeSql derives. */
  keyOf(row: { m: number; rows: number; cols: number }): string;
}

/** How a kind's boards are told apart from another kind's at the start of an input. */
export interface KindInput {
  /** A comment line (starting with '#') that says the input holds this kind's boards. */
  claimsComment(line: string): boolean;
  /**
   * The first board line of an input is this kind's: `json` is the line parsed when it is a JSON
   * object, else undefined. Two kinds never both claim a line.
   */
  claimsLine(line: string, json: Readonly<Record<string, unknown>> | undefined): boolean;
  /** The JSON field that tells this kind's board lines ("grid"), named when another kind's reader meets one. */
  readonly tells?: string;
}

export interface PuzzleKind {
  readonly name: KindName;
  /** The kind's name for people: "Dominosa". */
  readonly title: string;
  readonly sizes: KindSizes;
  readonly input: KindInput;
  readonly schema: KindSchema;
  /** The tier of a puzzle of this kind under its size's rule, or null when it fits none. */
  tierOf(d: Difficulty, rule: TierRule): Tier | null;
  /**
   * The checks of a stored row that need no proof: its checksum, its tier under its size's rule
   * (none: not checked), and a variant's agreement with its base. What a verb that builds on
   * stored rows trusts them by.
   */
  checkRow(p: StoredPuzzle, base: SharedFields | null, rule: TierRule | null): Failure[];
  /**
   * What audit and export check of the kind's rows beyond checkRow: the full check of a puzzle
   * with its proofs (a checker per thread), the kind's judges and versions, its default proof
   * budget, and its catalog-wide checks (src/catalog/check.ts).
   */
  readonly checks: KindChecks;
  /** What a build and a merge ask of the kind: its plan, key, slot-maker and words (src/catalog/build.ts). */
  readonly build: KindBuild;
  // The groups below are typed by the kind's own board in its room (KindReading<Board>, ...); here
  // a board is unknown: a verb hands a board only back to the kind whose reader made it.
  /** Reading boards from an input (solve, grade). */
  readonly reading: KindReading;
  /** Proving boards under budgets and wording the result (solve). */
  readonly solving: KindSolving;
  /** Grading boards and wording the grade (grade). */
  readonly grading: KindGrading;
  /** Making slots outside a catalog (generate). */
  readonly generating: KindGenerating;
  /** Proposing a size's cuts from its base puzzles (tune). */
  readonly tuning: KindTuning;
  /** Its puzzles in every export format (json, jsonl, csv, text, tatham, the booklets, the web pack). */
  readonly formats: KindFormats;
}
