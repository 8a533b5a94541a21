// The registry of puzzle kinds: the kinds this release makes (Dominosa first, the kind of a row or
// an input that names none), and a plugin kind registered beside them. Verbs look a kind up here
// once and call what it provides (src/kind.ts); nothing else needs to know which kinds exist.
import { dominosa } from './dominosa/kind.js';
import type { KindName, PuzzleKind } from './kind.js';
import { sudomino } from './sudomino/kind.js';

export type { KindName, PuzzleKind } from './kind.js';

// The kinds of this release, in the order every catalog's schema names them first.
const BUILT_IN: readonly PuzzleKind[] = [dominosa, sudomino];

const registry = new Map<KindName, PuzzleKind>(BUILT_IN.map((k) => [k.name, k]));

/** The kind of a catalog row or an input that names none: the first catalogs held Dominosa alone. */
export const DEFAULT_KIND: KindName = dominosa.name;

/** The kinds this release makes, without the plugins registered beside them. */
export function builtInKinds(): PuzzleKind[] {
  return [...BUILT_IN];
}

/** Every registered kind, in registration order (the built-in kinds first). */
export function allKinds(): PuzzleKind[] {
  return [...registry.values()];
}

/** The registered kinds' names, in registration order. */
export function kindNames(): KindName[] {
  return [...registry.keys()];
}

/** The kind of that name, or undefined when none is registered. */
export function findKind(name: string): PuzzleKind | undefined {
  return registry.get(name);
}

/** The kind of that name; an unregistered name is a bug of the caller, which checked it. */
export function kindNamed(name: string): PuzzleKind {
  const k = registry.get(name);
  if (k === undefined) throw new Error(`no puzzle kind is named ${JSON.stringify(name)}`);
  return k;
}

/** Add a kind beside the built-in ones (a plugin, or a test's); a name taken already is refused. */
export function registerKind(kind: PuzzleKind): void {
  if (registry.has(kind.name))
    throw new Error(`a puzzle kind named ${JSON.stringify(kind.name)} is registered already`);
  registry.set(kind.name, kind);
}

/**
 * The kind the start of an input shows, or null when it does not tell: the first comment line a
 * kind claims, else the kind that claims the first other line (a JSON object parsed first). A
 * broken first JSON line says nothing: the chosen reader words its error.
 */
export function kindOfInput(head: string): KindName | null {
  const kinds = allKinds();
  for (const raw of head.split('\n')) {
    const line = raw.trim().replace(/^\uFEFF/, '');
    if (line === '') continue;
    if (line.startsWith('#')) {
      const k = kinds.find((k) => k.input.claimsComment(line));
      if (k !== undefined) return k.name;
      continue;
    }
    let json: Record<string, unknown> | undefined;
    if (line.startsWith('{')) {
      json = jsonObject(line);
      if (json === undefined) return null;
    }
    return kinds.find((k) => k.input.claimsLine(line, json))?.name ?? null;
  }
  return null;
}

/** The line parsed when it is a JSON object, else undefined. */
function jsonObject(line: string): Record<string, unknown> | undefined {
  try {
    const o: unknown = JSON.parse(line);
    return typeof o === 'object' && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A JSON board line that `kind`'s reader refused, when it is another kind's: the one line saying
 * so and how to read it, else null. A pack record says its kind; another board is the kind that
 * claims it. So a kind's reader need know no other kind, and a plugin's boards are named alike.
 * `kinds`: the kinds to ask, the registered ones unless a test names others.
 */
export function foreignBoard(kind: PuzzleKind, text: string, kinds: readonly PuzzleKind[] = allKinds()): string | null {
  const line = text.trim().replace(/^\uFEFF/, '');
  if (!line.startsWith('{')) return null;
  const json = jsonObject(line);
  if (json === undefined) return null;
  let other: { name: string; title: string };
  let why: string;
  const said = json.kind;
  if (typeof said === 'string') {
    if (said === kind.name) return null;
    // A record of a kind not registered here is still named, its title its name capitalized.
    other = kinds.find((k) => k.name === said) ?? { name: said, title: said.charAt(0).toUpperCase() + said.slice(1) };
    why = ` (its kind is ${JSON.stringify(said)})`;
  } else {
    // A line its own kind claims is refused for what it says, not for its kind.
    if (kind.input.claimsLine(line, json)) return null;
    const claims = kinds.find((k) => k !== kind && k.input.claimsLine(line, json));
    if (claims === undefined) return null;
    other = claims;
    why = claims.input.tells === undefined ? '' : ` (it has ${JSON.stringify(claims.input.tells)})`;
  }
  return `a ${other.title} board${why} in input read as ${kind.title}: one kind a file (export --kind ${other.name} writes ${other.title} alone)`;
}
