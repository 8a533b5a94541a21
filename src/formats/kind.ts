// What the export formats ask of a puzzle kind: the `formats` group of src/kind.ts. The writers of
// this room (pack.ts, csv.ts, booklet*.ts, pdf.ts, web.ts) and the export verb know no kind: a
// puzzle carries its kind's name, and the kind gives everything about its board. A kind gives at
// least its pack forms (its records) or a JSON line; a format whose part a kind lacks refuses its
// puzzles in one line.
import type { Parsed } from '../parsed.js';
import type { WebEntry } from '../play/pack.js';
import type { Faces } from './faces.js';
import type { PdfCanvas } from './pdf-canvas.js';

/** A catalog row as export reads it: the stored columns, board and solution in the text forms its kind stores. */
export interface ExportRow {
  id: number;
  kind: string;
  /** The key of its size (the catalog's shape column: "6", "8x8:6"). */
  shape: string;
  m: number;
  rows: number;
  cols: number;
  grid: string;
  solution: string;
  tier: string;
  nodes: number;
  grade: string | null;
  score: number | null;
  base_id: number | null;
  transform: string | null;
}

/**
 * One catalog puzzle as every format receives it: what the kinds share, tagged with its kind's
 * name. A kind's own puzzles extend it with their board and solution (src/<kind>/formats/pack.ts),
 * in the same orientation (a variant's own).
 */
export interface PackPuzzle {
  kind: string;
  id: number | string;
  rows: number;
  cols: number;
  tier: string;
  /** The kind's reference search nodes. */
  nodes: number;
  /** The human grader's level name and its score, when known. */
  grade?: string;
  score?: number;
  baseId?: number | null;
  transform?: string | null;
}

/** A puzzle's size in a record: its key (the catalog's shape column: "6", "8x8:6") and how people read it. */
export interface RecordSize {
  key: string;
  label: string;
}

/**
 * One puzzle as every data format (json, jsonl, csv) holds it, the same fields of the same types
 * for every kind: what the kinds share, then the kind's own part (size, puzzle, solution, in its
 * documented text forms). An absent value is null, never a missing field. data/pack.schema.json states it.
 */
export interface PackRecord {
  kind: string;
  id: number | string;
  size: RecordSize;
  tier: string;
  grade: string | null;
  /** The technique the grade needs, for people ("Hard: set analysis"); null with no grade. */
  technique: string | null;
  score: number | null;
  nodes: number;
  base_id: number | null;
  transform: string | null;
  puzzle: string;
  solution: string;
}

/** What a kind spells of a record: its size, and its puzzle and solution as text. */
export type RecordPart = Pick<PackRecord, 'size' | 'puzzle' | 'solution'>;

/** A text field's rule in the pack schema: a regular expression (ECMA-262) every value matches, and its words. */
export interface TextRule {
  pattern: string;
  description: string;
}

/**
 * What the pack schema (src/formats/schema.ts, shipped as data/pack.schema.json) says of a
 * kind's records beyond the shared fields.
 */
export interface KindRecordSchema {
  /** Its size keys ("6"; "8x8:6"). */
  readonly sizeKey: TextRule;
  readonly puzzle: TextRule;
  readonly solution: TextRule;
  /** The names of its grader's levels, which `grade` takes. */
  readonly grades: readonly string[];
}

/** A kind's puzzles in the data packs: its records (json, jsonl, csv) and the text pack (and the pack puzzle every other format starts from). */
export interface KindPack {
  /** The pack puzzle of a stored row, or the one line that says what is wrong with it ("puzzle 12: ..."). */
  puzzleOf(row: ExportRow): Parsed<PackPuzzle>;
  /** What a grade needs, for people ("Hard: set analysis"); null for a name the kind's grader lacks. */
  technique(grade: string): string | null;
  /** The levels of the kind's grader: a score runs from 1 to below levels + 1. */
  readonly levels: number;
  /** The kind's part of the puzzle's record: its size, and its puzzle and solution in the kind's text forms. */
  record(p: PackPuzzle): RecordPart;
  /** Why a record read back has a wrong size, puzzle or solution (the kind's part), or null. */
  recordError(r: Readonly<Record<string, unknown>>): string | null;
  /** What the pack schema says of the kind's records. */
  readonly schema: KindRecordSchema;
  /** The puzzle in the text pack: comments (its id and tier among them), then its rows, as the kind's reader takes them. */
  text(p: PackPuzzle): string[];
  /** Its solution in the text pack's closing section, every line a comment. */
  solutionText(p: PackPuzzle): string[];
}

/** Where a drawing goes in a PDF page: its top-left corner (plan mm, margins included) and its cell side (mm). */
export interface PdfPlace {
  x: number;
  y: number;
  cell: number;
}

/** The tally printed beside a board, to tick off what has been placed. */
export interface KindTally {
  /** Its side, in its own cells. */
  units(p: PackPuzzle): number;
  /** As SVG, printed with cells of `cellMm` mm: its labels never under the booklet's smallest type. */
  svg(p: PackPuzzle, faces: Faces, cellMm: number): string;
  pdf(page: PdfCanvas, at: PdfPlace, p: PackPuzzle, faces: Faces): void;
}

/** What the booklet's cover says of a kind: its rules and a worked example, before and after. */
export interface KindCover {
  /** The rules, as printed (the faces chosen may change their words). */
  rules(faces: Faces): string;
  /** The example as the HTML cover shows it: one element holding both drawings. */
  exampleHtml(faces: Faces): string;
  /** The example the PDF cover draws twice, and the captions under the two drawings. */
  readonly example: PackPuzzle;
  readonly captions: readonly [string, string];
  /** The gap between the two drawings (mm). */
  readonly gap: number;
  /** The example's cell (mm), given the height the page leaves it (mm) and whether another kind's example shares the page (in a column beside it). */
  cell(room: number, shared: boolean): number;
  /** Style the HTML cover adds where it holds this kind. */
  readonly css?: string;
}

/** A kind's puzzles in the booklets (html and pdf): names, order, size on the page, drawings and the cover. */
export interface KindBooklet {
  /** The puzzle's plain title: its set and its grid ("Double-6, 7 × 8"). */
  title(p: PackPuzzle): string;
  /** The size in a caption `width` mm wide: shorter, or '' where it is too narrow beside the id. */
  caption(p: PackPuzzle, width: number): string;
  /** A contents line's sizes of the kind's puzzles in a section, in booklet order ("Double-3 to 6"). */
  sizes(ps: readonly PackPuzzle[]): string;
  /** The booklet's order of the kind's puzzles within a tier, smaller boards first. */
  compare(a: PackPuzzle, b: PackPuzzle): number;
  /** The digits of the widest number the board shows with these faces (its smallest readable cell follows). */
  digits(p: PackPuzzle, faces: Faces): number;
  /** The board as a self-contained SVG, bare or solved. */
  svg(p: PackPuzzle, opts: { title: string; solved: boolean; faces: Faces }): string;
  /** The board drawn on a PDF page, in the geometry of its SVG. */
  pdf(page: PdfCanvas, at: PdfPlace, p: PackPuzzle, solved: boolean, faces: Faces): void;
  /** Absent: the kind prints no tally (export refuses --tally for it). */
  readonly tally?: KindTally;
  readonly cover: KindCover;
}

/** One web pack's maker of a kind's entries: what they share (the rules their steps index into, a grader). */
export interface KindWebPack {
  /** The puzzle as the page plays it: its number, its solution and the grader's deductions as steps. */
  entry(p: PackPuzzle, number: number): WebEntry;
  /** The pack's fields beside its puzzles that the kind's entries need; `used`: whether the pack holds any. */
  fields(used: boolean): Record<string, unknown>;
}

/** A kind's puzzles in the web pack. */
export interface KindWeb {
  start(): KindWebPack;
  /** The order of the kind's puzzles within a tier, for their numbers: smaller first. */
  compare(a: PackPuzzle, b: PackPuzzle): number;
}

/** What the export verb and its formats ask of a kind. */
export interface KindFormats {
  /**
   * A kind without pack forms (a plugin's): the JSON line of a stored row (jsonl, no line end), or
   * the one line that refuses a damaged row. A kind with them writes its records instead.
   */
  jsonLine?(row: ExportRow): Parsed<string>;
  /**
   * The keys of a size's sample stream in a seeded pack (--count): apart from every other size's,
   * of every kind. Absent: a stream keyed by the kind's name and the size's key (sampleStream).
   */
  sampleKeys?(key: string): number[];
  /** What a sentence calls one of the kind's sizes ("shape"); absent: "size". */
  readonly sizeWord?: string;
  /** Absent: json, text, csv, the booklets and the web pack refuse the kind, and jsonl writes its jsonLine. */
  readonly pack?: KindPack;
  readonly booklet?: KindBooklet;
  readonly web?: KindWeb;
  /** Simon Tatham's game ID of a stored row; absent: his collection does not have the kind. */
  tatham?(row: ExportRow): Parsed<string>;
  /**
   * The names (the catalog's grade column) of the grader levels a --grade text names (a band or a
   * level), or the one line that refuses it; absent: --grade names none of the kind's.
   */
  grades?(text: string): Parsed<string[]>;
  /**
   * Why these faces cannot show a row's board, or null; absent: the kind shows its numbers its own
   * way, whatever the faces (export refuses --one-based and --pips for it).
   */
  facesError?(row: ExportRow, faces: Faces): string | null;
}

/** What the writers know of a kind: its name, its title and its formats (a PuzzleKind is one). */
export interface FormatsKind {
  readonly name: string;
  readonly title: string;
  readonly formats: KindFormats;
}

/** The keys of a size's sample stream: the kind's own, or -3 and the characters of its name and the key. */
export function sampleStream(kind: FormatsKind, key: string): number[] {
  return (
    kind.formats.sampleKeys?.(key) ?? [-3, ...Array.from(`${kind.name}:${key}`, (c) => c.codePointAt(0) as number)]
  );
}

/** The kind of a puzzle among the kinds given; a puzzle of none of them is a bug of the caller. */
export function kindOf<K extends FormatsKind>(kinds: readonly K[], p: { kind: string }): K {
  const k = kinds.find((x) => x.name === p.kind);
  if (k === undefined) throw new Error(`no kind of the pack is named ${JSON.stringify(p.kind)}`);
  return k;
}

/** The kinds a list of puzzles holds, in the order given (the registry's); none: the first kind alone. */
export function kindsIn<K extends FormatsKind>(kinds: readonly K[], puzzles: readonly { kind: string }[]): K[] {
  const present = kinds.filter((k) => puzzles.some((p) => p.kind === k.name));
  return present.length > 0 || kinds.length === 0 ? present : [kinds[0]];
}

/** Kinds in words for a heading: "Dominosa", "Dominosa and Sudomino". */
export function kindWords(kinds: readonly FormatsKind[]): string {
  const titles = kinds.map((k) => k.title);
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : (titles[0] ?? '');
}

/** A part of the kind's formats that a writer needs; the verb refused the kind without it first, so its lack is a bug. */
export function partOf<P>(kind: FormatsKind, part: P | undefined, what: string): P {
  if (part === undefined) throw new Error(`${kind.title} puzzles have no ${what} form`);
  return part;
}
