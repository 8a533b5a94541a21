// Puzzle packs, the files `dominosa export` writes: one versioned JSON document with a manifest
// and a checksum, plain text (grids, then solution drawings as comments) and JSON lines, each
// holding Dominosa puzzles, Sudomino puzzles or both.
// Builders are pure string functions; reading a pack back goes through verifyPackJson.
import { createHash } from 'node:crypto';
import { boardFromGrid, formatBoardError, formatBoardText, type Board } from '../dominosa/board.js';
import { checkSolution, type Solution } from '../dominosa/solve/solution.js';
import { LEVELS } from '../dominosa/grade/ladder.js';
import { techniqueOf } from '../dominosa/rank/bands.js';
import { drawBoard } from '../dominosa/formats/drawing.js';
import { TOP_LEVEL } from '../sudomino/grade/ladder.js';
import { formatAnswer, formatSudominoText } from '../sudomino/formats/text.js';
import { sudominoTechniqueOf } from '../sudomino/formats/technique.js';
import { parseShape } from '../sudomino/shape.js';
import { sudominoBoardOf, sudominoSolutionError } from '../sudomino/formats/read-back.js';

/** One catalog puzzle as the exporters receive it. Grid and solution share the same orientation. */
/** Every format `dominosa export` writes: the packs here, CSV, Tatham ids, the booklets, the web page. */
export const EXPORT_FORMATS = ['json', 'jsonl', 'csv', 'text', 'tatham', 'html', 'pdf', 'web'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const DEFAULT_PACK_NAME = 'Dominosa';

export interface PackPuzzle {
  id: number | string;
  m: number;
  rows: number;
  cols: number;
  tier: string;
  /** Reference search nodes (the difficulty measure behind the tier by default). */
  nodes: number;
  /** The human-technique grade (hardest level needed) and its score, when known. */
  grade?: string;
  score?: number;
  grid: number[][];
  solution: [number, number, number, number][];
  baseId?: number | null;
  transform?: string | null;
}

/**
 * A Sudomino puzzle as the exporters receive it; `kind` tells it from Dominosa's PackPuzzle.
 * Board and solution share the same orientation (a variant's own).
 */
export interface SudominoPackPuzzle {
  kind: 'sudomino';
  id: number | string;
  /** RxC:N (src/sudomino/shape.ts). */
  shape: string;
  rows: number;
  cols: number;
  /** N: every open cell holds 1..N. */
  values: number;
  tier: string;
  /** The reference solver's search nodes (src/sudomino/solve/solver.ts). */
  nodes: number;
  /** The human-technique grade (the ladder's level name) and its score, when known. */
  grade?: string;
  score?: number;
  /** The board's rows in the text form src/sudomino/formats/text.ts's boardRows writes (letters and digit pairs, or numbered). */
  board: string[];
  /** Each cell's value, row by row, 0 where blocked. */
  solution: number[][];
  baseId?: number | null;
  transform?: string | null;
}

/** Any puzzle a pack may hold: Dominosa's (no kind, or kind 'dominosa') or Sudomino's. */
export type AnyPackPuzzle = (PackPuzzle & { kind?: 'dominosa' }) | SudominoPackPuzzle;

export function isSudomino(p: AnyPackPuzzle | PackPuzzle): p is SudominoPackPuzzle {
  return 'kind' in p && p.kind === 'sudomino';
}

/** The technique a puzzle's grade needs, in words ("Hard: set analysis"); '' when not graded. */
export function techniqueLine(p: Pick<PackPuzzle, 'grade'> & { kind?: string }): string {
  if (p.grade === undefined) return '';
  return (p.kind === 'sudomino' ? sudominoTechniqueOf(p.grade) : techniqueOf(p.grade)) ?? p.grade;
}

/** Which kinds a list holds; an empty list counts as Dominosa. */
export interface KindsPresent {
  dominosa: boolean;
  sudomino: boolean;
}

export function kindsOf(puzzles: readonly AnyPackPuzzle[]): KindsPresent {
  const sudomino = puzzles.some(isSudomino);
  return { dominosa: !sudomino || puzzles.some((p) => !isSudomino(p)), sudomino };
}

/** The kinds present, in words for a heading: "Dominosa", "Sudomino" or "Dominosa and Sudomino". */
export function kindWords(k: KindsPresent): string {
  return k.sudomino && k.dominosa ? 'Dominosa and Sudomino' : k.sudomino ? 'Sudomino' : 'Dominosa';
}

export interface PackManifest {
  name: string;
  /** ISO 8601 time the pack was made. */
  created: string;
  buildId: number | string | null;
  schemaVersion: number;
  count: number;
  /** sha256 (hex) of canonicalJson(puzzles). */
  checksum: string;
}

/** A puzzle as the JSON pack stores it. */
export interface PackEntry {
  id: number | string;
  size: { m: number; rows: number; cols: number };
  tier: string;
  nodes: number;
  /** Added in later packs of version 1; readers must not require them. */
  grade?: string;
  score?: number;
  /** The technique the grade needs, for people ("Hard: set analysis"); with grade. */
  technique?: string;
  grid: number[][];
  solution: [number, number, number, number][];
}

/** A Sudomino puzzle as the JSON pack stores it; Dominosa entries carry no kind. */
export interface SudominoPackEntry {
  kind: 'sudomino';
  id: number | string;
  /** RxC:N. */
  shape: string;
  values: number;
  tier: string;
  nodes: number;
  grade?: string;
  score?: number;
  technique?: string;
  /** The board's text rows (letter or numbered form). */
  board: string[];
  /** Each cell's value, row by row, 0 where blocked. */
  solution: number[][];
}

export type AnyPackEntry = PackEntry | SudominoPackEntry;

export interface PackDocument {
  format: typeof PACK_FORMAT;
  version: typeof PACK_VERSION;
  manifest: PackManifest;
  puzzles: AnyPackEntry[];
}

export const PACK_FORMAT = 'dominosa-pack';
export const PACK_VERSION = 1;

export type PackMeta = Pick<PackManifest, 'name' | 'created' | 'buildId' | 'schemaVersion'>;

/**
 * JSON with object keys sorted at every level and no whitespace, so equal data always hashes
 * equally, whatever order or spacing a file was written with.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function entryOf(p: AnyPackPuzzle): AnyPackEntry {
  if (isSudomino(p)) {
    return {
      kind: 'sudomino',
      id: p.id,
      shape: p.shape,
      values: p.values,
      tier: p.tier,
      nodes: p.nodes,
      ...(p.grade === undefined ? {} : { grade: p.grade }),
      ...(p.score === undefined ? {} : { score: p.score }),
      ...(p.grade === undefined ? {} : { technique: techniqueLine(p) }),
      board: p.board,
      solution: p.solution,
    };
  }
  return {
    id: p.id,
    size: { m: p.m, rows: p.rows, cols: p.cols },
    tier: p.tier,
    nodes: p.nodes,
    ...(p.grade === undefined ? {} : { grade: p.grade }),
    ...(p.score === undefined ? {} : { score: p.score }),
    ...(p.grade === undefined ? {} : { technique: techniqueOf(p.grade) ?? p.grade }),
    grid: p.grid,
    solution: p.solution,
  };
}

/** The pack checksum of these puzzles: sha256 (hex) of their entries' canonical JSON. */
export function packChecksum(puzzles: readonly AnyPackPuzzle[]): string {
  return sha256(canonicalJson(puzzles.map(entryOf)));
}

/**
 * The JSON pack: `{"format","version","manifest","puzzles"}`. The manifest comes first and
 * each puzzle takes one line, so the file stays readable and diffs well; the checksum covers
 * the puzzles only (their canonical JSON), so re-indenting the file does not break it.
 */
export function buildPackJson(puzzles: readonly AnyPackPuzzle[], meta: PackMeta): string {
  const entries = puzzles.map(entryOf);
  const manifest: PackManifest = {
    name: meta.name,
    created: meta.created,
    buildId: meta.buildId,
    schemaVersion: meta.schemaVersion,
    count: entries.length,
    checksum: sha256(canonicalJson(entries)),
  };
  const lines = entries.map((e) => JSON.stringify(e));
  const body = lines.length ? `[\n${lines.join(',\n')}\n]` : '[]';
  return (
    `{"format":${JSON.stringify(PACK_FORMAT)},"version":${PACK_VERSION},\n` +
    `"manifest":${JSON.stringify(manifest)},\n` +
    `"puzzles":${body}}\n`
  );
}

export type VerifyResult = { ok: true; pack: PackDocument } | { ok: false; error: string };

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function isId(x: unknown): x is number | string {
  return typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
}

/** Why one stored puzzle is malformed, or null. `k` is its 0-based position. */
function entryError(e: unknown, k: number): string | null {
  const at = `puzzle ${k + 1}`;
  if (!isObject(e)) return `${at} is not an object`;
  if (!isId(e.id)) return `${at}: id must be a number or a string`;
  const name = `${at} (id ${JSON.stringify(e.id)})`;
  if (e.kind !== undefined && e.kind !== 'dominosa' && e.kind !== 'sudomino')
    return `${name}: kind must be "dominosa" or "sudomino"`;
  if (typeof e.tier !== 'string') return `${name}: tier must be a string`;
  if (typeof e.nodes !== 'number' || !Number.isInteger(e.nodes) || e.nodes < 0) {
    return `${name}: nodes must be a non-negative integer`;
  }
  if (e.grade !== undefined && typeof e.grade !== 'string') return `${name}: grade must be a string`;
  if (e.technique !== undefined && typeof e.technique !== 'string') return `${name}: technique must be a string`;
  const top = e.kind === 'sudomino' ? TOP_LEVEL : LEVELS.length;
  if (e.score !== undefined && (typeof e.score !== 'number' || !(e.score >= 1 && e.score < top + 1)))
    return `${name}: score must be a number from 1 to below ${top + 1}`;
  const why = e.kind === 'sudomino' ? sudominoEntryError(e) : dominosaEntryError(e, k);
  return why === null ? null : `${name}: ${why}`;
}

/** Why a Dominosa entry's size, grid or solution is wrong, or null. */
function dominosaEntryError(e: Record<string, unknown>, k: number): string | null {
  const size = e.size;
  if (!isObject(size)) return 'size must be an object {m, rows, cols}';
  const parsed = boardFromGrid(e.grid, k);
  if (!parsed.ok) return formatBoardError(parsed.error).replace(/^board \d+(: |, )/, '');
  const b = parsed.board;
  if (size.m !== b.m || size.rows !== b.rows || size.cols !== b.cols) {
    return `size says M=${String(size.m)}, ${String(size.rows)}x${String(size.cols)} but the grid is M=${b.m}, ${b.rows}x${b.cols}`;
  }
  if (!Array.isArray(e.solution) || !e.solution.every((d) => Array.isArray(d) && d.length === 4)) {
    return 'solution must be a list of [r1, c1, r2, c2]';
  }
  const why = checkSolution(b, e.solution as Solution);
  return why === null ? null : `the solution does not solve the grid: ${why}`;
}

/** Why a Sudomino entry's shape, board or solution is wrong, or null. */
function sudominoEntryError(e: Record<string, unknown>): string | null {
  const shape = parseShape(typeof e.shape === 'string' ? e.shape : '');
  if (!shape.ok) return `shape: ${shape.error}`;
  const { rows, cols, values } = shape.shape;
  if (e.values !== values) return `values is ${JSON.stringify(e.values)} but the shape says N=${values}`;
  const board = sudominoBoardOf(e.board, values, e.id as number | string);
  if (!board.ok) return board.error;
  if (board.value.rows !== rows || board.value.cols !== cols)
    return `the board is ${board.value.rows}x${board.value.cols}, its shape ${rows}x${cols}`;
  return sudominoSolutionError(board.value, e.solution);
}

/**
 * Read a JSON pack and check it: format and version, manifest fields, count, the checksum
 * recomputed over the puzzles, and every puzzle's grid and solution.
 */
export function verifyPackJson(text: string): VerifyResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  if (!isObject(doc)) return { ok: false, error: 'a pack is a JSON object' };
  if (doc.format !== PACK_FORMAT) {
    return { ok: false, error: `format is ${JSON.stringify(doc.format)}, expected "${PACK_FORMAT}"` };
  }
  if (doc.version !== PACK_VERSION) {
    return {
      ok: false,
      error: `pack version ${JSON.stringify(doc.version)} is not supported (this reader knows version ${PACK_VERSION})`,
    };
  }
  const man = doc.manifest;
  if (!isObject(man)) return { ok: false, error: 'manifest is missing' };
  if (typeof man.name !== 'string') return { ok: false, error: 'manifest.name must be a string' };
  if (typeof man.created !== 'string') return { ok: false, error: 'manifest.created must be a string' };
  if (man.buildId !== null && !isId(man.buildId))
    return { ok: false, error: 'manifest.buildId must be a number, a string or null' };
  if (typeof man.schemaVersion !== 'number') return { ok: false, error: 'manifest.schemaVersion must be a number' };
  if (typeof man.checksum !== 'string') return { ok: false, error: 'manifest.checksum must be a string' };
  const puzzles = doc.puzzles;
  if (!Array.isArray(puzzles)) return { ok: false, error: 'puzzles must be an array' };
  if (man.count !== puzzles.length) {
    return {
      ok: false,
      error: `manifest.count is ${JSON.stringify(man.count)} but the pack holds ${puzzles.length} puzzles`,
    };
  }
  const sum = sha256(canonicalJson(puzzles));
  if (sum !== man.checksum) {
    return {
      ok: false,
      error: `checksum mismatch: the puzzles hash to ${sum}, the manifest says ${man.checksum} (the pack was altered or damaged)`,
    };
  }
  for (let k = 0; k < puzzles.length; k++) {
    const why = entryError(puzzles[k], k);
    if (why !== null) return { ok: false, error: why };
  }
  return { ok: true, pack: doc as unknown as PackDocument };
}

function boardOf(p: PackPuzzle): Board {
  const cells = new Uint16Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) cells.set(p.grid[r], r * p.cols);
  return { rows: p.rows, cols: p.cols, m: p.m, cells, meta: { id: p.id } };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A Sudomino puzzle's text: `# id:`, `# values:`, the tier line, then its rows. */
function sudominoText(p: SudominoPackPuzzle): string[] {
  const board = sudominoBoardOf(p.board, p.values, p.id);
  // Exporters receive checked puzzles (sudomino-row.ts); a broken one here is a bug.
  if (!board.ok) throw new Error(`puzzle ${String(p.id)}: ${board.error}`);
  const lines = formatSudominoText(board.value).trimEnd().split('\n');
  const tech = techniqueLine(p);
  // After `# values:`, so a reader has N before the rows; the reader keeps the id across comments.
  lines.splice(
    lines[0].startsWith('# id:') ? 2 : 1,
    0,
    `# tier: ${p.tier} (Sudomino ${p.shape}, ${p.nodes} nodes${tech ? `; ${tech}` : ''})`,
  );
  return lines;
}

/**
 * Plain text: each grid under `# id:` and `# tier:` comments, blank lines between, then a
 * `# Solutions` section whose drawings are comment lines too, so the kind's reader (parseBoards,
 * SudominoReader) reads a one-kind file as just the puzzles. A Sudomino solution is one line in
 * the answer form.
 */
export function buildPackText(puzzles: readonly AnyPackPuzzle[]): string {
  const out: string[] = [
    `# ${kindWords(kindsOf(puzzles))} puzzles: ${plural(puzzles.length, 'puzzle')}. Solutions at the end.`,
    '',
  ];
  for (const p of puzzles) {
    if (isSudomino(p)) {
      out.push(...sudominoText(p), '');
      continue;
    }
    const lines = formatBoardText(boardOf(p)).split('\n');
    // The reader keeps an `# id:` across other comments, so the tier line may follow it.
    lines.splice(
      lines[0].startsWith('#') ? 1 : 0,
      0,
      `# tier: ${p.tier} (M=${p.m}, ${p.rows}x${p.cols}, ${p.nodes} nodes${p.grade === undefined ? '' : `; ${techniqueOf(p.grade) ?? p.grade}`})`,
    );
    out.push(...lines, '');
  }
  out.push('# Solutions', '#');
  for (const p of puzzles) {
    if (isSudomino(p)) {
      out.push(`# solution of ${JSON.stringify(p.id)}: ${formatAnswer(p.cols, p.solution.flat())}`, '#');
      continue;
    }
    out.push(`# solution of ${JSON.stringify(p.id)}:`);
    for (const line of drawBoard(boardOf(p), p.solution).split('\n')) out.push(`#   ${line}`);
    out.push('#');
  }
  return `${out.join('\n')}\n`;
}
