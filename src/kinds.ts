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
      try {
        const o: unknown = JSON.parse(line);
        if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
        json = o as Record<string, unknown>;
      } catch {
        return null;
      }
    }
    return kinds.find((k) => k.input.claimsLine(line, json))?.name ?? null;
  }
  return null;
}
