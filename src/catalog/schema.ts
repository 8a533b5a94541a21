// The catalog's tables as SQL text, and the schema version that names them. No I/O here:
// pipeline/catalog/ runs this DDL on a new database and refuses one of another version (or
// with any object this DDL does not make); pipeline/migrate.ts brings older versions up to this one.
import type { KindName } from '../kind-name.js';
import type { Parsed } from '../parsed.js';
import { TIER_MEASURES } from '../rank/rule.js';
import { TIERS } from '../rank/tiers.js';

/**
 * Bump on any change to schemaSql's text (audit compares a catalog's objects with it, text and all),
 * and teach pipeline/migrate.ts the step from the previous version. Version 2 added each
 * puzzle's grade and score and a checksum per row, the builds' grader version and the
 * thresholds' measure. Version 3 added the digest and the writer lock. Version 4 added the puzzle
 * kind (Sudomino beside Dominosa) and the shape that names a size of either kind. Version 5 stores
 * grid and solution in each kind's compact form, hashes and checksums as 32-byte blobs (the
 * verdicts' too), keys a variant by its base and transform, and adds the puzzles_json view, which
 * shows the rows as version 4 stored them.
 */
export const SCHEMA_VERSION = 5;

/** Marks a database as a dominosa catalog, so a foreign SQLite file is never written to. */
export const CATALOG_APP = 'dominosa-catalog';

/** Slot outcomes, as the writer decides them in slot order. */
export const SLOT_OUTCOMES = ['kept', 'rejected', 'duplicate', 'tier-full', 'failed'] as const;
export type SlotOutcome = (typeof SLOT_OUTCOMES)[number];

/** Build states: 'incomplete' means a size ran out of its slot budget before its tiers filled. */
export const BUILD_STATUSES = ['running', 'interrupted', 'incomplete', 'finished'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** What the catalog's SQL knows of a kind (what schemaSql needs of it). */
export interface KindSchema {
  readonly name: KindName;
  /** SQL over a puzzle row's m, rows and cols that gives its shape (the key of its size). */
  readonly shapeSql: string;
  /** The grader's levels, level 1 first, as the catalog's grade column names them. */
  readonly levels: readonly { level: number; name: string }[];
  /** The kind's grid and solution columns in words, one line each, for the schema's comments (no newline). */
  readonly forms: { grid: string; solution: string };
  /**
   * SQL over a puzzle row's columns giving its grid and solution as the JSON texts schema 4 stored
   * (the puzzles_json view's columns): plain SQL, since any SQLite reads the view.
   */
  readonly jsonSql: { grid: string; solution: string };
  /** A row's grid and solution columns from the JSON texts schema 4 stored (migrate), or what is wrong with them. */
  fromJsonForm(p: JsonFormRow): Parsed<{ grid: string; solution: string }>;
}

/** What a kind reads of a schema-4 row to give its grid and solution their compact forms. */
export interface JsonFormRow {
  m: number;
  rows: number;
  cols: number;
  grid: string;
  solution: string;
}

const list = (xs: readonly string[]): string => xs.map((x) => `'${x}'`).join(', ');
const levelNames = (levels: readonly { level: number; name: string }[]): string =>
  levels.map((l) => `WHEN ${l.level} THEN '${l.name}'`).join(' ');

/**
 * SQL choosing by a row's kind: each kind's after the first under its WHEN, the first kind's (the
 * kind of the rows of the first catalogs) as the ELSE.
 */
function byKind(kinds: readonly KindSchema[], sql: (k: KindSchema) => string): string {
  const [first, ...rest] = kinds;
  return `CASE kind ${rest.map((k) => `WHEN '${k.name}' THEN ${sql(k)} `).join('')}ELSE ${sql(first)} END`;
}

/**
 * The whole schema for the registered kinds (their names, and the SQL that derives each row's
 * shape, grade and top level), run once in one transaction on an empty database. STRICT tables,
 * so a wrong type is an error rather than a silently stored string.
 */
export function schemaSql(kinds: readonly KindSchema[]): string {
  const names = list(kinds.map((k) => k.name));
  const forms = kinds.map((k) => `-- ${k.name}: grid ${k.forms.grid}\n--   solution ${k.forms.solution}\n`).join('');
  const gridJson = byKind(kinds, (k) => k.jsonSql.grid);
  const solutionJson = byKind(kinds, (k) => k.jsonSql.solution);
  const gradeNames = byKind(kinds, (k) => `CASE CAST(score AS INTEGER) ${levelNames(k.levels)} END`);
  const topLevel = byKind(kinds, (k) => String(k.levels.length));
  const shape = byKind(kinds, (k) => k.shapeSql);
  return `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- One row per distinct set of result-deciding options (the key hashes them), so rerunning
-- the same command finds its build and resumes it instead of starting another.
CREATE TABLE builds (
  id             INTEGER PRIMARY KEY,
  key            TEXT NOT NULL UNIQUE,
  seed           INTEGER NOT NULL,
  options        TEXT NOT NULL,              -- JSON
  solver_version TEXT NOT NULL,
  grader_version TEXT NOT NULL,
  started_at     TEXT NOT NULL,              -- ISO 8601, first run
  finished_at    TEXT,                       -- ISO 8601, last run that ended (any status but running)
  counts         TEXT NOT NULL DEFAULT '{}', -- JSON: per size, slots by outcome and attempts
  status         TEXT NOT NULL CHECK (status IN (${list(BUILD_STATUSES)}))
) STRICT;

-- The tier cuts a build graded with (build_id set), and the current ones (build_id NULL), per
-- kind and shape, on the measure they cut (src/rank/rule.ts): reference nodes;
-- grade, the grade bands inside reference-node ranges (since v3; v2's 'grade' cut the level);
-- or score.
CREATE TABLE thresholds (
  build_id       INTEGER REFERENCES builds(id),
  kind           TEXT NOT NULL CHECK (kind IN (${names})),
  shape          TEXT NOT NULL,
  measure        TEXT NOT NULL DEFAULT 'nodes' CHECK (measure IN (${list(TIER_MEASURES)})),
  t1             REAL NOT NULL,
  t2             REAL NOT NULL,
  t3             REAL NOT NULL,
  solver_version TEXT NOT NULL,
  CHECK (t1 < t2 AND t2 < t3)
) STRICT;
CREATE UNIQUE INDEX thresholds_scope ON thresholds (IFNULL(build_id, 0), kind, shape);

-- Every decided slot, committed with the puzzles it kept: a resumed build starts after the
-- last committed slot of each size. 'rejected': the generator found no unique deal within its
-- attempt budget. 'failed' is reserved for slots given up for other reasons. A build makes one
-- kind, whose shapes name its sizes.
CREATE TABLE slots (
  build_id  INTEGER NOT NULL REFERENCES builds(id),
  shape     TEXT NOT NULL,
  slot      INTEGER NOT NULL,
  outcome   TEXT NOT NULL CHECK (outcome IN (${list(SLOT_OUTCOMES)})),
  attempts  INTEGER NOT NULL,
  puzzle_id INTEGER REFERENCES puzzles(id),
  PRIMARY KEY (build_id, shape, slot)
) STRICT, WITHOUT ROWID;

-- Base puzzles (base_id NULL) and their variants (base_id and transform set: the variant is
-- the base under its kind's transform). m, rows and cols give the board's size (Dominosa: m is
-- M, M+1 rows by M+2 columns; Sudomino: m is N), shape names it (M; RxC:N). grid and solution are
-- text in each kind's compact form (src/<kind>/stored.ts), cells in reading order:
${forms}-- The view puzzles_json shows them as JSON, as schema 4 stored them. canonical_hash: the
-- SHA-256 of the board's symmetry class, 32 bytes (lower(hex(canonical_hash)): as schema 4 wrote it);
-- a variant shares its base's, and its tier, grade and score. score: the kind's human grader's;
-- level and grade derive from it. checksum: 32 bytes, src/catalog/checksum.ts's SHA-256 over the
-- row's content as stored, so a row changed behind the catalog's back is refused by every verb
-- that trusts it.
CREATE TABLE puzzles (
  id             INTEGER PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN (${names})),
  m              INTEGER NOT NULL,
  rows           INTEGER NOT NULL,
  cols           INTEGER NOT NULL,
  grid           TEXT NOT NULL,
  solution       TEXT NOT NULL,
  tier           TEXT NOT NULL CHECK (tier IN (${list(TIERS)})),
  nodes          INTEGER NOT NULL,
  attempts       INTEGER NOT NULL,
  canonical_hash BLOB NOT NULL CHECK (length(canonical_hash) = 32),
  base_id        INTEGER REFERENCES puzzles(id),
  transform      TEXT,
  seed           INTEGER NOT NULL,
  slot           INTEGER NOT NULL,
  method         TEXT NOT NULL,
  build_id       INTEGER REFERENCES builds(id),
  score          REAL NOT NULL CHECK (score >= 1 AND score < ${topLevel} + 1),
  checksum       BLOB NOT NULL CHECK (length(checksum) = 32),
  shape          TEXT GENERATED ALWAYS AS (${shape}) VIRTUAL,
  level          INTEGER GENERATED ALWAYS AS (CAST(score AS INTEGER)) VIRTUAL,
  grade          TEXT GENERATED ALWAYS AS (${gradeNames}) VIRTUAL,
  CHECK ((base_id IS NULL) = (transform IS NULL))
) STRICT;
-- One base per symmetry class of a kind across the whole catalog.
CREATE UNIQUE INDEX puzzles_base_hash ON puzzles (kind, canonical_hash) WHERE base_id IS NULL;
-- The natural key: where a puzzle came from, a base by its kind, size, seed and slot, a variant
-- by its base and transform (it comes from its base's slot). Keeps merges and resumes idempotent.
CREATE UNIQUE INDEX puzzles_natural ON puzzles (kind, shape, seed, slot) WHERE base_id IS NULL;
CREATE UNIQUE INDEX puzzles_variant ON puzzles (base_id, transform) WHERE base_id IS NOT NULL;
CREATE INDEX puzzles_size_tier ON puzzles (kind, shape, tier, nodes) WHERE base_id IS NULL;

-- The puzzles as schema 4 stored them, for readers of the JSON forms: the same columns, grid and
-- solution as JSON (each kind's SQL), canonical_hash and checksum as 64 hex digits.
CREATE VIEW puzzles_json AS SELECT id, kind, m, rows, cols,
  ${gridJson} AS grid,
  ${solutionJson} AS solution,
  tier, nodes, attempts, lower(hex(canonical_hash)) AS canonical_hash, base_id, transform, seed, slot, method,
  build_id, score, lower(hex(checksum)) AS checksum, shape, level, grade
FROM puzzles;

-- The digest (src/catalog/digest.ts): per table of DIGEST_COLUMNS its row count and the sum of
-- its rows' digests, and under 'schema' the hash of every object above. Writers update it in the
-- transaction of each batch; audit recomputes it.
CREATE TABLE digest (
  name TEXT PRIMARY KEY,
  rows INTEGER NOT NULL,
  sum  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The one process writing the catalog (pipeline/lock.ts), at most one row: taken in a write
-- transaction, so two writers cannot both hold it; a row whose process is gone is stale.
CREATE TABLE writer (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  pid   INTEGER NOT NULL,
  verb  TEXT NOT NULL,
  host  TEXT NOT NULL,
  boot  TEXT NOT NULL,  -- the machine's boot id, '' where unknown
  start TEXT NOT NULL,  -- the process's start time, against a reused pid; '' where unknown
  since TEXT NOT NULL   -- ISO 8601
) STRICT;
`;
}

/**
 * The columns of each table the digest covers, in a fixed order. A puzzle's content columns
 * are covered through its checksum (src/catalog/checksum.ts), which audit verifies on every row;
 * test/catalog/digest.test.ts checks that every stored column of every table is covered.
 */
export const DIGEST_COLUMNS = {
  meta: ['key', 'value'],
  builds: [
    'id',
    'key',
    'seed',
    'options',
    'solver_version',
    'grader_version',
    'started_at',
    'finished_at',
    'counts',
    'status',
  ],
  thresholds: ['build_id', 'kind', 'shape', 'measure', 't1', 't2', 't3', 'solver_version'],
  slots: ['build_id', 'shape', 'slot', 'outcome', 'attempts', 'puzzle_id'],
  puzzles: ['id', 'base_id', 'build_id', 'checksum'],
  verdicts: [
    'puzzle_id',
    'checksum',
    'base_checksum',
    'proof_version',
    'solver_version',
    'grader_version',
    'audited_at',
  ],
} as const satisfies Record<string, readonly string[]>;
export type DigestTable = keyof typeof DIGEST_COLUMNS;

/**
 * Tables a version-3 catalog may lack: no part of schemaSql (catalogs shipped without them stay
 * version 3), made by the one verb that writes each, read as absent where missing, and, once
 * made, held to this exact text by the schema check and covered by the digest like the rest.
 */
export const OPTIONAL_SCHEMA_SQL = {
  // `dominosa audit --record`: one row per puzzle that passed every per-puzzle check of audit,
  // bound to the row it judged (its checksum, and its base's for a variant) and to the versions of
  // the independent proof, the node counter and the grader that judged it. Export trusts a row
  // that still matches instead of proving the puzzle again (src/catalog/verdict.ts). The
  // checksums are 32-byte blobs, as the puzzles table's.
  verdicts: `CREATE TABLE verdicts (
  puzzle_id      INTEGER PRIMARY KEY,
  checksum       BLOB NOT NULL,
  base_checksum  BLOB,
  proof_version  TEXT NOT NULL,
  solver_version TEXT NOT NULL,
  grader_version TEXT NOT NULL,
  audited_at     TEXT NOT NULL  -- ISO 8601
) STRICT`,
} as const satisfies Partial<Record<DigestTable, string>>;
export type OptionalTable = keyof typeof OPTIONAL_SCHEMA_SQL;
export const OPTIONAL_TABLES = Object.keys(OPTIONAL_SCHEMA_SQL) as OptionalTable[];

/** The digested tables every catalog has (schemaSql makes them). */
export const DIGEST_TABLES = (Object.keys(DIGEST_COLUMNS) as DigestTable[]).filter(
  (t) => !(OPTIONAL_TABLES as readonly string[]).includes(t),
);

/** The digest's entry for the schema itself. */
export const SCHEMA_ENTRY = 'schema';

/** Tables outside the digest's rows, and why: the digest itself, and the transient lock. */
export const UNDIGESTED_TABLES = ['digest', 'writer'] as const;
