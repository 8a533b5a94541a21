// The house's rules for puzzle kinds, read off the source: a kind is a plugin. pipeline/, the
// command line and the shared rooms of src/ import a kind only through its entry file; the kinds
// never import each other; and outside a kind's room and the registry no code compares anything
// with a kind's name (read on the TypeScript syntax tree, so SQL text and option tables do not
// count), bar an allow-list of at most five, each with its reason; nor does a kind's text name
// another kind (the verb names a board of another kind, src/kinds.ts foreignBoard).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allKinds, kindNames } from '../../src/kinds.js';
import { specifiersOf } from '../helpers/imports.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const KINDS = kindNames();

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The room of a file: the kind whose code it is (src/<kind>/, pipeline/web/<kind>/), or null. */
function kindRoom(file: string): string | null {
  for (const k of KINDS) if (file.startsWith(`src/${k}/`) || file.startsWith(`pipeline/web/${k}/`)) return k;
  return null;
}

/** The kind a repository path belongs to, and whether it is the kind's entry file. */
function kindOf(path: string): { kind: string; entry: boolean } | null {
  for (const k of KINDS) {
    if (path === `src/${k}/kind.ts`) return { kind: k, entry: true };
    if (path.startsWith(`src/${k}/`)) return { kind: k, entry: false };
  }
  return null;
}

/** Every relative import of the rooms, as repository paths: [from, to]. */
function imports(): [string, string][] {
  const out: [string, string][] = [];
  for (const room of ['src', 'pipeline', 'scripts']) {
    for (const from of sourceFiles(room)) {
      for (const spec of specifiersOf(readFileSync(join(root, from), 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const to = relative(root, resolve(dirname(join(root, from)), spec)).replace(/\.js$/, '.ts');
        out.push([from, to]);
      }
    }
  }
  return out;
}

/**
 * Who may reach past a kind's entry: the kind's own room; its views on the web page
 * (pipeline/web/<kind>/: the page is bundled apart from the kind's entry, so that it carries the
 * kind's play rules and words but no solver, generator or SQLite); and the benchmarks and
 * evaluations, which measure a kind's internals.
 */
function mayReachInside(from: string, kind: string): boolean {
  if (kindRoom(from) === kind) return true;
  return from.startsWith('scripts/bench/') || from.startsWith('scripts/eval/') || from.startsWith('scripts/dev/');
}

describe('puzzle kinds are plugins', () => {
  const edges = imports();

  it('reads every kind', () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(2);
    for (const k of KINDS)
      expect(
        edges.some(([, to]) => to === `src/${k}/kind.ts`),
        k,
      ).toBe(true);
  });

  it('pipeline/, the command line and the shared rooms of src/ import a kind only through its entry file', () => {
    const past: string[] = [];
    for (const [from, to] of edges) {
      const target = kindOf(to);
      if (target === null || target.entry) continue;
      if (!mayReachInside(from, target.kind)) past.push(`${from} → ${to}`);
    }
    expect(past).toEqual([]);
  });

  it('the kinds never import each other', () => {
    const across: string[] = [];
    for (const [from, to] of edges) {
      const a = kindRoom(from);
      const b = kindOf(to)?.kind ?? kindRoom(to);
      if (a !== null && b !== null && a !== b) across.push(`${from} → ${to}`);
    }
    expect(across).toEqual([]);
  });

  it('the shared rooms of src/ import neither a kind nor the registry', () => {
    const shared: string[] = [];
    for (const [from, to] of edges) {
      if (!from.startsWith('src/') || kindRoom(from) !== null || from === 'src/kinds.ts') continue;
      if (kindOf(to) !== null || to === 'src/kinds.ts') shared.push(`${from} → ${to}`);
    }
    expect(shared).toEqual([]);
  });
});

/** Comparisons (===, !==, ==, !=) and case labels whose operand is a kind's name, in one file. */
export function kindTests(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const named = (e: ts.Expression): boolean =>
    (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && KINDS.includes(e.text);
  const at = (n: ts.Node): string => `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n)) {
      const op = n.operatorToken.kind;
      const compares =
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken;
      if (compares && (named(n.left) || named(n.right))) found.push(at(n));
    }
    if (ts.isCaseClause(n) && named(n.expression)) found.push(at(n));
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/**
 * The comparisons with a kind's name allowed outside the kinds' rooms and the registry: at most
 * five, each with its reason. Keyed by file, as a comparison's line moves with every edit.
 */
const ALLOWED: Record<string, string> = {};

describe('no code outside a kind asks which kind it has', () => {
  it('finds a comparison or a case on a kind name, and nothing in SQL text or a comment', () => {
    const text = [
      "if (k === 'dominosa') f();",
      "const x = 'sudomino' !== kind;",
      "switch (kind) { case 'sudomino': break; }",
      "const sql = `WHERE kind = 'dominosa'`;",
      "// kind === 'dominosa'",
      "const y = kind === 'other';",
    ].join('\n');
    expect(kindTests('a.ts', text)).toEqual(['a.ts:1', 'a.ts:2', 'a.ts:3']);
  });

  it('has no comparison with a kind name outside the kinds and the registry, but the allowed', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(5);
    const found: string[] = [];
    for (const room of ['src', 'pipeline', 'scripts']) {
      for (const file of sourceFiles(room)) {
        if (kindRoom(file) !== null || file === 'src/kinds.ts' || file in ALLOWED) continue;
        found.push(...kindTests(file, readFileSync(join(root, file), 'utf8')));
      }
    }
    expect(found).toEqual([]);
  });
});

/** The string and template literals of one file that name a kind by its title ("Sudomino"), with the title. */
export function titlesNamed(file: string, text: string, titles: readonly string[]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      for (const t of titles)
        if (new RegExp(`\\b${t}\\b`).test(n.text))
          found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${t}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** The files of a kind's room whose words name another kind, each with its reason: at most five. */
const NAMES_ANOTHER: Record<string, string> = {
  'src/sudomino/rank/tuning.ts':
    "the tiers file Sudomino's tune writes into is one file for all kinds; a file without Dominosa's sizes is not one",
};

describe("a kind's words name no other kind", () => {
  it('finds a title in a string or template literal, and not in a comment or a name', () => {
    const text = [
      "const a = 'a Sudomino board';",
      'const b = `${x} read as Sudomino`;',
      '// Sudomino',
      'const Sudominos = 1;',
    ];
    expect(titlesNamed('a.ts', text.join('\n'), ['Sudomino'])).toEqual(['a.ts:1 Sudomino', 'a.ts:2 Sudomino']);
  });

  it("has no kind's room naming another registered kind in its text, but the allowed", () => {
    expect(Object.keys(NAMES_ANOTHER).length).toBeLessThanOrEqual(5);
    const found: string[] = [];
    for (const room of ['src', 'pipeline/web']) {
      for (const file of sourceFiles(room)) {
        const own = kindRoom(file);
        if (own === null || file in NAMES_ANOTHER) continue;
        const others = allKinds()
          .filter((k) => k.name !== own)
          .map((k) => k.title);
        found.push(...titlesNamed(file, readFileSync(join(root, file), 'utf8'), others));
      }
    }
    expect(found).toEqual([]);
  });
});
