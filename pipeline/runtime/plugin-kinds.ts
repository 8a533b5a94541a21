// Puzzle kinds from outside the package: DOMINOSA_KINDS names compiled modules (absolute paths, or
// relative to the working folder; several separated as PATH is), each exporting its PuzzleKind as
// `kind`. The command line loads them at start and every worker thread before it looks a kind up,
// so each thread's registry (src/kinds.ts) holds them beside the built-in kinds.
import { existsSync, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findKind, registerKind, type PuzzleKind } from '../../src/kinds.js';
import { UserError } from './errors.js';

export const PLUGIN_KINDS_VAR = 'DOMINOSA_KINDS';

// A kind's name is written into the catalog's SQL, its packs and --kind: plain words only.
const NAME = /^[a-z][a-z0-9-]*$/;
const LEVEL_NAME = /^[a-z][a-z0-9 -]*$/;

/** The functions each group of PuzzleKind must have (src/kind.ts); a missing one is named. */
const PARTS: Record<string, readonly string[]> = {
  '': ['tierOf', 'checkRow'],
  sizes: ['parse', 'label', 'compare', 'claims', 'keyOf'],
  input: ['claimsComment', 'claimsLine'],
  checks: ['checker', 'defaultTimeLimitMs', 'catalog', 'grade'],
  build: ['parseSizes', 'refuse', 'plan', 'slotMaker', 'misfit', 'summary', 'holdings', 'describe'],
  reading: ['reader'],
  solving: ['prover', 'defaultTimeMs'],
  grading: ['grader'],
  generating: ['target', 'maker'],
  tuning: ['propose', 'refuseApply', 'tiersFile', 'report'],
  formats: [],
};

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** Why a module's `kind` export is not a puzzle kind this release can register, or null. */
export function kindError(k: unknown): string | null {
  if (!isObject(k)) return 'exports no puzzle kind as `kind`';
  if (typeof k.name !== 'string' || !NAME.test(k.name))
    return `names its kind ${JSON.stringify(k.name)}: a kind's name is lower-case letters, digits and -`;
  if (typeof k.title !== 'string' || k.title === '') return `gives kind ${k.name} no title`;
  for (const [group, fns] of Object.entries(PARTS)) {
    const part = group === '' ? k : k[group];
    if (!isObject(part)) return `gives kind ${k.name} no ${group} group`;
    const missing = fns.find((f) => typeof part[f] !== 'function');
    if (missing !== undefined) return `gives kind ${k.name} no ${group === '' ? '' : `${group}.`}${missing}`;
  }
  const schema = k.schema;
  if (!isObject(schema) || schema.name !== k.name || typeof schema.shapeSql !== 'string')
    return `gives kind ${k.name} no schema of its own name`;
  const levels = schema.levels;
  if (
    !Array.isArray(levels) ||
    levels.length === 0 ||
    !levels.every((l, i) => isObject(l) && l.level === i + 1 && typeof l.name === 'string' && LEVEL_NAME.test(l.name))
  )
    return `gives kind ${k.name} no levels 1, 2, ... with plain names`;
  // Its row form: words for the schema's comments (one line each), the view's SQL, migrate's reading.
  const line = (x: unknown): boolean => typeof x === 'string' && x !== '' && !/[\r\n]/.test(x);
  if (!isObject(schema.forms) || !line(schema.forms.grid) || !line(schema.forms.solution))
    return `gives kind ${k.name} no schema.forms: one line each for its grid and its solution`;
  const sql = (x: unknown): boolean => typeof x === 'string' && x.trim() !== '';
  if (!isObject(schema.jsonSql) || !sql(schema.jsonSql.grid) || !sql(schema.jsonSql.solution))
    return `gives kind ${k.name} no schema.jsonSql for its grid and its solution`;
  if (typeof schema.fromJsonForm !== 'function') return `gives kind ${k.name} no schema.fromJsonForm`;
  // Its JSON lines: its records (pack forms), else a line of its own.
  const formats = k.formats as Record<string, unknown>;
  if (!isObject(formats.pack) && typeof formats.jsonLine !== 'function')
    return `gives kind ${k.name} no formats.pack or formats.jsonLine`;
  // The page a web pack carries is bundled with the built-in kinds' views: it cannot play another.
  if (isObject(k.formats) && k.formats.web !== undefined)
    return `gives kind ${k.name} a web part, but the web pack's page plays the built-in kinds only`;
  return null;
}

/** Why a module could not be imported, in one line. */
function loadError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split('\n')[0];
}

/**
 * Load and register the kinds DOMINOSA_KINDS names (`value`: the variable's text), in its order;
 * a kind already registered from the same module is passed over, so a second call changes
 * nothing. A path that is no module, a module without a valid `kind`, or a name another kind has
 * is refused in one line (exit 2). Returns the kinds it registered.
 */
export async function loadPluginKinds(value = process.env[PLUGIN_KINDS_VAR]): Promise<PuzzleKind[]> {
  const added: PuzzleKind[] = [];
  for (const entry of (value ?? '').split(delimiter)) {
    const path = entry.trim();
    if (path === '') continue;
    const file = resolve(path);
    const refuse = (why: string): never => {
      throw new UserError(`${PLUGIN_KINDS_VAR}: ${path} ${why}`);
    };
    if (!existsSync(file)) refuse('does not exist');
    if (!statSync(file).isFile()) refuse('is not a file');
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (e) {
      return refuse(`cannot be loaded: ${loadError(e)}`);
    }
    const why = kindError(mod.kind);
    if (why !== null) refuse(why);
    const kind = mod.kind as PuzzleKind;
    const held = findKind(kind.name);
    if (held === kind) continue;
    if (held !== undefined) refuse(`names its kind ${kind.name}, a name another kind has`);
    registerKind(kind);
    added.push(kind);
  }
  return added;
}
