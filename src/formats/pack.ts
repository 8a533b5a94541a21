// Puzzle packs, the files `dominosa export` writes: one versioned JSON document with a manifest
// and a checksum, its puzzles as records (src/formats/record.ts), and plain text (each puzzle as
// its kind's reader takes it, then the solutions as comments), holding puzzles of any kinds.
// Builders are pure string functions; reading a pack back goes through verifyPackJson.
import { createHash } from 'node:crypto';
import { kindsIn, kindWords, type FormatsKind, type PackPuzzle, type PackRecord } from './kind.js';
import { packOf, recordError, recordOf } from './record.js';

export type { ExportRow, PackPuzzle, PackRecord } from './kind.js';

/** Every format `dominosa export` writes: the packs here, CSV, Tatham ids, the booklets, the web page. */
export const EXPORT_FORMATS = ['json', 'jsonl', 'csv', 'text', 'tatham', 'html', 'pdf', 'web'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The technique a puzzle's grade needs, in words ("Hard: set analysis"); '' when not graded. */
export function techniqueLine(p: PackPuzzle, kinds: readonly FormatsKind[]): string {
  if (p.grade === undefined) return '';
  return packOf(kinds, p).technique(p.grade) ?? p.grade;
}

/** A pack's name from the kinds it holds: "Dominosa", "Sudomino", "Dominosa and Sudomino" (none: the first kind's). */
export function packName(puzzles: readonly PackPuzzle[], kinds: readonly FormatsKind[]): string {
  return kindWords(kindsIn(kinds, puzzles));
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

export interface PackDocument {
  format: typeof PACK_FORMAT;
  version: typeof PACK_VERSION;
  manifest: PackManifest;
  puzzles: PackRecord[];
}

export const PACK_FORMAT = 'dominosa-pack';
/** 2: every puzzle is a record of the same fields for every kind (1: each kind's own fields). */
export const PACK_VERSION = 2;

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

function entriesOf(kinds: readonly FormatsKind[], puzzles: readonly PackPuzzle[]): PackRecord[] {
  return puzzles.map((p) => recordOf(p, kinds));
}

/** The pack checksum of these puzzles: sha256 (hex) of their records' canonical JSON. */
export function packChecksum(puzzles: readonly PackPuzzle[], kinds: readonly FormatsKind[]): string {
  return sha256(canonicalJson(entriesOf(kinds, puzzles)));
}

/**
 * The JSON pack: `{"format","version","manifest","puzzles"}`. The manifest comes first and
 * each puzzle takes one line, so the file stays readable and diffs well; the checksum covers
 * the puzzles only (their canonical JSON), so re-indenting the file does not break it.
 */
export function buildPackJson(puzzles: readonly PackPuzzle[], kinds: readonly FormatsKind[], meta: PackMeta): string {
  const entries = entriesOf(kinds, puzzles);
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

/**
 * Read a JSON pack and check it: format and version, manifest fields, count, the checksum
 * recomputed over the puzzles, and every puzzle's record (recordError), by its kind among `kinds`
 * (the registered kinds).
 */
export function verifyPackJson(text: string, kinds: readonly FormatsKind[]): VerifyResult {
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
    const why = recordError(kinds, puzzles[k], `puzzle ${k + 1}`);
    if (why !== null) return { ok: false, error: why };
  }
  return { ok: true, pack: doc as unknown as PackDocument };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Plain text: each puzzle as its kind writes it (comments with its id and tier, then its rows),
 * blank lines between, then a `# Solutions` section of comment lines too, so the kind's reader
 * reads a one-kind file as just the puzzles.
 */
export function buildPackText(puzzles: readonly PackPuzzle[], kinds: readonly FormatsKind[]): string {
  const out: string[] = [
    `# ${packName(puzzles, kinds)} puzzles: ${plural(puzzles.length, 'puzzle')}. Solutions at the end.`,
    '',
  ];
  for (const p of puzzles) out.push(...packOf(kinds, p).text(p), '');
  out.push('# Solutions', '#');
  for (const p of puzzles) out.push(...packOf(kinds, p).solutionText(p), '#');
  return `${out.join('\n')}\n`;
}
